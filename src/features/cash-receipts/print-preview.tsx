import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { paperLabels, type PaperSize } from './labels';

const PAPER_KEY = 'sadaka.paper';
const PAPERS: PaperSize[] = ['a4', '80mm', '58mm'];

function storedPaper(): PaperSize {
  const value = localStorage.getItem(PAPER_KEY);
  return PAPERS.includes(value as PaperSize) ? (value as PaperSize) : 'a4';
}

/**
 * Shows what will print, on the paper the person picks (A4 or a 58/80 mm receipt printer; the
 * choice is remembered on this device). While it is open, printing prints only this (styles.css,
 * "print" section).
 */
export function PrintPreview({ title, children, onClose }: { title: string; children: ReactNode; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const [paper, setPaper] = useState<PaperSize>(storedPaper);
  const printButton = useRef<HTMLButtonElement>(null);
  const portal = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    printButton.current?.focus();
    return () => opener?.focus?.();
  }, []);
  // Modal for real (issue 11): everything beside the preview is inert while it is open, so Tab and
  // the mouse cannot reach the page behind. Not a native <dialog>: showModal's top layer would take
  // the preview out of the print flow that prints only it. Cleared before focus goes back (layout
  // effects are undone first).
  useLayoutEffect(() => {
    const made = Array.from(document.body.children).filter((element) => element !== portal.current && !element.hasAttribute('inert'));
    for (const element of made) element.setAttribute('inert', '');
    return () => {
      for (const element of made) element.removeAttribute('inert');
    };
  }, []);
  const choose = (next: PaperSize) => {
    setPaper(next);
    localStorage.setItem(PAPER_KEY, next);
  };
  // Outside the app's root, so printing can hide everything else with display: none (no blank pages
  // after the receipt, whatever the length of the screen behind it).
  return createPortal(
    <div ref={portal} className="print-portal dialog-scrim">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="dialog card print-dialog"
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
        }}
      >
        <div className="print-toolbar">
          <h2 id={titleId} className="card-title">
            {title}
          </h2>
          <label className="field">
            <span>
              <Trans>Paper</Trans>
            </span>
            <select value={paper} onChange={(event) => choose(event.target.value as PaperSize)}>
              {PAPERS.map((size) => (
                <option key={size} value={size}>
                  {i18n._(paperLabels[size])}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div className="print-stage">
          <div className={`print-area print-active paper-${paper}`} data-paper={paper}>
            {children}
          </div>
        </div>
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            <Trans>Close</Trans>
          </button>
          <button ref={printButton} type="button" className="btn btn-primary" onClick={() => window.print()} aria-label={t`Print now`}>
            <Trans>Print</Trans>
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
