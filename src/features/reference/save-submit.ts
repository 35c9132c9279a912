import { useLingui } from '@lingui/react/macro';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { showToast } from '../../lib/toast';
import { showServerErrors } from '../../lib/form-errors';

/**
 * A reference form's submit handler: save the checked values, say "Saved" and close. The server's
 * refusal of one of the form's own fields lands beside it; anything else above the form.
 */
export function useSaveSubmit<T extends FieldValues>(form: UseFormReturn<T>, save: (values: T) => Promise<unknown>, onDone: () => void) {
  const { t } = useLingui();
  return form.handleSubmit(async (values) => {
    try {
      await save(values);
      showToast({ tone: 'success', message: t`Saved` });
      onDone();
    } catch (error) {
      showServerErrors(form, error, Object.keys(form.getValues()), t`You are offline. Connect to the internet and try again.`);
    }
  });
}
