import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { RegistrationView } from '../../../domain/api/back-office-registration';
import { toLocale } from '../../../domain/locale';
import { fieldLabels, messages } from '../../../domain/messages';
import { Field } from '../../components/ui/field';
import { fieldErrorWords } from '../../components/ui/field-error-text';
import { issuesResolver } from '../../components/ui/issues-resolver';
import { registrationQueries, useSaveInstitution } from './api';
import { answerErrorsFrom, CustomAnswersFields, useAnswerMessages } from './custom-answers';
import { FileUploadField } from './file-upload-field';
import { showServerErrors } from './server-errors';
import { customAnswerProblems, institutionFormIssues, toInstitutionStep, type CustomAnswers, type InstitutionFormValues } from './step-forms';
import { BusyButton } from '../../components/ui/busy-button';

const resolver = issuesResolver(institutionFormIssues);

const FIELDS = ['title', 'abbreviation', 'religionId', 'levelId', 'parentId', 'region', 'district', 'street', 'logoUploadId'] as const;

/** Step 1: who the institution is and where it sits in its religion's structure. */
export function InstitutionStepForm({ view, onSaved }: { view: RegistrationView; onSaved: () => void }) {
  const { t, i18n } = useLingui();
  const options = useQuery(registrationQueries.options(toLocale(i18n.locale))).data;
  const save = useSaveInstitution();
  const saved = view.data.institution;
  const [logoName, setLogoName] = useState<string | null>(view.uploads.find((upload) => upload.id === saved?.logoUploadId)?.name ?? null);
  const [answers, setAnswers] = useState<CustomAnswers>(Object.fromEntries((saved?.customFields ?? []).map((answer) => [answer.fieldId, answer.value])));
  const [answerErrors, setAnswerErrors] = useState<Record<number, string>>({});
  const answerMessages = useAnswerMessages();
  const form = useForm<InstitutionFormValues>({
    resolver,
    defaultValues: {
      title: saved?.title ?? '',
      abbreviation: saved?.abbreviation ?? '',
      religionId: saved ? String(saved.religionId) : '',
      levelId: saved ? String(saved.levelId) : '',
      parentId: saved?.parentId ? String(saved.parentId) : '',
      region: saved?.region ?? '',
      district: saved?.district ?? '',
      street: saved?.street ?? '',
      logoUploadId: saved?.logoUploadId ?? null,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const religionId = Number(form.watch('religionId')) || null;
  const levelId = Number(form.watch('levelId')) || null;
  const levels = (options?.levels ?? []).filter((level) => level.religionId === religionId);
  const level = levels.find((candidate) => candidate.id === levelId);
  const rankOf = (id: number) => options?.levels.find((candidate) => candidate.id === id)?.rank;
  const parents = level && level.rank > 1 ? (options?.parents ?? []).filter((parent) => parent.religionId === religionId && rankOf(parent.levelId) === level.rank - 1) : [];
  const label = (key: keyof typeof fieldLabels) => i18n._(fieldLabels[key]);
  const levelFields = (options?.customFields ?? []).filter((field) => field.levelId === levelId);

  const submit = form.handleSubmit(async (values) => {
    const step = toInstitutionStep(values, levelFields, answers);
    const badAnswers = answerMessages(customAnswerProblems(levelFields, answers));
    setAnswerErrors(badAnswers);
    if (Object.keys(badAnswers).length > 0) return;
    // The server checks the structure too; saying it here spares a round trip.
    if (level && level.rank > 1 && step.parentId === null) {
      form.setError('parentId', { type: 'server', message: i18n._(messages.boParentInvalid) });
      return;
    }
    try {
      await save.mutateAsync({ ...step, parentId: level && level.rank > 1 ? step.parentId : null });
      onSaved();
    } catch (error) {
      const placed = answerErrorsFrom(error, step.customFields);
      setAnswerErrors(placed.byField);
      if (placed.other) showServerErrors(form, error, FIELDS, t`You are offline. Connect to the internet and try again.`);
    }
  });

  const text = (key: 'title' | 'region' | 'district' | 'street', autoComplete: string) => (
    <Field id={`inst-${key}`} label={label(key)} error={fieldErrorWords(errors[key], label(key))}>
      <input id={`inst-${key}`} autoComplete={autoComplete} aria-invalid={Boolean(errors[key])} {...form.register(key)} />
    </Field>
  );

  return (
    <form className="form" noValidate onSubmit={submit} aria-labelledby="step-title">
      <h2 id="step-title" className="card-title">
        <Trans>Institution details</Trans>
      </h2>
      {errors.root ? (
        <p className="notice notice-error" role="alert">
          {errors.root.message}
        </p>
      ) : null}
      <div className="form-row">
        {text('title', 'organization')}
        <Field id="inst-abbreviation" label={label('abbreviation')} error={fieldErrorWords(errors.abbreviation, label('abbreviation'))} hint={t`2 to 10 letters or digits, e.g. UBG`}>
          <input id="inst-abbreviation" autoComplete="off" aria-invalid={Boolean(errors.abbreviation)} {...form.register('abbreviation')} />
        </Field>
      </div>
      <div className="form-row">
        <Field id="inst-religion" label={label('religionId')} error={fieldErrorWords(errors.religionId, label('religionId'))}>
          <select
            id="inst-religion"
            aria-invalid={Boolean(errors.religionId)}
            {...form.register('religionId', {
              onChange: () => {
                form.setValue('levelId', '');
                form.setValue('parentId', '');
              },
            })}
          >
            <option value="">{t`Choose…`}</option>
            {(options?.religions ?? []).map((religion) => (
              <option key={religion.id} value={religion.id}>
                {religion.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="inst-level" label={label('levelId')} error={fieldErrorWords(errors.levelId, label('levelId'))}>
          <select id="inst-level" aria-invalid={Boolean(errors.levelId)} disabled={!religionId} {...form.register('levelId', { onChange: () => form.setValue('parentId', '') })}>
            <option value="">{t`Choose…`}</option>
            {levels.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="inst-parent" label={label('parentId')} error={fieldErrorWords(errors.parentId, label('parentId'))} hint={level?.rank === 1 ? t`A top-level institution has no parent.` : undefined}>
          <select id="inst-parent" aria-invalid={Boolean(errors.parentId)} disabled={!level || level.rank === 1} {...form.register('parentId')}>
            <option value="">{t`Choose…`}</option>
            {parents.map((parent) => (
              <option key={parent.id} value={parent.id}>
                {parent.title}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className="form-row">
        {text('region', 'address-level1')}
        {text('district', 'address-level2')}
      </div>
      {text('street', 'address-line1')}
      <CustomAnswersFields fields={levelFields} answers={answers} errors={answerErrors} onChange={(fieldId, value) => setAnswers({ ...answers, [fieldId]: value })} />
      <FileUploadField
        id="inst-logo"
        label={t`Logo (optional)`}
        purpose="logo"
        currentName={logoName}
        error={fieldErrorWords(errors.logoUploadId, t`Logo`)}
        onUploaded={(upload) => {
          form.setValue('logoUploadId', upload.id);
          setLogoName(upload.name);
        }}
      />
      <div className="step-actions">
        <span />
        <BusyButton type="submit" className="btn btn-primary" busy={isSubmitting}>
          <Trans>Save and continue</Trans>
        </BusyButton>
      </div>
    </form>
  );
}
