import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';

type ModalDialogProps = {
  role?: 'dialog' | 'alertdialog';
  labelledBy: string;
  className?: string;
  /** Focused once the dialog is open (Cancel, for questions: a stray Enter must never confirm). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Escape, unless `busy`. */
  onCancel: () => void;
  busy?: boolean;
  children: ReactNode;
};

/**
 * The native `<dialog>` opened with showModal(): the browser traps focus, makes the page behind it
 * inert and answers Escape with a `cancel` event, which we hand to the owner instead of letting the
 * element close itself (the owner unmounts it). Focus goes back to whatever opened it.
 */
export function ModalDialog({ role = 'dialog', labelledBy, className = 'dialog card', initialFocus, onCancel, busy, children }: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef(onCancel);
  useLayoutEffect(() => {
    cancel.current = busy ? () => undefined : onCancel;
  });

  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement as HTMLElement | null;
    // jsdom (the component tests) has no showModal; there the open attribute is the whole dialog.
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
    initialFocus?.current?.focus();
    const onNativeCancel = (event: Event) => {
      event.preventDefault();
      cancel.current();
    };
    element.addEventListener('cancel', onNativeCancel);
    return () => {
      element.removeEventListener('cancel', onNativeCancel);
      if (typeof element.close === 'function' && element.open) element.close();
      opener?.focus?.();
    };
    // Opened once per mount: the owner renders the dialog only while it is asked for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <dialog
      ref={dialog}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={labelledBy}
      className={className}
      onKeyDown={(event) => {
        // jsdom sends no `cancel` event for Escape; browsers do, and this handler then sees nothing.
        if (event.key === 'Escape' && typeof dialog.current?.showModal !== 'function') cancel.current();
      }}
    >
      {children}
    </dialog>
  );
}
