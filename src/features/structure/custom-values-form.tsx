import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type CustomFieldValue, customFieldValueProblem } from '../../../domain/api/structure';
import { CustomFieldInput } from '../../components/ui/custom-field-input';
import { errorText } from '../../lib/error-message';
import { structureQueries, useSaveFieldValues } from './api';
import { FormFooter } from './form-footer';

/**
 * Edits an institution's answers to its level's custom fields. Each value is checked in the form
 * by the same rule the server applies (domain/api/structure.ts); the server's answer is final.
 */
export function CustomValuesForm({ institutionId, levelId, values, onDone }: { institutionId: number; levelId: number; values: CustomFieldValue[]; onDone: () => void }) {
  const { t } = useLingui();
  const fields = useQuery(structureQueries.fields(levelId));
  const save = useSaveFieldValues();
  const [draft, setDraft] = useState<Record<number, string>>(Object.fromEntries(values.map((value) => [value.fieldId, value.value ?? ''])));
  const [problem, setProblem] = useState<string | null>(null);
  const definitions = fields.data?.data ?? [];
  const invalid = definitions.filter((field) => (draft[field.id] ?? '').trim() !== '' && customFieldValueProblem(field, (draft[field.id] ?? '').trim()));
  return (
    <form
      className="card form"
      aria-labelledby="values-form-heading"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setProblem(null);
        if (invalid.length > 0) return;
        save.mutate(
          { id: institutionId, input: { values: definitions.map((field) => ({ fieldId: field.id, value: draft[field.id] ?? '' })) } },
          { onSuccess: onDone, onError: (error) => setProblem(errorText(error, t`You are offline. Connect to the internet and try again.`)) },
        );
      }}
    >
      <h3 id="values-form-heading">{t`Edit custom fields`}</h3>
      {definitions.map((field) => {
        const id = `value-${field.id}`;
        const bad = invalid.includes(field);
        return (
          <div className="field" key={field.id}>
            <label htmlFor={id}>{field.label}</label>
            <CustomFieldInput id={id} field={field} value={draft[field.id] ?? ''} invalid={bad} errorId={`${id}-error`} onChange={(value) => setDraft({ ...draft, [field.id]: value })} />
            {bad ? (
              <p id={`${id}-error`} className="field-error">
                {t`${field.label} is not valid`}
              </p>
            ) : null}
          </div>
        );
      })}
      <FormFooter failure={problem} busy={save.isPending} onCancel={onDone} />
    </form>
  );
}
