import { useLingui } from '@lingui/react/macro';

/** An ISO instant shown in the reader's language and time zone, with the exact value kept in the markup. */
export function DateTime({ value, dateOnly = false }: { value: string | null | undefined; dateOnly?: boolean }) {
  const { i18n } = useLingui();
  if (!value) return <span className="muted">—</span>;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <span>{value}</span>;
  const format = new Intl.DateTimeFormat(i18n.locale, dateOnly ? { dateStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' });
  return <time dateTime={value}>{format.format(date)}</time>;
}
