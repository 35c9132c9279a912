import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { NewInstitutionInput } from '../../../domain/api/back-office-registration';
import type { SubmittedRequest } from '../../../domain/api/back-office-users';
import { apiPaths } from '../../../domain/api-paths';
import { customFieldValueProblem } from '../../../domain/custom-field-rules';
import { CustomFieldInput } from '../../components/ui/custom-field-input';
import { api } from '../../lib/api-client';
import { errorText } from '../../lib/error-message';
import { integer, oneOf, record, replyParser } from '../../lib/reply-checks';
import { showToast } from '../../lib/toast';
import { FormFooter } from './form-footer';
import { useLevelBelowFields } from './level-below-fields';

const SubmittedReply = replyParser<SubmittedRequest>(record({ requestId: integer, status: oneOf(['requested'] as const) }));
const EMPTY = { title: '', abbreviation: '', region: '', district: '', street: '', accountNumber: '', name: '', phone: '', email: '' };

/**
 * A new institution under the opened node (issue 12, ADR 052): sent as a request that a bank user
 * approves; nothing is created before. It asks the new level's custom fields (ADR 047) and checks
 * each answer by the rule the server applies; the server checks every value again and answers in
 * the person's language.
 */
export function NewInstitutionForm({ parentId, parentTitle, parentLevel, onDone }: { parentId: number; parentTitle: string; parentLevel: { id: number; rank: number }; onDone: () => void }) {
  const { t } = useLingui();
  const [draft, setDraft] = useState(EMPTY);
  const fields = useLevelBelowFields(parentLevel);
  const [answers, setAnswers] = useState<Record<number, string>>({});
  const [checked, setChecked] = useState(false);
  const answerOf = (fieldId: number) => (answers[fieldId] ?? '').trim();
  // An empty answer is no answer; shown only once a send was tried, as on the registration step.
  const invalid = checked ? fields.filter((entry) => answerOf(entry.id) !== '' && customFieldValueProblem(entry, answerOf(entry.id))) : [];
  const [problem, setProblem] = useState<string | null>(null);
  const create = useMutation({ mutationFn: (input: NewInstitutionInput) => api.post(apiPaths.institutions, input, SubmittedReply) });
  const field = (key: keyof typeof EMPTY, label: string, type = 'text') => (
    <div className="field">
      <label htmlFor={`new-${key}`}>{label}</label>
      <input id={`new-${key}`} type={type} value={draft[key]} required onChange={(event) => setDraft({ ...draft, [key]: event.target.value })} />
    </div>
  );
  return (
    <form
      className="card form"
      aria-labelledby="new-institution-heading"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setProblem(null);
        setChecked(true);
        if (fields.some((entry) => answerOf(entry.id) !== '' && customFieldValueProblem(entry, answerOf(entry.id)))) return;
        const input: NewInstitutionInput = {
          parentId,
          title: draft.title,
          abbreviation: draft.abbreviation,
          region: draft.region,
          district: draft.district,
          street: draft.street,
          accountNumber: draft.accountNumber,
          defaultUser: { name: draft.name, phone: draft.phone, email: draft.email },
          customFields: fields.map((entry) => ({ fieldId: entry.id, value: answerOf(entry.id) })).filter((answer) => answer.value !== ''),
        };
        create.mutate(input, {
          onSuccess: () => {
            showToast({ tone: 'success', message: t`Sent for approval` });
            onDone();
          },
          onError: (error) => setProblem(errorText(error, t`You are offline. Connect to the internet and try again.`)),
        });
      }}
    >
      <h3 id="new-institution-heading">{t`New institution under ${parentTitle}`}</h3>
      <p>
        <Trans>It is created, active, only when a second person at the bank approves the request.</Trans>
      </p>
      {field('title', t`Name`)}
      {field('abbreviation', t`Abbreviation`)}
      {field('region', t`Region`)}
      {field('district', t`District`)}
      {field('street', t`Street`)}
      {field('accountNumber', t`Account number`)}
      {field('name', t`Default user's name`)}
      {field('phone', t`Default user's phone`, 'tel')}
      {field('email', t`Default user's email`, 'email')}
      {fields.length > 0 ? (
        <fieldset>
          <legend>{t`More about the institution`}</legend>
          {fields.map((entry) => {
            const id = `new-custom-${entry.id}`;
            const bad = invalid.includes(entry);
            return (
              <div className="field" key={entry.id}>
                <label htmlFor={id}>{entry.label}</label>
                <CustomFieldInput id={id} field={entry} value={answers[entry.id] ?? ''} invalid={bad} errorId={`${id}-error`} onChange={(value) => setAnswers({ ...answers, [entry.id]: value })} />
                {bad ? (
                  <p id={`${id}-error`} className="field-error">
                    {t`${entry.label} is not valid`}
                  </p>
                ) : null}
              </div>
            );
          })}
        </fieldset>
      ) : null}
      <FormFooter failure={problem} busy={create.isPending} onCancel={onDone} submitLabel={<Trans>Send for approval</Trans>} />
    </form>
  );
}
