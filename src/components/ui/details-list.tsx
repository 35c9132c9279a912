import type { ReactNode } from 'react';

export type DetailItem = { label: string; value: ReactNode };

/** Label/value pairs as a description list, so screen readers read each value with its label. */
export function DetailsList({ items, label }: { items: DetailItem[]; label?: string }) {
  return (
    <dl className="details" aria-label={label}>
      {items.map((item) => (
        <div key={item.label} className="detail-row">
          <dt>{item.label}</dt>
          <dd>{item.value === null || item.value === undefined || item.value === '' ? <span className="muted">—</span> : item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
