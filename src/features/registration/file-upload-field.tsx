import { useLingui } from '@lingui/react/macro';
import { useState, type ChangeEvent } from 'react';
import type { UploadInfo } from '../../../domain/api/back-office';
import { MAX_UPLOAD_BYTES } from '../../../domain/limits';
import { messages } from '../../../domain/messages';
import { errorText } from '../../lib/error-message';
import { uploadFile } from './api';

export const UPLOAD_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;

/** The checks the server repeats (by content): said at once so nobody waits for 15 MB to be refused. */
export function uploadProblem(file: File): { id: string; message: string } | null {
  if (file.size > MAX_UPLOAD_BYTES) return messages.boUploadTooLarge;
  if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) return messages.boUploadType;
  return null;
}

type Props = {
  id: string;
  label: string;
  purpose: 'document' | 'logo';
  /** The file already attached (its original name), if any. */
  currentName: string | null;
  error?: string;
  onUploaded: (upload: UploadInfo) => void;
};

/** A file chooser that uploads at once, so the step only carries the upload's id. */
export function FileUploadField({ id, label, purpose, currentName, error, onUploaded }: Props) {
  const { t, i18n } = useLingui();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const change = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const refused = uploadProblem(file);
    if (refused) {
      setProblem(i18n._(refused));
      event.target.value = '';
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      onUploaded(await uploadFile(file, purpose));
    } catch (caught) {
      setProblem(errorText(caught, t`You are offline. Connect to the internet and try again.`));
      event.target.value = '';
    } finally {
      setBusy(false);
    }
  };
  const shown = problem ?? error;
  return (
    <div className={shown ? 'field file-field field-invalid' : 'field file-field'}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept={UPLOAD_TYPES.join(',')}
        aria-invalid={Boolean(shown)}
        aria-describedby={`${id}-hint`}
        disabled={busy}
        onChange={change}
      />
      <div className="field-hint" id={`${id}-hint`} aria-live="polite">
        {busy ? t`Uploading…` : currentName ? t`Attached: ${currentName}` : t`PDF, PNG or JPEG, at most 15 MB.`}
      </div>
      {shown ? (
        <p className="field-error" role="alert">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
