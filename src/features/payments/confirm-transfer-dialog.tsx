import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { PendingTransferRow } from '../../../domain/api/bank-transfers';
import type { PaymentStatusView } from '../../../domain/api/payments';
import { fieldLabels } from '../../../domain/messages';
import { Field } from '../../components/ui/field';
import { fieldErrorWords } from '../../components/ui/field-error-text';
import { ModalDialog } from '../../components/ui/modal-dialog';
import { MoneyInput } from '../../components/ui/money-input';
import { parseMoney } from '../../components/ui/money-text';
import { showServerErrors } from '../../lib/form-errors';
import { money } from './format';
import { BusyButton } from '../../components/ui/busy-button';

type Values = { bankReference: string; amount: string };

type ConfirmTransferDialogProps = {
  row: PendingTransferRow;
  confirm: (id: string, body: { bankReference: string; amount: number }) => Promise<PaymentStatusView>;
  onDone: (view: PaymentStatusView) => void;
  onCancel: () => void;
};

/**
 * "The money arrived": the bank's own reference of the incoming transfer and the amount received,
 * typed from the bank's statement (not filled in: the server completes the gift only when it is
 * the amount the giver was asked for). A native modal <dialog>; focus starts on Cancel.
 */
export function ConfirmTransferDialog({ row, confirm, onDone, onCancel }: ConfirmTransferDialogProps) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const cancelButton = useRef<HTMLButtonElement>(null);
  const form = useForm<Values>({ defaultValues: { bankReference: '', amount: '' } });
  const { errors, isSubmitting } = form.formState;
  const referenceLabel = i18n._(fieldLabels.bankReference);
  const amountLabel = t`Amount received`;
  const reference = row.referenceNo;
  const expected = money(row.amount, row.currency, i18n.locale);

  const submit = form.handleSubmit(async (values) => {
    const parsed = parseMoney(values.amount, row.currency);
    if (!parsed.ok || parsed.minor <= 0) {
      form.setError('amount', { type: 'validate', message: parsed.ok || parsed.reason !== 'empty' ? 'validation.invalid' : 'validation.required' });
      return;
    }
    try {
      onDone(await confirm(row.id, { bankReference: values.bankReference.trim(), amount: parsed.minor }));
    } catch (error) {
      showServerErrors(form, error, ['bankReference', 'amount'], t`You are offline. Connect to the internet and try again.`);
    }
  });

  return (
    <ModalDialog labelledBy={titleId} initialFocus={cancelButton} onCancel={onCancel} busy={isSubmitting}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={titleId} className="card-title">
          <Trans>Confirm bank transfer {reference}</Trans>
        </h2>
        <p>
          <Trans>
            The giver was asked for {expected} quoting {reference}. Confirm only when the bank statement shows it.
          </Trans>
        </p>
        {errors.root?.message ? (
          <p className="notice notice-error" role="alert">
            {errors.root.message}
          </p>
        ) : null}
        <Field id="transfer-bank-reference" label={referenceLabel} error={fieldErrorWords(errors.bankReference, referenceLabel)} hint={t`The bank's own reference of the incoming transfer, e.g. FT26329ABCDE.`}>
          <input
            id="transfer-bank-reference"
            autoComplete="off"
            maxLength={60}
            aria-invalid={Boolean(errors.bankReference)}
            aria-describedby="transfer-bank-reference-hint"
            {...form.register('bankReference', { validate: (value) => (value.trim().length >= 3 ? true : value.trim() ? 'validation.invalid' : 'validation.required') })}
          />
        </Field>
        <Field id="transfer-amount" label={amountLabel} error={fieldErrorWords(errors.amount, amountLabel)}>
          <MoneyInput id="transfer-amount" currency={row.currency} aria-invalid={Boolean(errors.amount)} {...form.register('amount')} />
        </Field>
        <div className="dialog-actions">
          <BusyButton ref={cancelButton} type="button" className="btn btn-secondary" onClick={onCancel} busy={isSubmitting}>
            <Trans>Back</Trans>
          </BusyButton>
          <BusyButton type="submit" className="btn btn-primary" busy={isSubmitting}>
            <Trans>Confirm the transfer</Trans>
          </BusyButton>
        </div>
      </form>
    </ModalDialog>
  );
}
