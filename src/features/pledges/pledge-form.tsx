import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { MemberListItem } from '../../../domain/api/members';
import type { PledgeInput } from '../../../domain/api/pledges';
import { MAX_TEXT_CHARS } from '../../../domain/limits';
import { Field } from '../../components/ui/field';
import { InlineForm } from '../../components/ui/inline-form';
import { MoneyInput } from '../../components/ui/money-input';
import { parseMoney } from '../../components/ui/money-text';
import { TextAreaWithCounter } from '../../components/ui/text-area-counter';
import { showServerErrors } from '../../lib/form-errors';
import { showToast } from '../../lib/toast';
import { pledgeQueries, useCreatePledge } from './api';
import { PAYMENT_METHOD_LABELS } from './labels';

const SEARCH_DELAY_MS = 250;
const CURRENCY = 'TZS';
type Method = keyof typeof PAYMENT_METHOD_LABELS;
type Values = { offeringTypeId: string; total: string; dueDate: string; paymentMethod: Method | ''; campaignId: string; note: string };

/**
 * A new pledge: find the member (name, phone or member number, from the server), then the offering
 * type of their church or mosque, the total, the due date, how they mean to pay and a note. Paid
 * is never typed: it grows as their money arrives.
 */
export function PledgeForm({ onDone }: { onDone: (id: number | null) => void }) {
  const { t, i18n } = useLingui();
  const create = useCreatePledge();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [member, setMember] = useState<MemberListItem | null>(null);
  const [memberError, setMemberError] = useState<string | undefined>();
  const found = useQuery(pledgeQueries.members(search));
  const types = useQuery({ ...pledgeQueries.offeringTypes(member?.institutionId ?? 0), enabled: member !== null });
  const campaigns = useQuery(pledgeQueries.campaigns());
  const form = useForm<Values>({ defaultValues: { offeringTypeId: '', total: '', dueDate: '', paymentMethod: '', campaignId: '', note: '' } });
  const { errors, isSubmitting } = form.formState;
  const note = form.watch('note');

  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const submit = form.handleSubmit(async (values) => {
    if (!member) {
      setMemberError(t`Choose the member`);
      return;
    }
    const total = parseMoney(values.total, CURRENCY);
    if (!total.ok || total.minor <= 0) {
      form.setError('total', { type: 'validate', message: t`Enter the amount pledged` });
      return;
    }
    const input: PledgeInput = {
      memberId: member.id,
      offeringTypeId: Number(values.offeringTypeId),
      total: total.minor,
      dueDate: values.dueDate,
      ...(values.paymentMethod ? { paymentMethod: values.paymentMethod } : {}),
      ...(values.campaignId ? { campaignId: Number(values.campaignId) } : {}),
      ...(values.note.trim() ? { note: values.note.trim() } : {}),
    };
    try {
      const created = await create.mutateAsync(input);
      showToast({ tone: 'success', message: t`Pledge recorded` });
      onDone(created.id);
    } catch (error) {
      showServerErrors(form, error, ['offeringTypeId', 'total', 'dueDate', 'paymentMethod', 'campaignId', 'note'], t`You are offline. Connect to the internet and try again.`);
    }
  });

  const memberCampaigns = (campaigns.data?.data ?? []).filter((campaign) => campaign.institutionId === member?.institutionId);
  const results = found.data?.data ?? [];

  return (
    <InlineForm titleId="pledge-form-title" title={t`New pledge`} failure={errors.root?.message} busy={isSubmitting} onSubmit={submit} onCancel={() => onDone(null)}>
      <fieldset className="member-picker">
        <legend>{t`Member`}</legend>
        {member ? (
          <p className="picked-member">
            <span>
              {member.names} <span className="muted">{member.code} · {member.phone}</span>
            </span>{' '}
            <button
              type="button"
              className="btn btn-secondary btn-small"
              onClick={() => {
                setMember(null);
                form.setValue('offeringTypeId', '');
                form.setValue('campaignId', '');
              }}
            >
              {t`Change member`}
            </button>
          </p>
        ) : (
          <>
            <Field id="pledge-member-search" label={t`Find the member`} error={memberError} hint={t`Name, phone or member number (3 characters or more)`}>
              <input
                id="pledge-member-search"
                type="search"
                autoComplete="off"
                aria-describedby="pledge-member-search-hint"
                aria-invalid={Boolean(memberError)}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
              />
            </Field>
            {search.length >= 3 && found.data && results.length === 0 ? <p className="muted">{t`No member found`}</p> : null}
            {results.length > 0 ? (
              <ul className="picker-results" aria-label={t`Members found`}>
                {results.map((candidate) => (
                  <li key={candidate.id}>
                    <button
                      type="button"
                      className="btn btn-secondary btn-small"
                      onClick={() => {
                        setMember(candidate);
                        setMemberError(undefined);
                      }}
                    >
                      {t`Choose ${candidate.names}`}
                    </button>{' '}
                    <span className="muted">
                      {candidate.code} · {candidate.phone} · {candidate.institutionTitle}
                    </span>
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        )}
      </fieldset>
      <div className="form-row">
        <Field id="pledge-offering-type" label={t`Offering type`} error={errors.offeringTypeId?.message}>
          <select id="pledge-offering-type" disabled={!member} aria-invalid={Boolean(errors.offeringTypeId)} {...form.register('offeringTypeId', { validate: (value) => (value ? true : t`Choose the offering type`) })}>
            <option value="">{member ? t`Choose…` : t`Choose the member first`}</option>
            {(types.data?.data ?? []).map((type) => (
              <option key={type.id} value={type.id}>
                {type.title}
              </option>
            ))}
          </select>
        </Field>
        <Field id="pledge-total" label={t`Amount pledged`} error={errors.total?.message}>
          <MoneyInput id="pledge-total" currency={CURRENCY} aria-invalid={Boolean(errors.total)} {...form.register('total', { validate: (value) => (value.trim() ? true : t`Enter the amount pledged`) })} />
        </Field>
        <Field id="pledge-due" label={t`Due date`} error={errors.dueDate?.message}>
          <input id="pledge-due" type="date" aria-invalid={Boolean(errors.dueDate)} {...form.register('dueDate', { validate: (value) => (value ? true : t`Choose the due date`) })} />
        </Field>
      </div>
      <div className="form-row">
        <Field id="pledge-method" label={t`Payment method`}>
          <select id="pledge-method" {...form.register('paymentMethod')}>
            <option value="">{t`Any`}</option>
            {(Object.keys(PAYMENT_METHOD_LABELS) as Method[]).map((method) => (
              <option key={method} value={method}>
                {i18n._(PAYMENT_METHOD_LABELS[method])}
              </option>
            ))}
          </select>
        </Field>
        <Field id="pledge-campaign" label={t`Campaign`} error={errors.campaignId?.message}>
          <select id="pledge-campaign" disabled={memberCampaigns.length === 0} {...form.register('campaignId')}>
            <option value="">{t`None`}</option>
            {memberCampaigns.map((campaign) => (
              <option key={campaign.id} value={campaign.id}>
                {campaign.name}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field id="pledge-note" label={t`Note`} error={errors.note?.message}>
        <TextAreaWithCounter
          {...form.register('note', { validate: (value) => (value.length <= MAX_TEXT_CHARS ? true : t`The note is too long`) })}
          id="pledge-note"
          rows={2}
          length={note.length}
          max={MAX_TEXT_CHARS}
        />
      </Field>
    </InlineForm>
  );
}
