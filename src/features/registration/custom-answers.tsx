import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import type { RegistrationOptions } from '../../../domain/api/back-office-registration';
import { messages } from '../../../domain/messages';
import { CustomFieldInput } from '../../components/ui/custom-field-input';
import { Field } from '../../components/ui/field';
import { ApiError } from '../../lib/api-client';
import type { CustomAnswers } from './step-forms';

export type LevelField = RegistrationOptions['customFields'][number];

const ANSWER_PATH = /^(?:body\.)?customFields\.(\d+)\.value$/;

/**
 * The server names a bad answer by its place in what was sent (`customFields.<index>.value`); this
 * turns those into messages by field id, and says whether anything else was wrong.
 */
export function answerErrorsFrom(error: unknown, sent: ReadonlyArray<{ fieldId: number }>): { byField: Record<number, string>; other: boolean } {
  if (!(error instanceof ApiError) || error.fields.length === 0) return { byField: {}, other: true };
  const byField: Record<number, string> = {};
  let other = false;
  for (const field of error.fields) {
    const index = ANSWER_PATH.exec(field.path)?.[1];
    const fieldId = index === undefined ? undefined : sent[Number(index)]?.fieldId;
    if (fieldId === undefined) other = true;
    else byField[fieldId] = field.message;
  }
  return { byField, other };
}

type Props = { fields: readonly LevelField[]; answers: CustomAnswers; errors: Readonly<Record<number, string>>; onChange: (fieldId: number, value: string) => void };

/** The chosen level's custom fields (ADR 047) on the institution step; nothing when the level has none. */
export function CustomAnswersFields({ fields, answers, errors, onChange }: Props) {
  const { t } = useLingui();
  if (fields.length === 0) return null;
  return (
    <fieldset className="custom-answers">
      <legend>{t`More about the institution`}</legend>
      {fields.map((field) => {
        const id = `inst-custom-${field.id}`;
        const error = errors[field.id];
        return (
          <Field key={field.id} id={id} label={field.label} error={error}>
            <CustomFieldInput id={id} field={field} value={answers[field.id] ?? ''} invalid={Boolean(error)} errorId={`${id}-error`} onChange={(value) => onChange(field.id, value)} />
          </Field>
        );
      })}
    </fieldset>
  );
}

/** "<label> is not valid", in the person's language, for each field whose answer misses its rules. */
export function useAnswerMessages(): (invalid: readonly LevelField[]) => Record<number, string> {
  const { i18n } = useLingui();
  // Built first and passed as a variable: `lingui extract` fails on a spread inside i18n._'s argument.
  const text = (label: string) => {
    const descriptor: MessageDescriptor = { ...messages.customFieldValue, values: { field: label } };
    return i18n._(descriptor);
  };
  return (invalid) => Object.fromEntries(invalid.map((field) => [field.id, text(field.label)]));
}
