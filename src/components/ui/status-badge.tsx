import './status-badge.css';

export type StatusTone = 'success' | 'danger' | 'warning' | 'neutral' | 'info';

/** A pill with the status in words; the tone only reinforces what the words say. */
export function StatusBadge({ tone, label }: { tone: StatusTone; label: string }) {
  return <span className={`status-badge status-badge-${tone}`}>{label}</span>;
}
