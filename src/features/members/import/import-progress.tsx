import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { ImportProgress } from './import-messages';

/**
 * A labelled <progress> (issue 13: a 100,000-row import shows progress throughout). The label sits
 * in a polite live region and changes only when the phase does; the bar and its percentage change
 * often and are read on demand, so a screen reader is not flooded. `total` 0: a moving bar.
 */
export function ImportProgressBar({ label, done, total, detail }: { label: string; done: number; total: number; detail?: string }) {
  const id = useId();
  return (
    <div className="import-progress">
      <p role="status">
        <label htmlFor={id}>{label}</label>
      </p>
      {total > 0 ? <progress id={id} max={total} value={Math.min(done, total)} /> : <progress id={id} />}
      {detail ? <p className="muted">{detail}</p> : null}
    </div>
  );
}

/** The worker's phases in words: reading the bytes, fingerprinting them, parsing, checking the rows. */
export function ReadingProgress({ progress }: { progress: ImportProgress }) {
  const { t } = useLingui();
  const { phase, done, total } = progress;
  const label =
    phase === 'reading'
      ? t`Reading the file…`
      : phase === 'hashing'
        ? t`Taking the file's fingerprint…`
        : phase === 'parsing'
          ? t`Reading the rows…`
          : t`Checking the rows…`;
  const percent = total > 0 ? Math.floor((Math.min(done, total) / total) * 100) : null;
  const detail = phase === 'checking' ? t`${done} of ${total} rows checked` : percent === null ? undefined : t`${percent}%`;
  return <ImportProgressBar label={label} done={done} total={total} detail={detail} />;
}
