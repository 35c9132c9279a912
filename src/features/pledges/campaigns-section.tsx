import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatMoney } from '../../../domain/money';
import { MAX_CAMPAIGN_NAME } from '../../../domain/pledge-rules';
import { DataTable } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { InlineForm } from '../../components/ui/inline-form';
import { MoneyInput } from '../../components/ui/money-input';
import { parseMoney } from '../../components/ui/money-text';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../lib/error-message';
import { showServerErrors } from '../../lib/form-errors';
import { showToast } from '../../lib/toast';
import { pledgeQueries, useCreateCampaign } from './api';
import { formatDay } from './format';

const CURRENCY = 'TZS';
type Values = { name: string; target: string; endsOn: string };

/** Pledge campaigns (a building fund drive): target, pledges, pledged and paid so far, progress toward the target. */
export function CampaignsSection({ canCreate }: { canCreate: boolean }) {
  const { t, i18n } = useLingui();
  const campaigns = useQuery(pledgeQueries.campaigns());
  const [creating, setCreating] = useState(false);
  const money = (amount: number) => formatMoney(amount, CURRENCY, i18n.locale);

  return (
    <section className="card pledge-campaigns" aria-labelledby="pledge-campaigns-title">
      <div className="section-head">
        <h2 id="pledge-campaigns-title" className="card-title">
          <Trans>Campaigns</Trans>
        </h2>
        {canCreate && !creating ? (
          <button type="button" className="btn btn-secondary btn-small" onClick={() => setCreating(true)}>
            <Trans>New campaign</Trans>
          </button>
        ) : null}
      </div>
      {creating ? <CampaignForm onDone={() => setCreating(false)} /> : null}
      {campaigns.isPending ? <Spinner label={t`Loading…`} /> : null}
      {campaigns.isError ? (
        <p className="notice notice-error" role="alert">
          {errorText(campaigns.error, t`You are offline. Campaigns appear when the connection is back.`)}
        </p>
      ) : null}
      {campaigns.data && campaigns.data.data.length === 0 ? <EmptyState title={t`No campaigns yet.`} /> : null}
      {campaigns.data && campaigns.data.data.length > 0 ? (
        <DataTable
          caption={t`Campaigns`}
          columns={[t`Campaign`, { label: t`Target`, numeric: true }, { label: t`Pledges`, numeric: true }, { label: t`Pledged`, numeric: true }, { label: t`Paid`, numeric: true }, t`Progress`, t`Ends`]}
        >
          {campaigns.data.data.map((campaign) => {
            const percent = Math.min(100, Math.floor((campaign.paid * 100) / campaign.target));
            return (
              <tr key={campaign.id}>
                <td>{campaign.name}</td>
                <td className="num">{money(campaign.target)}</td>
                <td className="num">{campaign.pledgeCount}</td>
                <td className="num">{money(campaign.pledged)}</td>
                <td className="num">{money(campaign.paid)}</td>
                <td>
                  <progress max={100} value={percent} aria-label={t`${campaign.name}: ${percent}% of the target paid`} /> <span>{percent}%</span>
                </td>
                <td>{campaign.endsOn ? formatDay(campaign.endsOn, i18n.locale) : ''}</td>
              </tr>
            );
          })}
        </DataTable>
      ) : null}
    </section>
  );
}

function CampaignForm({ onDone }: { onDone: () => void }) {
  const { t } = useLingui();
  const create = useCreateCampaign();
  const form = useForm<Values>({ defaultValues: { name: '', target: '', endsOn: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    const target = parseMoney(values.target, CURRENCY);
    if (!target.ok || target.minor <= 0) {
      form.setError('target', { type: 'validate', message: t`Enter the target amount` });
      return;
    }
    try {
      await create.mutateAsync({ name: values.name.trim(), target: target.minor, ...(values.endsOn ? { endsOn: values.endsOn } : {}) });
      showToast({ tone: 'success', message: t`Saved` });
      onDone();
    } catch (error) {
      showServerErrors(form, error, ['name', 'target', 'endsOn'], t`You are offline. Connect to the internet and try again.`);
    }
  });
  return (
    <InlineForm titleId="campaign-form-title" headingLevel={3} title={t`New campaign`} failure={errors.root?.message} busy={isSubmitting} onSubmit={submit} onCancel={onDone}>
      <div className="form-row">
        <Field id="campaign-name" label={t`Campaign name`} error={errors.name?.message}>
          <input id="campaign-name" maxLength={MAX_CAMPAIGN_NAME} aria-invalid={Boolean(errors.name)} {...form.register('name', { validate: (value) => (value.trim() ? true : t`Enter the campaign name`) })} />
        </Field>
        <Field id="campaign-target" label={t`Target`} error={errors.target?.message}>
          <MoneyInput id="campaign-target" currency={CURRENCY} aria-invalid={Boolean(errors.target)} {...form.register('target', { validate: (value) => (value.trim() ? true : t`Enter the target amount`) })} />
        </Field>
        <Field id="campaign-ends" label={t`Ends on (optional)`} error={errors.endsOn?.message}>
          <input id="campaign-ends" type="date" {...form.register('endsOn')} />
        </Field>
      </div>
    </InlineForm>
  );
}
