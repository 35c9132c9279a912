import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { Locale } from '../../../domain/locale';
import { localizedPath, paths } from '../../../domain/paths';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { menuQuery, profileQuery } from '../../lib/session-queries';
import './settings.css';

/** One line under each setting, saying what is managed there. */
const SUMMARIES: Record<string, MessageDescriptor> = {
  [paths.offerings]: msg`Offering types and how each is divided between church, field and union`,
  [paths.currencies]: msg`Currencies and their values`,
  [paths.religions]: msg`Religions and their names in both languages`,
  [paths.levels]: msg`The levels of each religion's structure and the custom fields each level records`,
  [paths.branches]: msg`The bank's branches`,
  [paths.bankAccounts]: msg`Institutions' bank accounts and their approval`,
  [paths.roleGroups]: msg`Role groups, their features and maker-checker`,
};

/**
 * /settings: what the signed-in person may manage, read from the menu the server built from their
 * grants (so the hub never offers what the server would refuse).
 */
export function SettingsPage() {
  const { t, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const profile = useQuery(profileQuery()).data;
  const menu = useQuery({ ...menuQuery(profile?.id ?? 0, locale), enabled: Boolean(profile) });
  const settings = (menu.data ?? []).find((item) => item.key === 'settings');
  const entries = (settings?.children ?? []).filter((child) => child.target !== paths.settings);
  return (
    <section className="page" aria-labelledby="settings-heading">
      <h2 id="settings-heading" className="page-heading">{t`Settings`}</h2>
      {menu.isPending ? (
        <Spinner label={t`Loading…`} />
      ) : entries.length === 0 ? (
        <div className="card">
          <EmptyState title={t`Nothing to manage here with your role.`} />
        </div>
      ) : (
        <ul className="settings-hub" aria-labelledby="settings-heading">
          {entries.map((entry) => {
            const summary = SUMMARIES[entry.target];
            return (
              <li key={entry.target} className="card settings-hub-item">
                <Link to={localizedPath(entry.target, locale)} className="settings-hub-link">
                  {entry.text}
                </Link>
                {summary ? <p className="muted">{i18n._(summary)}</p> : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
