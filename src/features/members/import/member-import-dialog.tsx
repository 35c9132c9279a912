import { i18n, type MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import type { MemberImportResult } from '../../../../domain/api/members';
import { toCsvRecord } from '../../../../domain/csv-table';
import { describeImportIssues, describeMissingColumns, type Translate } from '../../../../domain/member-import-report';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { errorText } from '../../../lib/error-message';
import type { ImportProgress, ParsedImport } from './import-messages';
import { ImportProgressBar, ReadingProgress } from './import-progress';
import { membersTemplate, parseMembersFile, sendMembersFile } from './import-client';
import { type ImportPlace, ImportPlacePicker } from './import-place-picker';
import { BusyButton } from '../../../components/ui/busy-button';

type Step =
  | { name: 'choose'; problem?: string }
  | { name: 'reading'; progress: ImportProgress }
  | { name: 'preview'; parsed: ParsedImport; fileName: string }
  | { name: 'sending'; sent: number; total: number }
  | { name: 'done'; result: MemberImportResult; problem?: string };

/** Domain descriptors in the reader's language (the report's reasons, as the server words them). */
const translate: Translate = (descriptor, values) => {
  const withValues: MessageDescriptor = { ...descriptor, values };
  return i18n._(withValues);
};

function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Bulk add (issue 13): template downloads in both languages, a CSV or XLSX file parsed and checked
 * in a Web Worker, a preview of what will be stored and refused, batches sent with progress, and
 * the server's report of refused lines (also as a CSV). `onImported` runs once members were stored.
 * Without an `institutionId` (users above congregations) the dialog first asks which church or mosque.
 */
export function MemberImportDialog({ institutionId, onClose, onImported }: { institutionId: number | null; onClose: () => void; onImported: () => void }) {
  const { t } = useLingui();
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [place, setPlace] = useState<ImportPlace | null>(null);
  const target = institutionId ?? place?.id ?? null;
  const picking = institutionId === null;
  const fileInput = useRef<HTMLInputElement>(null);
  const busy = step.name === 'reading' || step.name === 'sending';

  const template = async (language: 'sw' | 'en', format: 'csv' | 'xlsx') => {
    save(await membersTemplate(language, format), `${language === 'sw' ? 'waumini' : 'members'}-template.${format}`);
  };

  const read = async (file: File | undefined) => {
    if (!file) return;
    setStep({ name: 'reading', progress: { phase: 'reading', done: 0, total: file.size } });
    const parsed = await parseMembersFile(file, (progress) => setStep({ name: 'reading', progress }));
    if ('error' in parsed) setStep({ name: 'choose', problem: parsed.error === 'tooLarge' ? t`The file is larger than 15 MB` : t`Only CSV or Excel (.xlsx) files are accepted` });
    else if (parsed.missing.length > 0) setStep({ name: 'choose', problem: describeMissingColumns(parsed.missing, translate) });
    else setStep({ name: 'preview', parsed, fileName: file.name });
  };

  const send = async (parsed: ParsedImport) => {
    setStep({ name: 'sending', sent: 0, total: parsed.batches.length });
    const sum: MemberImportResult = { created: 0, duplicates: 0, refused: [] };
    try {
      const result = await sendMembersFile(parsed, target, (sent, total) => setStep({ name: 'sending', sent, total }), sum);
      setStep({ name: 'done', result });
    } catch (error) {
      // What was stored stays stored; sending the same file again skips it.
      setStep({ name: 'done', result: sum, problem: errorText(error, t`The connection dropped. Send the same file again to finish; nobody is added twice.`) });
    }
    if (sum.created > 0) onImported();
  };

  const report = (result: MemberImportResult) => {
    const lines = [toCsvRecord([t`Line`, t`Reason`]), ...result.refused.map((row) => toCsvRecord([String(row.line), row.message], true))];
    save(new Blob(['\uFEFF' + lines.join('\r\n') + '\r\n'], { type: 'text/csv;charset=utf-8' }), 'members-import-report.csv');
  };

  return (
    <ModalDialog labelledBy="member-import-title" className="dialog card member-import" onCancel={onClose} busy={busy}>
      <h2 id="member-import-title">
        <Trans>Import members from a file</Trans>
      </h2>
      {(step.name === 'choose' || step.name === 'preview') && picking ? <ImportPlacePicker value={place} onChange={setPlace} /> : null}
      {step.name === 'choose' ? (
        <>
          <p>
            <Trans>
              A CSV or Excel (.xlsx) file of at most 15 MB. The first row names the columns: first name, last name, phone, gender and country are required.
            </Trans>
          </p>
          <div className="export-actions" role="group" aria-label={t`Download a template`}>
            <button type="button" className="btn btn-secondary btn-small" onClick={() => void template('en', 'csv')}>
              <Trans>Template CSV (English)</Trans>
            </button>
            <button type="button" className="btn btn-secondary btn-small" onClick={() => void template('en', 'xlsx')}>
              <Trans>Template Excel (English)</Trans>
            </button>
            <button type="button" className="btn btn-secondary btn-small" onClick={() => void template('sw', 'csv')}>
              <Trans>Template CSV (Swahili)</Trans>
            </button>
            <button type="button" className="btn btn-secondary btn-small" onClick={() => void template('sw', 'xlsx')}>
              <Trans>Template Excel (Swahili)</Trans>
            </button>
          </div>
          <div className="field">
            <label htmlFor="member-import-file">
              <Trans>Members file</Trans>
            </label>
            <input
              id="member-import-file"
              ref={fileInput}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-describedby={step.problem ? 'member-import-problem' : undefined}
              onChange={(event) => void read(event.target.files?.[0])}
            />
          </div>
          {step.problem ? (
            <p id="member-import-problem" className="notice notice-error" role="alert">
              {step.problem}
            </p>
          ) : null}
        </>
      ) : null}
      {step.name === 'reading' ? <ReadingProgress progress={step.progress} /> : null}
      {step.name === 'preview' ? (
        <>
          <p role="status">
            <Trans>
              {step.fileName}: {step.parsed.rows} rows, {step.parsed.accepted} ready to add, {step.parsed.refused.length} with problems.
            </Trans>
          </p>

          {step.parsed.refused.length > 0 ? <RefusedTable rows={step.parsed.refused} reason={(line) => describeImportIssues(line.issues, translate)} /> : null}
        </>
      ) : null}
      {step.name === 'sending' ? (
        <ImportProgressBar label={t`Sending part ${step.sent} of ${step.total}…`} done={step.sent} total={step.total} />
      ) : null}
      {step.name === 'done' ? (
        <>
          {step.problem ? (
            <p className="notice notice-error" role="alert">
              {step.problem}
            </p>
          ) : null}
          <p role="status">
            <Trans>
              Added {step.result.created} members; {step.result.duplicates} were already there; {step.result.refused.length} lines refused.
            </Trans>
          </p>
          {step.result.refused.length > 0 ? (
            <>
              <RefusedTable rows={step.result.refused} reason={(row) => row.message} />
              <button type="button" className="btn btn-secondary btn-small" onClick={() => report(step.result)}>
                <Trans>Download the report</Trans>
              </button>
            </>
          ) : null}
        </>
      ) : null}
      <div className="dialog-actions">
        {step.name === 'preview' ? (
          <>
            <button type="button" className="btn btn-secondary" onClick={() => setStep({ name: 'choose' })}>
              <Trans>Choose another file</Trans>
            </button>
            <button type="button" className="btn btn-primary" disabled={step.parsed.accepted === 0 || target === null} onClick={() => void send(step.parsed)}>
              <Trans>Add {step.parsed.accepted} members</Trans>
            </button>
          </>
        ) : null}
        <BusyButton type="button" className="btn btn-secondary" busy={busy} onClick={onClose}>
          {step.name === 'done' ? <Trans>Close</Trans> : <Trans>Cancel</Trans>}
        </BusyButton>
      </div>
    </ModalDialog>
  );
}

/** A page of lines is enough to read; the downloaded report has them all (100,000 rows must not freeze the page). */
const SHOWN_LINES = 200;

/** The first lines only are worded (a 100,000-line report is worded when downloaded, not on every render). */
function RefusedTable<Row extends { line: number }>({ rows, reason }: { rows: readonly Row[]; reason: (row: Row) => string }) {
  const { t } = useLingui();
  const shown = rows.slice(0, SHOWN_LINES);
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={t`Refused lines`}>
      <table>
        <caption>{t`Refused lines`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Line`}</th>
            <th scope="col">{t`Reason`}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr key={row.line}>
              <td>{row.line}</td>
              <td>{reason(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > shown.length ? (
        <p>
          <Trans>
            The first {shown.length} of {rows.length} lines; the report has them all.
          </Trans>
        </p>
      ) : null}
    </div>
  );
}
