import type { ReactNode } from 'react';

type ChoiceFilterProps<V extends string> = {
  id: string;
  /** '' is "all". */
  value: V | '';
  allLabel: string;
  options: ReadonlyArray<{ value: V; label: ReactNode }>;
  onChange: (value: V | '') => void;
};

/** A list filter's select: "All …" (no filter) first, then one choice each. */
export function ChoiceFilter<V extends string>({ id, value, allLabel, options, onChange }: ChoiceFilterProps<V>) {
  return (
    <select id={id} value={value} onChange={(event) => onChange(event.target.value as V | '')}>
      <option value="">{allLabel}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
