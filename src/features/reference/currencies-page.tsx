import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { CurrencyDetails } from '../../../domain/api/back-office-reference';
import { fieldLabels } from '../../../domain/messages';
import { DateTime } from '../../components/ui/date-time';
import { Field } from '../../components/ui/field';
import { fieldErrorWords } from '../../components/ui/field-error-text';
import { InlineForm } from '../../components/ui/inline-form';
import { StatusBadge } from '../../components/ui/status-badge';
import { referenceQueries, useSaveCurrency } from './api';
import { formatCurrencyValue } from './currency-value';
import { EditableListPage } from './editable-list-page';
import { checkCurrencyChange, checkNewCurrency, checkedResolver, type CurrencyValues } from './form-rules';
import { useReferenceGrants } from './grants';
import { useSaveSubmit } from './save-submit';

// Editing keeps the codes (they identify the currency) and may switch it off.
const newResolver = checkedResolver(checkNewCurrency);
const changeResolver = checkedResolver(checkCurrencyChange);

function CurrencyEditor({ currency, onDone }: { currency: CurrencyDetails | null; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const save = useSaveCurrency();
  const form = useForm<CurrencyValues>({
    resolver: currency ? changeResolver : newResolver,
    defaultValues: {
      territory: currency?.territory ?? '',
      alphaCode: currency?.alphaCode ?? '',
      numericCode: currency?.numericCode ?? '',
      value: currency?.value ?? '',
      active: currency?.active ?? true,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = useSaveSubmit(
    form,
    (values) => {
      const input = currency
        ? { territory: values.territory, active: values.active, ...(values.value !== currency.value ? { value: values.value } : {}) }
        : { territory: values.territory, alphaCode: values.alphaCode, numericCode: values.numericCode, value: values.value };
      return save.mutateAsync({ id: currency?.id ?? null, input });
    },
    onDone,
  );
  const label = (key: 'territory' | 'alphaCode' | 'numericCode') => i18n._(fieldLabels[key]);
  const valueLabel = t`Value`;
  return (
    <InlineForm titleId="currency-form-title" title={currency ? t`Edit ${currency.alphaCode}` : t`New currency`} failure={errors.root?.message} busy={isSubmitting} onSubmit={submit} onCancel={onDone}>
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
    </InlineForm>
  );
}

/** /settings/currencies: territory, codes, the value against the shilling (4 decimals), who set it and when. */
export function CurrenciesPage() {
  const { t, i18n } = useLingui();
  const list = useQuery(referenceQueries.currencies());
  const { canCreate, canUpdate } = useReferenceGrants('currencies');
  return (
    <EditableListPage
      headingId="currencies-heading"
      title={t`Currencies`}
      newLabel={t`New currency`}
      canCreate={canCreate}
      list={list}
      columns={[t`Territory`, t`Alphabetic code`, t`Numeric code`, { label: t`Value`, numeric: true }, t`Value set by`, t`Set on`, t`Status`]}
      cells={(currency) => (
        <>
          <td>{currency.territory}</td>
          <td>{currency.alphaCode}</td>
          <td>{currency.numericCode}</td>
          <td className="num">{formatCurrencyValue(currency.value, i18n.locale)}</td>
          <td>{currency.valueSetBy ?? t`System`}</td>
          <td>
            <DateTime value={currency.valueSetAt} />
          </td>
          <td>{currency.active ? <StatusBadge tone="success" label={t`In use`} /> : <StatusBadge tone="neutral" label={t`Not in use`} />}</td>
        </>
      )}
      rowAction={canUpdate ? { label: (currency) => t`Edit ${currency.alphaCode}`, text: <Trans>Edit</Trans> } : null}
      editor={(currency, close) => <CurrencyEditor currency={currency} onDone={close} />}
    />
  );
}
