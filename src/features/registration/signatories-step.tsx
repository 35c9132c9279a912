import { Trans, useLingui } from '@lingui/react/macro';
import { useFieldArray, useForm } from 'react-hook-form';
import type { RegistrationView } from '../../../domain/api/back-office-registration';
import { MAX_SIGNATORIES } from '../../../domain/registration-rules';
import { COUNTRY_CODE } from '../../../domain/limits';
import { fieldLabels } from '../../../domain/messages';
import { Field } from '../../components/ui/field';
import { PhoneInput } from '../../components/ui/phone-input';
import { fieldErrorWords } from '../../components/ui/field-error-text';
import { issuesResolver } from '../../components/ui/issues-resolver';
import { preloadPhoneRules } from '../../lib/form-phone-rules';
import { useSaveSignatories } from './api';
import { FileUploadField } from './file-upload-field';
import { showServerErrors } from './server-errors';
import { signatoriesFormIssues, toSignatoriesStep, type SignatoriesFormValues, type SignatoryFormValues } from './step-forms';
import { BusyButton } from '../../components/ui/busy-button';

const resolver = issuesResolver(signatoriesFormIssues);

const blank: SignatoryFormValues = { name: '', phoneCountry: COUNTRY_CODE, phone: '', email: '', documentUploadId: null, documentName: '' };

/** Step 3: the account's signatories (1 to 5), each with the signed form scanned or photographed. */
export function SignatoriesStepForm({ view, onSaved, onBack }: { view: RegistrationView; onSaved: () => void; onBack: () => void }) {
  const { t, i18n } = useLingui();
  const save = useSaveSignatories();
  const saved = view.data.signatories ?? [];
  const form = useForm<SignatoriesFormValues>({
    resolver,
    defaultValues: {
      signatories:
        saved.length > 0
          ? saved.map((row) => ({
              name: row.name,
              phoneCountry: COUNTRY_CODE,
              phone: row.phone,
              email: row.email ?? '',
              documentUploadId: row.documentUploadId,
              documentName: view.uploads.find((upload) => upload.id === row.documentUploadId)?.name ?? '',
            }))
          : [blank],
    },
  });
  const rows = useFieldArray({ control: form.control, name: 'signatories' });
  const { errors, isSubmitting } = form.formState;
  const label = (key: 'name' | 'phone' | 'email' | 'documentUploadId') => i18n._(fieldLabels[key]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(toSignatoriesStep(values));
      onSaved();
    } catch (error) {
      showServerErrors(form, error, ['signatories'], t`You are offline. Connect to the internet and try again.`);
    }
  });

  return (
    <form className="form" noValidate onSubmit={submit} aria-labelledby="step-title">
      <h2 id="step-title" className="card-title">
        <Trans>Signatories</Trans>
      </h2>
      <p className="muted">
        <Trans>Add the people who sign for the account, each with their signed form (PDF, PNG or JPEG, at most 15 MB).</Trans>
      </p>
      {errors.root ? (
        <p className="notice notice-error" role="alert">
          {errors.root.message}
        </p>
      ) : null}
      {errors.signatories?.message ? (
        <p className="notice notice-error" role="alert">
          {fieldErrorWords(errors.signatories, i18n._(fieldLabels.signatories))}
        </p>
      ) : null}
      {rows.fields.map((row, index) => {
        const rowErrors = errors.signatories?.[index];
        const number = index + 1;
        const documentName = form.watch(`signatories.${index}.documentName`);
        return (
          <fieldset key={row.id} className="signatory">
            <legend>{t`Signatory ${number}`}</legend>
            <div className="form-row">
              <Field id={`sig-${index}-name`} label={label('name')} error={fieldErrorWords(rowErrors?.name, label('name'))}>
                <input id={`sig-${index}-name`} autoComplete="off" aria-invalid={Boolean(rowErrors?.name)} {...form.register(`signatories.${index}.name`)} />
              </Field>
              <Field id={`sig-${index}-email`} label={t`Email (optional)`} error={fieldErrorWords(rowErrors?.email, label('email'))}>
                <input id={`sig-${index}-email`} type="email" autoComplete="off" aria-invalid={Boolean(rowErrors?.email)} {...form.register(`signatories.${index}.email`)} />
              </Field>
            </div>
            <Field id={`sig-${index}-phone`} label={label('phone')} error={fieldErrorWords(rowErrors?.phone, label('phone'))}>
              <PhoneInput
                id={`sig-${index}-phone`}
                country={form.watch(`signatories.${index}.phoneCountry`)}
                onCountryChange={(code) => form.setValue(`signatories.${index}.phoneCountry`, code)}
                pickerLoads="on-press"
                onFocus={preloadPhoneRules}
                aria-invalid={Boolean(rowErrors?.phone)}
                {...form.register(`signatories.${index}.phone`)}
              />
            </Field>
            <FileUploadField
              id={`sig-${index}-document`}
              label={label('documentUploadId')}
              purpose="document"
              currentName={documentName || null}
              error={fieldErrorWords(rowErrors?.documentUploadId, label('documentUploadId'))}
              onUploaded={(upload) => {
                form.setValue(`signatories.${index}.documentUploadId`, upload.id, { shouldValidate: form.formState.isSubmitted });
                form.setValue(`signatories.${index}.documentName`, upload.name);
              }}
            />
            {rows.fields.length > 1 ? (
              <button type="button" className="btn btn-link" onClick={() => rows.remove(index)}>
                {t`Remove signatory ${number}`}
              </button>
            ) : null}
          </fieldset>
        );
      })}
      {rows.fields.length < MAX_SIGNATORIES ? (
        <button type="button" className="btn btn-secondary" onClick={() => rows.append(blank)}>
          <Trans>Add another signatory</Trans>
        </button>
      ) : null}
      <div className="step-actions">
        <button type="button" className="btn btn-secondary" onClick={onBack}>
          <Trans>Back</Trans>
        </button>
        <BusyButton type="submit" className="btn btn-primary" busy={isSubmitting}>
          <Trans>Save and continue</Trans>
        </BusyButton>
      </div>
    </form>
  );
}
