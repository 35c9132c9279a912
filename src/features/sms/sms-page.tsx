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
import { BuySmsForm } from './buy-sms-form';
import { TopUpRequestForm } from './topup-request-form';
import './sms.css';

type Tab = 'compose' | 'sends' | 'failed' | 'topups' | 'topup' | 'buy';

/** Spec §6: only bank staff (no level) and union-level users see SMS usage. */
const seesBalance = (profile: Pick<Profile, 'level'> | undefined) => !!profile && (profile.level === null || profile.level === 'union');

/**
 * /sms: the composer (a church or mosque user, the union sending for itself, bank staff for a
 * church or mosque they choose), the sends with their delivery counts, failed SMS across sends,
 * for bank staff and union level the balance and top-up history, for bank staff the top-up
 * request (maker-checker, ADR 057) and for union level the purchase with mobile money (ADR 058).
 */
export function SmsPage() {
  const { t } = useLingui();
  const profile = useQuery(profileQuery()).data;
  const [params, setParams] = useSearchParams();
  const balanceVisible = seesBalance(profile);
  const balance = useQuery({ ...smsQueries.balance(), enabled: balanceVisible });
  const bankStaff = !!profile && profile.level === null;
  const canCompose = canDo(profile, 'sms', 'create');
  const tabs: Tab[] = [
    ...(canCompose ? (['compose'] as const) : []),
    'sends',
    'failed',
    ...(balanceVisible ? (['topups'] as const) : []),
    ...(bankStaff && canCompose ? (['topup'] as const) : []),
    // Union level buys with its own mobile money (ADR 058); bank staff ask instead (above).
    ...(profile?.level === 'union' && canCompose ? (['buy'] as const) : []),
  ];
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && tabs.includes(asked) ? asked : tabs[0]!;
  const labels: Record<Tab, string> = { compose: t`New SMS`, sends: t`Sent SMS`, failed: t`Failed SMS`, topups: t`Top-up history`, topup: t`Request a top-up`, buy: t`Buy SMS` };
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
        {tab === 'compose' ? <SmsComposer smsLeft={balanceVisible ? (balance.data?.smsLeft ?? null) : null} bankStaff={bankStaff} /> : null}
        {tab === 'sends' ? <SendsList /> : null}
        {tab === 'failed' ? <FailedList /> : null}
        {tab === 'topups' ? <TopUps linkRequests={canDo(profile, 'requests', 'view')} /> : null}
        {tab === 'topup' ? <TopUpRequestForm /> : null}
        {tab === 'buy' && profile ? <BuySmsForm profile={profile} /> : null}
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

function TopUps({ linkRequests }: { linkRequests: boolean }) {
  const { t } = useLingui();
  const locale = localeOfPath(useLocation().pathname);
  const history = useQuery(smsQueries.balance());
  if (history.isPending) return <Spinner label={t`Loading…`} />;
  if (history.isError) return <EmptyState title={errorText(history.error, t`You are offline. SMS sends appear when the connection is back.`)} />;
  if (history.data.data.length === 0) return <EmptyState title={t`No top-up yet.`} />;
  return (
    <DataTable caption={t`Top-up history`} columns={[t`Time`, t`Church or mosque`, { label: t`SMS added`, numeric: true }, t`How`, t`Asked or paid by`, t`Approved by`, t`Reference`]} inCard>
      {history.data.data.map((topUp) => (
        <tr key={topUp.id}>
          <td>
            <DateTime value={topUp.createdAt} />
          </td>
          <td>{topUp.institution}</td>
          <td className="num">{topUp.amount}</td>
          <td>{topUp.source === 'mobile' ? t`Bought with mobile money` : t`By the bank`}</td>
          <td>{topUp.createdBy ?? '—'}</td>
          <td>{topUp.approvedBy ?? '—'}</td>
          <td>
            {topUp.requestId !== null && !linkRequests ? t`Request ${topUp.requestId}` : null}
            {topUp.requestId !== null && linkRequests ? (
              <Link to={localizedPath(`${paths.requests}/${topUp.requestId}`, locale)}>{t`Request ${topUp.requestId}`}</Link>
            ) : null}
            {topUp.requestId === null ? (topUp.paymentReference ?? '—') : null}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
