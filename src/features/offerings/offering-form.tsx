import { useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import type { OfferingTypeDetails } from '../../../domain/api/offerings';
import { MAX_OFFERING_TITLE } from '../../../domain/api/offerings';
import { fieldLabels, messages } from '../../../domain/messages';
import { bpToPercent, divisionsProblem, percentToBp } from '../../../domain/offering-rules';
import { Field } from '../../components/ui/field';
import { fieldErrorWords } from '../../components/ui/field-error-text';
import { InlineForm } from '../../components/ui/inline-form';
import { showServerErrors } from '../../lib/form-errors';
import { showToast } from '../../lib/toast';
import { useSaveOfferingType } from './api';

type Values = { title: string; churchBp: string; fieldBp: string; unionBp: string; active: boolean };
const SHARES = ['churchBp', 'fieldBp', 'unionBp'] as const;

/** What the three inputs add up to, in basis points; null while one of them is not a percentage. */
function totalOf(values: Pick<Values, (typeof SHARES)[number]>): number | null {
  const parts = SHARES.map((share) => percentToBp(values[share] || '0'));
  return parts.some((part) => part === null) ? null : parts.reduce<number>((sum, part) => sum + part!, 0);
}

/**
 * A type's title and its three shares in percent, with the running total beside them. A total
 * other than 100% is refused here in the spec's words, and again by the server.
 */
export function OfferingTypeForm({ institutionId, type, onDone }: { institutionId: number; type: OfferingTypeDetails | null; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const save = useSaveOfferingType();
  const form = useForm<Values>({
    defaultValues: {
      title: type?.title ?? '',
      churchBp: type ? bpToPercent(type.churchBp) : '',
      fieldBp: type ? bpToPercent(type.fieldBp) : '',
      unionBp: type ? bpToPercent(type.unionBp) : '',
      active: type?.active ?? true,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const watched = form.watch(['churchBp', 'fieldBp', 'unionBp']);
  const total = totalOf({ churchBp: watched[0], fieldBp: watched[1], unionBp: watched[2] });
  const titleLabel = i18n._(fieldLabels.title);

  const submit = form.handleSubmit(async (values) => {
    const churchBp = percentToBp(values.churchBp || '0');
    const fieldBp = percentToBp(values.fieldBp || '0');
    const unionBp = percentToBp(values.unionBp || '0');
    if (churchBp === null || fieldBp === null || unionBp === null) return;
    const problem = divisionsProblem({ churchBp, fieldBp, unionBp });
    if (problem) {
      form.setError('churchBp', { type: 'server', message: i18n._(problem === 'over' ? messages.divisionsOver : messages.divisionsUnder) });
      return;
    }
    try {
      const body = { title: values.title.trim(), churchBp, fieldBp, unionBp, active: values.active };
      await save.mutateAsync({ id: type?.id ?? null, input: type ? body : { ...body, institutionId } });
      showToast({ tone: 'success', message: t`Saved` });
      onDone();
    } catch (error) {
      showServerErrors(form, error, ['title', ...SHARES], t`You are offline. Connect to the internet and try again.`);
    }
  });

  const share = (key: (typeof SHARES)[number], id: string) => {
    const label = i18n._(fieldLabels[key]);
    return (
      <Field id={id} label={`${label} (%)`} error={fieldErrorWords(errors[key], label)}>
        <input
          id={id}
          inputMode="decimal"
          aria-invalid={Boolean(errors[key])}
          {...form.register(key, { validate: (value) => (value === '' || percentToBp(value) !== null ? true : 'validation.invalid') })}
        />
      </Field>
    );
  };

  return (
    <InlineForm titleId="offering-form-title" title={type ? t`Edit ${type.title}` : t`New offering type`} failure={errors.root?.message} busy={isSubmitting} onSubmit={submit} onCancel={onDone}>
      <Field id="offering-title" label={titleLabel} error={fieldErrorWords(errors.title, titleLabel)}>
        <input id="offering-title" maxLength={MAX_OFFERING_TITLE} aria-invalid={Boolean(errors.title)} {...form.register('title', { validate: (value) => (value.trim() ? true : 'validation.required') })} />
      </Field>
      <div className="form-row">
        {share('churchBp', 'offering-church')}
        {share('fieldBp', 'offering-field')}
        {share('unionBp', 'offering-union')}
      </div>
      <p className={total === 10_000 ? 'notice notice-success' : 'notice notice-warning'} aria-live="polite">
        {total === null ? t`Total: enter each share as a percentage` : t`Total: ${bpToPercent(total)}% of 100%`}
      </p>
      {type ? (
        <label className="checkbox">
          <input type="checkbox" {...form.register('active')} />
          {t`Active (offered at the desk and for giving)`}
        </label>
      ) : null}
    </InlineForm>
  );
}
