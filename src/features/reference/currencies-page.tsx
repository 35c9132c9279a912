import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { CurrencyInput, CurrencyValue, type CurrencyDetails } from '../../../domain/api/back-office-reference';
import { fieldLabels } from '../../../domain/messages';
import { DateTime } from '../../components/ui/date-time';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { StatusBadge } from '../../components/ui/status-badge';
import { errorText } from '../../lib/error-message';
import { fieldErrorWords } from '../../components/ui/field-error-text';
import { canDo } from '../../lib/permissions';
import { profileQuery } from '../../lib/session-queries';
import { showToast } from '../../lib/toast';
import { referenceQueries, useSaveCurrency } from './api';
import { formatCurrencyValue } from './currency-value';
import { showServerErrors } from './form-errors';

// Editing keeps the codes (they identify the currency) and may switch it off.
const CurrencyEdit = z.object({ territory: CurrencyInput.shape.territory, value: CurrencyValue, active: z.boolean() });
const CurrencyForm = CurrencyInput.extend({ active: z.boolean() });

function CurrencyEditor({ currency, onDone }: { currency: CurrencyDetails | null; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const save = useSaveCurrency();
  const form = useForm<z.input<typeof CurrencyForm>, unknown, z.output<typeof CurrencyForm>>({
    resolver: zodResolver(currency ? CurrencyEdit.extend({ alphaCode: z.string(), numericCode: z.string() }) : CurrencyForm),
    defaultValues: {
      territory: currency?.territory ?? '',
      alphaCode: currency?.alphaCode ?? '',
      numericCode: currency?.numericCode ?? '',
      value: currency?.value ?? '',
      active: currency?.active ?? true,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const input = currency
        ? { territory: values.territory, active: values.active, ...(values.value !== currency.value ? { value: values.value } : {}) }
        : { territory: values.territory, alphaCode: values.alphaCode, numericCode: values.numericCode, value: values.value };
      await save.mutateAsync({ id: currency?.id ?? null, input });
      showToast({ tone: 'success', message: t`Saved` });
      onDone();
    } catch (error) {
      showServerErrors(form, error, ['territory', 'alphaCode', 'numericCode', 'value', 'active'], t`You are offline. Connect to the internet and try again.`);
    }
  });
  const label = (key: 'territory' | 'alphaCode' | 'numericCode') => i18n._(fieldLabels[key]);
  const valueLabel = t`Value`;
  return (
    <form className="form card" noValidate onSubmit={submit} aria-labelledby="currency-form-title">
      <h2 id="currency-form-title" className="card-title">
        {currency ? t`Edit ${currency.alphaCode}` : t`New currency`}
      </h2>
      {errors.root ? (
        <p className="notice notice-error" role="alert">
          {errors.root.message}
        </p>
      ) : null}
      <div className="form-row">
        <Field id="currency-territory" label={label('territory')} error={fieldErrorWords(errors.territory, label('territory'))}>
          <input id="currency-territory" aria-invalid={Boolean(errors.territory)} {...form.register('territory')} />
        </Field>
        <Field id="currency-alpha" label={label('alphaCode')} error={fieldErrorWords(errors.alphaCode, label('alphaCode'))} hint={t`3 letters, e.g. USD`}>
          <input id="currency-alpha" readOnly={currency !== null} aria-invalid={Boolean(errors.alphaCode)} {...form.register('alphaCode')} />
        </Field>
        <Field id="currency-numeric" label={label('numericCode')} error={fieldErrorWords(errors.numericCode, label('numericCode'))} hint={t`3 digits, e.g. 840`}>
          <input id="currency-numeric" inputMode="numeric" readOnly={currency !== null} aria-invalid={Boolean(errors.numericCode)} {...form.register('numericCode')} />
        </Field>
        <Field id="currency-value" label={valueLabel} error={fieldErrorWords(errors.value, valueLabel)} hint={t`In Tanzanian shillings, up to 4 decimals`}>
          <input id="currency-value" inputMode="decimal" aria-invalid={Boolean(errors.value)} {...form.register('value')} />
        </Field>
      </div>
      {currency ? (
        <label className="checkbox">
          <input type="checkbox" {...form.register('active')} />
          <span>
            <Trans>In use</Trans>
          </span>
        </label>
      ) : null}
      <div className="dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          <Trans>Save</Trans>
        </button>
      </div>
    </form>
  );
}

/** /settings/currencies: territory, codes, the value against the shilling (4 decimals), who set it and when. */
export function CurrenciesPage() {
  const { t, i18n } = useLingui();
  const profile = useQuery(profileQuery()).data;
  const list = useQuery(referenceQueries.currencies());
  const [editing, setEditing] = useState<CurrencyDetails | 'new' | null>(null);
  const canCreate = canDo(profile, 'currencies', 'create');
  const canUpdate = canDo(profile, 'currencies', 'update');
  return (
    <section className="page" aria-labelledby="currencies-heading">
      <div className="section-head">
        <h2 id="currencies-heading" className="page-heading">
          <Trans>Currencies</Trans>
        </h2>
        {canCreate && editing === null ? (
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            <Trans>New currency</Trans>
          </button>
        ) : null}
      </div>
      {editing !== null ? <CurrencyEditor key={editing === 'new' ? 'new' : editing.id} currency={editing === 'new' ? null : editing} onDone={() => setEditing(null)} /> : null}
      <div className="card">
        {list.isPending ? (
          <Spinner label={t`Loading…`} />
        ) : list.isError ? (
          <EmptyState title={errorText(list.error, t`You are offline. This page needs a connection.`)} />
        ) : (
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">{t`Currencies`}</caption>
              <thead>
                <tr>
                  <th scope="col">{t`Territory`}</th>
                  <th scope="col">{t`Alphabetic code`}</th>
                  <th scope="col">{t`Numeric code`}</th>
                  <th scope="col" className="num">
                    {t`Value`}
                  </th>
                  <th scope="col">{t`Value set by`}</th>
                  <th scope="col">{t`Set on`}</th>
                  <th scope="col">{t`Status`}</th>
                  {canUpdate ? <th scope="col">{t`Actions`}</th> : null}
                </tr>
              </thead>
              <tbody>
                {list.data.data.map((currency) => (
                  <tr key={currency.id}>
                    <td>{currency.territory}</td>
                    <td>{currency.alphaCode}</td>
                    <td>{currency.numericCode}</td>
                    <td className="num">{formatCurrencyValue(currency.value, i18n.locale)}</td>
                    <td>{currency.valueSetBy ?? t`System`}</td>
                    <td>
                      <DateTime value={currency.valueSetAt} />
                    </td>
                    <td>{currency.active ? <StatusBadge tone="success" label={t`In use`} /> : <StatusBadge tone="neutral" label={t`Not in use`} />}</td>
                    {canUpdate ? (
                      <td>
                        <button type="button" className="btn btn-link btn-small" aria-label={t`Edit ${currency.alphaCode}`} onClick={() => setEditing(currency)}>
                          <Trans>Edit</Trans>
                        </button>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}
