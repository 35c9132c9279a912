import { Trans, useLingui } from '@lingui/react/macro';
import { useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import { fieldLabels } from '../../../domain/messages';
import { Field } from '../../components/ui/field';
import { useFieldError } from './field-error';
import type { ReceiptFormValues } from './receipt-form-schema';

type MetaProps = { form: UseFormReturn<ReceiptFormValues>; idPrefix: string; maxNote: number };

function NoteCount({ control, maxNote }: { control: Control<ReceiptFormValues>; maxNote: number }) {
  const noteLength = useWatch({ control, name: 'note' }).length;
  return (
    <Trans>
      {noteLength} of {maxNote} characters
    </Trans>
  );
}

/** How and when the money came: cash or cheque (with its number), the date, and a short note. */
export function ReceiptMetaFields({ form, idPrefix, maxNote }: MetaProps) {
  const { i18n } = useLingui();
  const control = form.control;
  const method = useWatch({ control, name: 'method' });
  const label = (key: keyof typeof fieldLabels) => i18n._(fieldLabels[key]);
  const chequeError = useFieldError(form, 'chequeNo', label('chequeNo'));
  const dateError = useFieldError(form, 'receivedOn', label('receivedAt'));
  const noteError = useFieldError(form, 'note', label('note'));
  return (
    <>
      <div className="form-row">
        <fieldset className="segmented" role="radiogroup" aria-label={label('method')}>
          <label className={method === 'cash' ? 'segment active' : 'segment'}>
            <input type="radio" value="cash" {...form.register('method')} />
            <Trans>Cash</Trans>
          </label>
          <label className={method === 'cheque' ? 'segment active' : 'segment'}>
            <input type="radio" value="cheque" {...form.register('method')} />
            <Trans>Cheque</Trans>
          </label>
        </fieldset>
        {method === 'cheque' ? (
          <Field id={`${idPrefix}-cheque`} label={label('chequeNo')} error={chequeError}>
            <input id={`${idPrefix}-cheque`} autoComplete="off" aria-invalid={Boolean(chequeError)} {...form.register('chequeNo')} />
          </Field>
        ) : null}
        <Field id={`${idPrefix}-date`} label={label('receivedAt')} error={dateError}>
          <input id={`${idPrefix}-date`} type="date" aria-invalid={Boolean(dateError)} {...form.register('receivedOn')} />
        </Field>
      </div>
      <Field id={`${idPrefix}-note`} label={label('note')} error={noteError} hint={<NoteCount control={control} maxNote={maxNote} />}>
        <textarea id={`${idPrefix}-note`} rows={2} aria-invalid={Boolean(noteError)} aria-describedby={`${idPrefix}-note-hint`} {...form.register('note')} />
      </Field>
    </>
  );
}
