import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { fieldLabels } from '../../../domain/messages';
import { CURRENCY_PATTERN, DATE_PATTERN, MAX_BATCH_NAME } from '../../../domain/receipt-rules';
import { Field } from '../../components/ui/field';
import { issuesResolver, type FormIssue } from '../../components/ui/issues-resolver';
import { validationText } from '../../components/ui/validation-text';
import type { LocalBatch } from '../../lib/offline/types';
import { deskDay } from './dates';
import { openBatch, useCurrencies } from './desk-data';
import { BusyButton } from '../../components/ui/busy-button';

type BatchFormValues = { name: string; serviceDate: string; currency: string };

/** The batch as typed; messages are domain ids that validationText() puts into words. */
function batchFormIssues(values: BatchFormValues): FormIssue[] {
  const issues: FormIssue[] = [];
  const name = values.name.trim();
  if (name === '') issues.push({ path: 'name', message: 'validation.required' });
  else if (name.length > MAX_BATCH_NAME) issues.push({ path: 'name', message: 'validation.invalid' });
  if (!DATE_PATTERN.test(values.serviceDate)) issues.push({ path: 'serviceDate', message: 'validation.required' });
  if (!CURRENCY_PATTERN.test(values.currency)) issues.push({ path: 'currency', message: 'validation.required' });
  return issues;
}
const resolver = issuesResolver(batchFormIssues);

const DEFAULT_CURRENCY = 'TZS';

/** Names a batch after its service: "Sunday service 2026-11-22" (Friday prayers on a Friday). */
function useDefaultBatchName() {
  const { t } = useLingui();
  return (date: string) => {
    const weekday = new Date(`${date}T12:00:00`).getDay();
    if (weekday === 0) return t`Sunday service ${date}`;
    if (weekday === 5) return t`Friday prayers ${date}`;
    return t`Service ${date}`;
  };
}

export function OpenBatchForm({ institutionId, timeZone, onOpened, onCancel }: { institutionId: number; timeZone: string; onOpened: (batch: LocalBatch) => void; onCancel: () => void }) {
  const { t, i18n } = useLingui();
  const defaultName = useDefaultBatchName();
  const currencies = useCurrencies() ?? [];
  const today = deskDay(timeZone);
  const form = useForm<BatchFormValues>({
    resolver,
    defaultValues: { name: defaultName(today), serviceDate: today, currency: DEFAULT_CURRENCY },
  });
  const [failed, setFailed] = useState(false);
  const errors = form.formState.errors;
  const label = (key: 'batchName' | 'serviceDate' | 'currency') => i18n._(fieldLabels[key]);
  // Until the person edits the name it follows the date they pick.
  const dateField = form.register('serviceDate', {
    onChange: (event: { target: { value: string } }) => {
      if (!form.getFieldState('name').isDirty) form.setValue('name', defaultName(event.target.value));
    },
  });
  const codes = currencies.length > 0 ? currencies.map((currency) => currency.code) : [DEFAULT_CURRENCY];

  const submit = form.handleSubmit(async (values) => {
    setFailed(false);
    try {
      onOpened(await openBatch({ institutionId, name: values.name.trim(), serviceDate: values.serviceDate, currency: values.currency }));
    } catch {
      setFailed(true);
    }
  });

  return (
    <form className="form card open-batch-form" noValidate onSubmit={submit} aria-label={t`Open batch`}>
      <h2 className="card-title">
        <Trans>Open a batch</Trans>
      </h2>
      <Field id="batch-name" label={label('batchName')} error={validationText(errors.name, label('batchName'))}>
        <input id="batch-name" autoComplete="off" aria-invalid={Boolean(errors.name)} {...form.register('name')} />
      </Field>
      <div className="form-row">
        <Field id="batch-date" label={label('serviceDate')} error={validationText(errors.serviceDate, label('serviceDate'))}>
          <input id="batch-date" type="date" aria-invalid={Boolean(errors.serviceDate)} {...dateField} />
        </Field>
        <Field id="batch-currency" label={label('currency')} error={validationText(errors.currency, label('currency'))}>
          <select id="batch-currency" {...form.register('currency')}>
            {codes.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {failed ? (
        <p className="notice notice-error" role="alert">
          <Trans>The batch could not be saved on this device. Try again.</Trans>
        </p>
      ) : null}
      <div className="dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
        <BusyButton type="submit" className="btn btn-primary" busy={form.formState.isSubmitting}>
          <Trans>Open batch</Trans>
        </BusyButton>
      </div>
    </form>
  );
}
