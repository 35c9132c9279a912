import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ScrollRegion } from './scroll-region';

/** A column heading: plain text, or right-aligned for numbers, or named for screen readers only (an actions column). */
export type Column = string | { label: string; numeric?: boolean; hidden?: boolean };

type DataTableProps = {
  columns: ReadonlyArray<Column | false>;
  /** Read by screen readers only: the page's heading already says it on screen. */
  caption?: string;
  className?: string;
  /** The wrapper is a card itself when the table stands alone on the page. */
  inCard?: boolean;
  footer?: ReactNode;
  children: ReactNode;
};

/** The back office's list table: it scrolls sideways inside its wrapper and names every column; `false` leaves a column out. */
export function DataTable({ columns, caption, className, inCard, footer, children }: DataTableProps) {
  const { t } = useLingui();
  return (
    <ScrollRegion className={inCard ? 'card table-wrap' : 'table-wrap'} label={caption ?? t`Table`}>
      <table className={className ? `table ${className}` : 'table'}>
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((column, index) => {
              if (column === false) return null;
              const { label, numeric, hidden } = typeof column === 'string' ? { label: column } : column;
              return (
                <th key={index} scope="col" className={numeric ? 'num' : undefined}>
                  {hidden ? <span className="visually-hidden">{label}</span> : label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
        {footer ? <tfoot>{footer}</tfoot> : null}
      </table>
    </ScrollRegion>
  );
}
