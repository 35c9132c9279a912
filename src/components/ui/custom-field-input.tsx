import type { CustomFieldRule } from '../../../domain/custom-field-rules';

type Props = {
  id: string;
  field: CustomFieldRule;
  value: string;
  invalid: boolean;
  /** The id of the error text shown beside it, when there is one. */
  errorId?: string;
  onChange: (value: string) => void;
};

/**
 * The control for one custom field (ADR 047) by its data type: a list of its items for a choice, a
 * date picker for a date, text otherwise (numbers with a number keyboard). The staff edit on the
 * institution profile and the public registration draw the same controls.
 */
export function CustomFieldInput({ id, field, value, invalid, errorId, onChange }: Props) {
  if (field.dataType === 'choice') {
    return (
      <select id={id} value={value} aria-invalid={invalid || undefined} aria-describedby={invalid ? errorId : undefined} onChange={(event) => onChange(event.target.value)}>
        <option value="">—</option>
        {field.items.map((item) => (
          <option key={item} value={item}>
            {item}
          </option>
        ))}
      </select>
    );
  }
  return (
    <input
      id={id}
      type={field.dataType === 'date' ? 'date' : 'text'}
      inputMode={field.dataType === 'number' ? 'decimal' : undefined}
      value={value}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? errorId : undefined}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
