import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ResetRequestInput } from '../../../domain/api/auth';
import { fieldLabels } from '../../../domain/messages';
import { Field } from '../../components/ui/field';
import { fieldErrorText } from '../../lib/form-errors';

const UsernameOnly = ResetRequestInput.pick({ username: true });

/** The first step of both reset ways: who is asking. */
export function UsernameForm({ submitLabel, busy, onSubmit }: { submitLabel: string; busy: boolean; onSubmit: (username: string) => void }) {
  const { t, i18n } = useLingui();
  const form = useForm<z.infer<typeof UsernameOnly>>({ resolver: zodResolver(UsernameOnly), defaultValues: { username: '' } });
  const error = form.formState.errors.username;
  return (
    <form className="form" noValidate onSubmit={form.handleSubmit((values) => onSubmit(values.username))}>
      <Field id="reset-username" label={t`Email or username`} error={fieldErrorText(error, i18n._(fieldLabels.username))}>
        <input id="reset-username" autoComplete="username" aria-invalid={Boolean(error)} {...form.register('username')} />
      </Field>
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}
