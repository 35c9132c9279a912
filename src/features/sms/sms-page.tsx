import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import type { Profile } from '../../../domain/api/auth';
import { localizedPath, paths } from '../../../domain/paths';
import { DataTable } from '../../components/ui/data-table';
import { DateTime } from '../../components/ui/date-time';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../lib/error-message';
import { localeOfPath } from '../../lib/locale-path';
import { canDo } from '../../lib/permissions';
import { profileQuery } from '../../lib/session-queries';
import { smsQueries } from './api';
import { CampaignCounts, campaignTarget } from './campaign-summary';
import { SmsComposer } from './sms-composer';
import './sms.css';

type Tab = 'compose' | 'sends' | 'failed' | 'topups';

/** Spec §6: only bank staff (no level) and union-level users see SMS usage. */
const seesBalance = (profile: Pick<Profile, 'level'> | undefined) => !!profile && (profile.level === null || profile.level === 'union');

/**
 * /sms: the composer (for a church or mosque user, or the union sending for itself), the sends
 * with their delivery counts, failed SMS across sends, and for bank staff and union level the
 * balance and top-up history.
 */
export function SmsPage() {
  const { t } = useLingui();
  const profile = useQuery(profileQuery()).data;
  const [params, setParams] = useSearchParams();
  const balanceVisible = seesBalance(profile);
  const balance = useQuery({ ...smsQueries.balance(), enabled: balanceVisible });
  const canCompose = canDo(profile, 'sms', 'create') && profile?.level !== null && profile?.level !== undefined;
  const tabs: Tab[] = [...(canCompose ? (['compose'] as const) : []), 'sends', 'failed', ...(balanceVisible ? (['topups'] as const) : [])];
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && tabs.includes(asked) ? asked : tabs[0]!;
  const labels: Record<Tab, string> = { compose: t`New SMS`, sends: t`Sent SMS`, failed: t`Failed SMS`, topups: t`Top-up history` };
  const choose = (next: Tab) => setParams({ tab: next }, { replace: true });

  return (
    <div className="page sms-page">
      {balanceVisible && balance.data ? (
        <p className="card sms-balance" data-testid="sms-balance">
          {t`SMS balance: ${balance.data.smsLeft} of ${balance.data.smsCap}`}
        </p>
      ) : null}
      <div className="tabs" role="tablist" aria-label={t`SMS`}>
        {tabs.map((name) => (
          <button key={name} type="button" role="tab" id={`sms-tab-${name}`} aria-controls="sms-tabpanel" aria-selected={tab === name} onClick={() => choose(name)}>
            {labels[name]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="sms-tabpanel" aria-labelledby={`sms-tab-${tab}`}>
        {tab === 'compose' ? <SmsComposer smsLeft={balanceVisible ? (balance.data?.smsLeft ?? null) : null} /> : null}
        {tab === 'sends' ? <SendsList /> : null}
        {tab === 'failed' ? <FailedList /> : null}
        {tab === 'topups' ? <TopUps /> : null}
      </div>
    </div>
  );
}

/** Keyset pages: the cursors of the pages seen so far, so "Previous" goes back exactly. */
function useKeysetPages() {
  const [cursors, setCursors] = useState<Array<number | null>>([null]);
  const cursor = cursors.at(-1) ?? null;
  return { cursor, first: cursors.length === 1, next: (at: number) => setCursors([...cursors, at]), previous: () => setCursors(cursors.slice(0, -1)) };
}

function KeysetPager({ first, nextCursor, onNext, onPrevious }: { first: boolean; nextCursor: number | null; onNext: (at: number) => void; onPrevious: () => void }) {
  if (first && nextCursor === null) return null;
  return (
    <div className="pager">
      <button type="button" className="btn" disabled={first} onClick={onPrevious}>
        <Trans>Previous</Trans>
      </button>
      <button type="button" className="btn" disabled={nextCursor === null} onClick={() => nextCursor !== null && onNext(nextCursor)}>
        <Trans>Next</Trans>
      </button>
    </div>
  );
}

function SendsList() {
  const { t, i18n } = useLingui();
  const locale = localeOfPath(useLocation().pathname);
  const pages = useKeysetPages();
  const list = useQuery(smsQueries.campaigns(pages.cursor));
  if (list.isPending) return <Spinner label={t`Loading…`} />;
  if (list.isError) return <EmptyState title={errorText(list.error, t`You are offline. SMS sends appear when the connection is back.`)} />;
  if (list.data.data.length === 0) return <EmptyState title={t`No SMS has been sent yet.`} />;
  return (
    <>
      <DataTable caption={t`Sent SMS`} columns={[t`Created`, t`Church or mosque`, t`Recipients`, t`Message`, { label: t`People`, numeric: true }, t`Delivery`]} inCard>
        {list.data.data.map((campaign) => (
          <tr key={campaign.id}>
            <td>
              <Link to={localizedPath(`${paths.sms}/${campaign.id}`, locale)}>
                <DateTime value={campaign.createdAt} />
              </Link>
            </td>
            <td>{campaign.institution}</td>
            <td>{campaignTarget(campaign, i18n)}</td>
            <td className="sms-message-cell">{campaign.message}</td>
            <td className="num">{campaign.recipients}</td>
            <td>
              <CampaignCounts campaign={campaign} />
            </td>
          </tr>
        ))}
      </DataTable>
      <KeysetPager first={pages.first} nextCursor={list.data.nextCursor} onNext={pages.next} onPrevious={pages.previous} />
    </>
  );
}

function FailedList() {
  const { t } = useLingui();
  const locale = localeOfPath(useLocation().pathname);
  const pages = useKeysetPages();
  const list = useQuery(smsQueries.failed(pages.cursor));
  if (list.isPending) return <Spinner label={t`Loading…`} />;
  if (list.isError) return <EmptyState title={errorText(list.error, t`You are offline. SMS sends appear when the connection is back.`)} />;
  if (list.data.data.length === 0) return <EmptyState title={t`No SMS has failed.`} />;
  return (
    <>
      <DataTable caption={t`Failed SMS`} columns={[t`Time`, t`Receiver number`, t`Message`, t`Reason`, t`Send`]} inCard>
        {list.data.data.map((sms) => (
          <tr key={sms.id}>
            <td>
              <DateTime value={sms.createdAt} />
            </td>
            <td>{sms.receiver}</td>
            <td className="sms-message-cell">{sms.message}</td>
            <td>{sms.failureReason}</td>
            <td>{sms.campaignId ? <Link to={localizedPath(`${paths.sms}/${sms.campaignId}`, locale)}>{t`Open the send`}</Link> : null}</td>
          </tr>
        ))}
      </DataTable>
      <KeysetPager first={pages.first} nextCursor={list.data.nextCursor} onNext={pages.next} onPrevious={pages.previous} />
    </>
  );
}

function TopUps() {
  const { t } = useLingui();
  const history = useQuery(smsQueries.balance());
  if (history.isPending) return <Spinner label={t`Loading…`} />;
  if (history.isError) return <EmptyState title={errorText(history.error, t`You are offline. SMS sends appear when the connection is back.`)} />;
  if (history.data.data.length === 0) return <EmptyState title={t`No top-up yet.`} />;
  return (
    <DataTable caption={t`Top-up history`} columns={[t`Time`, t`Church or mosque`, { label: t`SMS added`, numeric: true }, t`By`]} inCard>
      {history.data.data.map((topUp) => (
        <tr key={topUp.id}>
          <td>
            <DateTime value={topUp.createdAt} />
          </td>
          <td>{topUp.institution}</td>
          <td className="num">{topUp.amount}</td>
          <td>{topUp.createdBy}</td>
        </tr>
      ))}
    </DataTable>
  );
}
