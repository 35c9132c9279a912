import { useLingui } from '@lingui/react/macro';
import { dismissToast, useToasts } from '../../lib/toast';

/** Toasts sit at the top of the screen; errors are announced assertively to screen readers. */
export function Toaster() {
  const { t } = useLingui();
  const toasts = useToasts();
  return (
    <div className="toaster" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.tone}`} role={toast.tone === 'error' ? 'alert' : 'status'}>
          <div className="toast-body">
            {toast.title ? <strong className="toast-title">{toast.title}</strong> : null}
            <span>{toast.message}</span>
          </div>
          <button type="button" className="toast-close" onClick={() => dismissToast(toast.id)} aria-label={t`Dismiss`}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
