import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CUSTOM_FIELD_TYPES, type CustomField, type CustomFieldType, type Level } from '../../../domain/api/structure';
import { DataTable } from '../../components/ui/data-table';
import { ListCard } from '../../components/ui/list-card';
import { errorText } from '../../lib/error-message';
import { showToast } from '../../lib/toast';
import { structureQueries, useDeleteField, useSaveField } from './api';
import { FormFooter } from './form-footer';
import { BusyButton } from '../../components/ui/busy-button';

const TYPE_LABELS = { text: msg`Text`, number: msg`Number`, date: msg`Date`, choice: msg`Choice` } as const;

type Editing = { kind: 'new' } | { kind: 'edit'; field: CustomField } | null;

/** One level's custom fields: the default first (never offered for removal), then the rest. */
export function CustomFieldsSection({ level }: { level: Level }) {
  const { t, i18n } = useLingui();
  const fields = useQuery(structureQueries.fields(level.id));
  const remove = useDeleteField();
  const [editing, setEditing] = useState<Editing>(null);
  const drop = async (field: CustomField) => {
    try {
      await remove.mutateAsync(field.id);
      showToast({ tone: 'success', message: t`Field ${field.label} removed` });
    } catch (error) {
      showToast({ tone: 'error', message: errorText(error, t`You are offline. Connect to the internet and try again.`) });
    }
  };
  return (
    <section aria-labelledby="fields-heading">
      <div className="section-head">
        <h3 id="fields-heading">{t`Custom fields of ${level.nameEn}`}</h3>
        {editing === null ? (
          <button type="button" className="btn btn-primary" onClick={() => setEditing({ kind: 'new' })}>
            <Trans>New custom field</Trans>
          </button>
        ) : null}
      </div>
      {editing ? <FieldForm key={editing.kind === 'edit' ? editing.field.id : 'new'} levelId={level.id} field={editing.kind === 'edit' ? editing.field : null} onDone={() => setEditing(null)} /> : null}
      <ListCard list={fields} offlineText={t`You are offline. This page needs a connection.`} emptyTitle={t`This level has no custom fields`}>
        {(answer) => (
          <DataTable caption={t`Custom fields of ${level.nameEn}`} columns={[t`Label`, t`Data type`, { label: t`Minimum characters`, numeric: true }, { label: t`Maximum characters`, numeric: true }, t`Items`, { label: t`Actions`, hidden: true }]}>
            {answer.data.map((field) => (
              <tr key={field.id}>
                <th scope="row">
                  {field.label}
                  {field.isDefault ? <span className="muted"> ({t`default`})</span> : null}
                </th>
                <td>{i18n._(TYPE_LABELS[field.dataType])}</td>
                <td className="num">{field.minChars ?? '—'}</td>
                <td className="num">{field.maxChars ?? '—'}</td>
                <td>{field.items.length > 0 ? field.items.join(', ') : '—'}</td>
                <td className="row-actions">
                  <button type="button" className="btn btn-link btn-small" aria-label={t`Edit ${field.label}`} onClick={() => setEditing({ kind: 'edit', field })}>
                    <Trans>Edit</Trans>
                  </button>{' '}
                  {field.isDefault ? null : (
                    <BusyButton type="button" className="btn btn-link btn-small" aria-label={t`Remove ${field.label}`} busy={remove.isPending} onClick={() => void drop(field)}>
                      <Trans>Remove</Trans>
                    </BusyButton>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </ListCard>
    </section>
  );
}

function FieldForm({ levelId, field, onDone }: { levelId: number; field: CustomField | null; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const save = useSaveField();
  const [draft, setDraft] = useState({
    label: field?.label ?? '',
    dataType: (field?.dataType ?? 'text') as CustomFieldType,
    minChars: field?.minChars?.toString() ?? '',
    maxChars: field?.maxChars?.toString() ?? '',
    items: field?.items.join('\n') ?? '',
    isDefault: field?.isDefault ?? false,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const chars = (value: string) => (value.trim() === '' ? null : Number(value));
  return (
    <form
      className="card form"
      aria-labelledby="field-form-heading"
      onSubmit={(event) => {
        event.preventDefault();
        setProblem(null);
        const items = draft.items
          .split('\n')
          .map((item) => item.trim())
          .filter(Boolean);
        save.mutate(
          {
            id: field?.id ?? null,
            input: { levelId, label: draft.label, dataType: draft.dataType, minChars: chars(draft.minChars), maxChars: chars(draft.maxChars), items, isDefault: draft.isDefault },
          },
          { onSuccess: onDone, onError: (error) => setProblem(errorText(error, t`You are offline. Connect to the internet and try again.`)) },
        );
      }}
    >
      <h4 id="field-form-heading">{field ? t`Edit ${field.label}` : t`New custom field`}</h4>
      <div className="form-row">
        <div className="field">
          <label htmlFor="field-label">{t`Label`}</label>
          <input id="field-label" required maxLength={80} value={draft.label} onChange={(event) => setDraft({ ...draft, label: event.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="field-type">{t`Data type`}</label>
          <select id="field-type" value={draft.dataType} onChange={(event) => setDraft({ ...draft, dataType: event.target.value as CustomFieldType })}>
            {CUSTOM_FIELD_TYPES.map((type) => (
              <option key={type} value={type}>
                {i18n._(TYPE_LABELS[type])}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="field-min">{t`Minimum characters`}</label>
          <input id="field-min" type="number" min={0} max={500} value={draft.minChars} onChange={(event) => setDraft({ ...draft, minChars: event.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="field-max">{t`Maximum characters`}</label>
          <input id="field-max" type="number" min={1} max={500} value={draft.maxChars} onChange={(event) => setDraft({ ...draft, maxChars: event.target.value })} />
        </div>
      </div>
      {draft.dataType === 'choice' ? (
        <div className="field">
          <label htmlFor="field-items">{t`Items, one per line`}</label>
          <textarea id="field-items" rows={4} value={draft.items} onChange={(event) => setDraft({ ...draft, items: event.target.value })} />
        </div>
      ) : null}
      {field?.isDefault ? (
        <p className="muted">{t`This is the level's default field: it can be changed but not removed.`}</p>
      ) : (
        <div className="field">
          <label>
            <input type="checkbox" checked={draft.isDefault} onChange={(event) => setDraft({ ...draft, isDefault: event.target.checked })} /> {t`Make this the level's default field`}
          </label>
        </div>
      )}
      <FormFooter failure={problem} busy={save.isPending} onCancel={onDone} />
    </form>
  );
}
