import type { ReactNode } from 'react';
import { LanguageSwitch } from '../../components/ui/language-switch';

const PRODUCT_NAME = 'Sadaka';

/** The card that public pages (sign-in, reset, locked) sit in, with the language switch above it. */
export function AuthFrame({ title, tagline, children }: { title: string; tagline?: string; children: ReactNode }) {
  return (
    <main className="public-page">
      <div className="public-top">
        <LanguageSwitch />
      </div>
      <div className="auth-card">
        <div className="auth-brand">
          <img src="/favicon.svg" alt="" width="48" height="48" />
          <span className="brand-name">{PRODUCT_NAME}</span>
        </div>
        {tagline ? <p className="auth-tagline">{tagline}</p> : null}
        <h1 className="auth-title">{title}</h1>
        {children}
      </div>
    </main>
  );
}
