import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import { formatMoney } from '../../../domain/money';
import { localizedPath, paths } from '../../../domain/paths';
import { localeOfPath } from '../../lib/locale-path';
import { canDo } from '../../lib/permissions';
import { profileQuery } from '../../lib/session-queries';
import { breakdownsQuery, smsBalanceQuery } from './breakdown-links';

/**
 * What needs someone's attention, each a link to the list behind it: open pledges overdue and due
 * in the next seven days (institutions), failed credits waiting for a retry, and the SMS left
 * (spec §6: bank staff and union level only). Figures come from replies the dashboard already has.
 */
export function AttentionList({ level }: { level: string | null | undefined }) {
  const { t, i18n } = useLingui();
  const locale = localeOfPath(useLocation().pathname);
  const profile = useQuery(profileQuery()).data;
  const showSms = level === null || level === 'union';
  const sms = useQuery({ ...smsBalanceQuery(), enabled: showSms });
  const breakdowns = useQuery(breakdownsQuery('month')).data;
  const pledges = breakdowns?.pledges ?? null;
  const failedCredits = breakdowns?.failedCredits ?? null;
  const number = new Intl.NumberFormat(i18n.locale);
  const money = (amount: number) => formatMoney(amount, 'TZS', i18n.locale);
  const smsFigure = (balance: { smsLeft: number; smsCap: number }) => {
    const left = number.format(balance.smsLeft);
    const cap = number.format(balance.smsCap);
    return t`${left} of ${cap}`;
  };
  const items: Array<{ key: string; label: string; value: string; to: string }> = [];
  const pledgeFigure = (figure: { count: number; remaining: number }) => {
    const pledgeCount = number.format(figure.count);
    const remaining = money(figure.remaining);
    return t`${pledgeCount} (${remaining} to collect)`;
  };
  if (pledges) {
    const list = localizedPath(paths.pledge, locale);
    items.push({ key: 'overdue', label: t`Pledges overdue`, value: pledgeFigure(pledges.overdue), to: `${list}?due=overdue` });
    items.push({ key: 'due', label: t`Pledges due in 7 days`, value: pledgeFigure(pledges.dueIn7Days), to: `${list}?due=7d` });
  }
  if (canDo(profile, 'transactions', 'view'))
    items.push({ key: 'credits', label: t`Failed credits waiting`, value: failedCredits === null ? t`Open the list` : number.format(failedCredits), to: localizedPath(paths.failedCredits, locale) });
  if (showSms && sms.data) items.push({ key: 'sms', label: t`SMS left`, value: smsFigure(sms.data), to: localizedPath(paths.sms, locale) });
  if (items.length === 0) return null;
  return (
    <section className="card" aria-labelledby="attention-heading">
      <h2 id="attention-heading" className="card-title">
        <Trans>Needs attention</Trans>
      </h2>
      <ul className="share-list">
        {items.map((item) => (
          <li key={item.key} className="share-head">
            <span>{item.label}</span>
            <Link to={item.to} className="share-value">
              {item.value}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
