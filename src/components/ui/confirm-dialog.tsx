import { useId, useRef, type ReactNode } from 'react';
import { ModalDialog } from './modal-dialog';
import { BusyButton } from './busy-button';

type ConfirmDialogProps = {
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  tone?: 'danger' | 'primary';
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * A modal question with two answers, on the native `<dialog>` (the page behind is inert). Focus
 * starts on Cancel so a stray Enter never confirms; Escape cancels; focus returns to whatever opened it.
 */
export function ConfirmDialog({ title, children, confirmLabel, cancelLabel, tone = 'primary', busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const titleId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog role="alertdialog" labelledBy={titleId} initialFocus={cancel} onCancel={onCancel} busy={busy}>
      <h2 id={titleId} className="card-title">
        {title}
      </h2>
      {children}
      <div className="dialog-actions">
        <BusyButton ref={cancel} type="button" className="btn btn-secondary" onClick={onCancel} busy={busy}>
          {cancelLabel}
        </BusyButton>
        <BusyButton type="button" className={tone === 'danger' ? 'btn btn-danger' : 'btn btn-primary'} onClick={onConfirm} busy={busy}>
          {confirmLabel}
        </BusyButton>
      </div>
    </ModalDialog>
  );
}
