import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useFieldArray, useForm, type FieldErrors } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { issuesResolver, nestErrors, type FormIssue } from '../../src/components/ui/issues-resolver';

// issuesResolver turns a plain check's issues, keyed by path, into react-hook-form's error tree
// (without @hookform/resolvers): a nested path must land where react-hook-form and useFieldArray
// look for it, with the field's element so the form can focus the first refused field.

type Values = { payer: string; lines: { amount: string }[] };

function Form({ issues, seen }: { issues: (values: Values) => FormIssue[] | Promise<FormIssue[]>; seen: (errors: FieldErrors<Values>) => void }) {
  const form = useForm<Values>({ resolver: issuesResolver(issues), defaultValues: { payer: 'Neema', lines: [{ amount: '100' }, { amount: '' }] } });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const { errors } = form.formState;
  seen(errors);
  return (
    <form noValidate onSubmit={form.handleSubmit(() => undefined)}>
      <label>
        Payer
        <input {...form.register('payer')} />
      </label>
      {lines.fields.map((line, index) => (
        <label key={line.id}>
          Amount {index + 1}
          <input {...form.register(`lines.${index}.amount`)} />
        </label>
      ))}
      <p>{errors.lines?.root?.message ?? ''}</p>
      <p>{errors.lines?.[1]?.amount?.message ?? ''}</p>
      <button type="submit">Save</button>
    </form>
  );
}

async function submitWith(issues: (values: Values) => FormIssue[] | Promise<FormIssue[]>): Promise<FieldErrors<Values>> {
  let latest: FieldErrors<Values> = {};
  render(<Form issues={issues} seen={(errors) => (latest = errors)} />);
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(Object.keys(latest).length).toBeGreaterThan(0));
  return latest;
}

describe('issuesResolver', () => {
  it('puts "lines.1.amount" at errors.lines[1].amount, with its element, and focuses it', async () => {
    const errors = await submitWith(() => [{ path: 'lines.1.amount', message: 'validation.required' }]);
    expect(errors.lines?.[1]?.amount).toMatchObject({ type: 'validate', message: 'validation.required' });
    expect(errors.lines?.[1]?.amount?.ref).toBe(screen.getByLabelText('Amount 2'));
    expect(errors.lines?.[0]).toBeUndefined();
    expect(errors.payer).toBeUndefined();
    expect(screen.getByText('validation.required')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Amount 2')));
  });

  it('shows the first issue of a field, and waits for a check that must load something first', async () => {
    const errors = await submitWith(async () => [
      { path: 'payer', message: 'validation.invalid' },
      { path: 'payer', message: 'validation.required' },
    ]);
    expect(errors.payer?.message).toBe('validation.invalid');
    expect(errors.payer?.ref).toBe(screen.getByLabelText('Payer'));
  });

  it('puts an issue of the field array itself at its root, beside its lines’ issues', async () => {
    const errors = await submitWith(() => [
      { path: 'lines', message: 'backoffice.tooManySignatories' },
      { path: 'lines.1.amount', message: 'validation.required' },
    ]);
    expect(errors.lines?.root).toMatchObject({ type: 'validate', message: 'backoffice.tooManySignatories' });
    expect(errors.lines?.[1]?.amount?.message).toBe('validation.required');
    expect(screen.getByText('backoffice.tooManySignatories')).toBeTruthy();
  });

  it('passes valid values through unchanged', async () => {
    const resolve = issuesResolver<Values>(() => []);
    const values = { payer: ' Neema ', lines: [{ amount: '100' }] };
    const result = await resolve(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.values).toBe(values);
    expect(result.errors).toEqual({});
  });
});

describe('nestErrors', () => {
  it('reads bracketed paths as react-hook-form does, and a field it does not know has no element', () => {
    const nested = nestErrors<Values>(
      { 'lines[2].amount': { type: 'validate', message: 'validation.invalid' }, payer: { type: 'validate', message: 'validation.required' } },
      { fields: {}, names: ['lines.2.amount', 'payer'], shouldUseNativeValidation: false },
    );
    expect(nested.lines?.[2]?.amount).toStrictEqual({ type: 'validate', message: 'validation.invalid', ref: undefined });
    expect(nested.payer).toStrictEqual({ type: 'validate', message: 'validation.required', ref: undefined });
  });
});
