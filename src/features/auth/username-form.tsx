import { useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { fieldLabels } from '../../../domain/messages';
import { Field } from '../../components/ui/field';
import { fieldErrorWords } from '../../components/ui/field-error-text';
import { issuesResolver } from '../../components/ui/issues-resolver';
import { signInName, usernameIssues, type UsernameValues } from './auth-form-rules';
import { BusyButton } from '../../components/ui/busy-button';

/** The first step of both reset ways: who is asking. */
export function UsernameForm({ submitLabel, busy, onSubmit }: { submitLabel: string; busy: boolean; onSubmit: (username: string) => void }) {
  const { t, i18n } = useLingui();
  const form = useForm<UsernameValues>({ resolver: issuesResolver(usernameIssues), defaultValues: { username: '' } });
  const error = form.formState.errors.username;
  return (
    <form className="form" noValidate onSubmit={form.handleSubmit((values) => onSubmit(signInName(values.username)))}>
      <Field id="reset-username" label={t`Email or username`} error={fieldErrorWords(error, i18n._(fieldLabels.username))}>
        <input id="reset-username" autoComplete="username" aria-invalid={Boolean(error)} {...form.register('username')} />
      </Field>
      <BusyButton type="submit" className="btn btn-primary btn-block" busy={busy}>
        {submitLabel}
      </BusyButton>
    </form>
  );
}
