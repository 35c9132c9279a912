import { Trans } from '@lingui/react/macro';
import { APP_VERSION, BANK_NAME } from '../../../domain/limits';

export function Footer() {
  const year = new Date().getFullYear();
  const bank = BANK_NAME;
  return (
    <footer className="app-footer">
      <span>
        <Trans>
          © {year} {bank}
        </Trans>
      </span>
      <span className="app-version">v{APP_VERSION}</span>
    </footer>
  );
}
