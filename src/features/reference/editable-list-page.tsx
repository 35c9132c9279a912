import { useLingui } from '@lingui/react/macro';
import { Fragment, useState, type ReactNode } from 'react';
import { DataTable, type Column } from '../../components/ui/data-table';
import { ListCard, type ListAnswer } from '../../components/ui/list-card';

/** The button at the end of each row that opens it in the form ("Edit Dar es Salaam"). */
type RowAction<Row> = { label: (row: Row) => string; text: ReactNode };

type EditableListPageProps<Row extends { id: number }> = {
  headingId: string;
  /** The page's heading, also the table's caption. */
  title: string;
  newLabel: string;
  canCreate: boolean;
  list: ListAnswer<{ data: Row[] }>;
  emptyTitle?: string;
  columns: ReadonlyArray<Column | false>;
  /** One row's cells, in the order of `columns`. */
  cells: (row: Row) => ReactNode;
  /** Adds an Actions column; null when the reader may not open rows. */
  rowAction: RowAction<Row> | null;
  /** The form for a new record (null) or the one opened; `close` hides it. */
  editor: (row: Row | null, close: () => void) => ReactNode;
};

/**
 * A reference list (branches, religions, currencies, role groups) with its create/edit form opened
 * above the table: one form at a time, and New is offered only while none is open.
 */
export function EditableListPage<Row extends { id: number }>({ headingId, title, newLabel, canCreate, list, emptyTitle, columns, cells, rowAction, editor }: EditableListPageProps<Row>) {
  const { t } = useLingui();
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  return (
    <section className="page" aria-labelledby={headingId}>
      <div className="section-head">
        <h2 id={headingId} className="page-heading">
          {title}
        </h2>
        {canCreate && editing === null ? (
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            {newLabel}
          </button>
        ) : null}
      </div>
      {/* Keyed so that opening another row starts a fresh form. */}
      {editing !== null ? <Fragment key={editing === 'new' ? 'new' : editing.id}>{editor(editing === 'new' ? null : editing, () => setEditing(null))}</Fragment> : null}
      <ListCard list={list} offlineText={t`You are offline. This page needs a connection.`} emptyTitle={emptyTitle}>
        {(answer) => (
          <DataTable caption={title} columns={[...columns, rowAction !== null && t`Actions`]}>
            {answer.data.map((row) => (
              <tr key={row.id}>
                {cells(row)}
                {rowAction ? (
                  <td>
                    <button type="button" className="btn btn-link btn-small" aria-label={rowAction.label(row)} onClick={() => setEditing(row)}>
                      {rowAction.text}
                    </button>
                  </td>
                ) : null}
              </tr>
            ))}
          </DataTable>
        )}
      </ListCard>
    </section>
  );
}
