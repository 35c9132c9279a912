import type { ComponentPropsWithRef, MouseEvent } from 'react';

type BusyButtonProps = ComponentPropsWithRef<'button'> & {
  /** The request this button started is running: the button looks and announces itself disabled and ignores presses. */
  busy: boolean | undefined;
};

/**
 * A button that keeps the keyboard focus while the request it started runs (issue 16). A `disabled`
 * button loses the focus the moment it becomes disabled, and the browser drops it to the page's
 * start: someone on a keyboard or a screen reader is thrown back to the top after pressing "Send".
 * While `busy` it is aria-disabled instead (styled as disabled: .btn[aria-disabled=true]) and a
 * press does nothing, not even submit its form (Enter in a field presses the submit button too).
 * `disabled` stays for what is not a request in flight (a form not yet complete), and applies only
 * while not busy, so a press never turns into a lost focus.
 */
export function BusyButton({ busy, disabled, onClick, type = 'button', ...props }: BusyButtonProps) {
  const ignore = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return <button {...props} type={type} disabled={busy ? undefined : disabled} aria-disabled={busy || undefined} onClick={ignore} />;
}
