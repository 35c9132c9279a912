import { Trans, useLingui } from '@lingui/react/macro';
import { useFieldArray, useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import type { OfferingType } from '../../../domain/api/receipts';
import { MAX_RECEIPT_LINES } from '../../../domain/receipt-rules';
import { fieldLabels } from '../../../domain/messages';
import { MoneyInput } from '../../components/ui/money-input';
import { parseMoney } from '../../components/ui/money-text';
import { useFieldError } from './field-error';
import { money } from './money-text';
import type { ReceiptFormValues } from './receipt-form-schema';

type OfferingLinesProps = { form: UseFormReturn<ReceiptFormValues>; offeringTypes: readonly OfferingType[]; currency: string; idPrefix: string };
type LineProps = OfferingLinesProps & { index: number; removable: boolean; onRemove: () => void };

function EnvelopeTotal({ control, currency }: { control: Control<ReceiptFormValues>; currency: string }) {
  const { i18n } = useLingui();
  const lines = useWatch({ control, name: 'lines' });
  const total = lines.reduce((sum, line) => {
    const parsed = parseMoney(line.amount, currency);
    return parsed.ok ? sum + parsed.minor : sum;
  }, 0);
  const envelopeTotal = money(total, currency, i18n.locale);
  return (
    <output className="envelope-total" aria-live="polite">
      <Trans>Envelope total: {envelopeTotal}</Trans>
    </output>
  );
}

function OfferingLine({ form, offeringTypes, currency, idPrefix, index, removable, onRemove }: LineProps) {
  const { t, i18n } = useLingui();
  const number = index + 1;
  const typeId = `${idPrefix}-type-${index}`;
  const amountId = `${idPrefix}-amount-${index}`;
  const typeLabel = i18n._(fieldLabels.offeringTypeId);
  const amountLabel = i18n._(fieldLabels.amount);
  const typeError = useFieldError(form, `lines.${index}.offeringTypeId`, typeLabel);
  const amountError = useFieldError(form, `lines.${index}.amount`, amountLabel);
  return (
    <div className="offering-line">
      <div className={typeError ? 'field field-invalid' : 'field'}>
        <label htmlFor={typeId}>
          {typeLabel}
          <span className="visually-hidden"> {t`line ${number}`}</span>
        </label>
        <select id={typeId} aria-invalid={Boolean(typeError)} {...form.register(`lines.${index}.offeringTypeId`)}>
          <option value="">{t`Choose…`}</option>
          {offeringTypes.map((type) => (
            <option key={type.id} value={type.id}>
              {type.title}
            </option>
          ))}
        </select>
        {typeError ? (
          <p className="field-error" role="alert">
            {typeError}
          </p>
        ) : null}
      </div>
      <div className={amountError ? 'field field-invalid' : 'field'}>
        <label htmlFor={amountId}>
          {amountLabel}
          <span className="visually-hidden"> {t`line ${number}`}</span>
        </label>
        <MoneyInput id={amountId} currency={currency} aria-invalid={Boolean(amountError)} {...form.register(`lines.${index}.amount`)} />
        {amountError ? (
          <p className="field-error" role="alert">
            {amountError}
          </p>
        ) : null}
      </div>
      {removable ? (
        <button type="button" className="icon-button line-remove" aria-label={t`Remove line ${number}`} onClick={onRemove}>
          ×
        </button>
      ) : null}
    </div>
  );
}

/** One envelope often carries several offerings (tithe and offering together): one line each. */
export function OfferingLines(props: OfferingLinesProps) {
  const { form, offeringTypes, idPrefix } = props;
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'lines' });

  const addLine = () => {
    const lines = form.getValues('lines');
    const used = new Set(lines.map((line) => line.offeringTypeId));
    const next = offeringTypes.find((type) => !used.has(String(type.id)));
    append({ offeringTypeId: next ? String(next.id) : '', amount: '' }, { shouldFocus: false });
    // Straight to the new amount: the type is usually right (the next offering in the list).
    setTimeout(() => document.getElementById(`${idPrefix}-amount-${lines.length}`)?.focus(), 0);
  };

  return (
    <fieldset className="offering-lines">
      <legend>
        <Trans>Offerings</Trans>
      </legend>
      {fields.map((field, index) => (
        <OfferingLine key={field.id} {...props} index={index} removable={fields.length > 1} onRemove={() => remove(index)} />
      ))}
      <div className="offering-lines-foot">
        <button type="button" className="btn btn-secondary btn-small" onClick={addLine} disabled={fields.length >= MAX_RECEIPT_LINES}>
          <Trans>Add line</Trans>
        </button>
        <EnvelopeTotal control={form.control} currency={props.currency} />
      </div>
    </fieldset>
  );
}
