import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import type { UnsentCashDevice } from '../../../domain/api/unsent-cash';
import { formatMoney } from '../../../domain/money';
import { localizedPath, paths } from '../../../domain/paths';
import { ScrollRegion } from '../../components/ui/scroll-region';
import { localeOfPath } from '../../lib/locale-path';
import { dashboardQueries } from './api';

type Props = { locale: string; canOpenDesk: boolean; canOpenUsers: boolean };

/**
 * Unsent cash (issue 16): receipts recorded on devices and not yet on the server, as each device
 * last reported them. Only what was reported is known — a device that never reported is not here —
 * so every row says when its figures are from, and a report older than `staleDays` says so.
 */
export function UnsentCashSection({ locale, canOpenDesk, canOpenUsers }: Props) {
  const { t } = useLingui();
  const pathLocale = localeOfPath(useLocation().pathname);
  const list = useQuery(dashboardQueries.unsentCash()).data;
  if (!list || list.count === 0) return null;
  const { count, staleDays } = list;
  return (
    <section className="card" aria-labelledby="unsent-cash" data-testid="unsent-cash">
      <h2 id="unsent-cash" className="card-title">
        <Trans>Unsent cash</Trans>
      </h2>
      <p className="muted">
        {t`${plural(count, { one: '# device holds', other: '# devices hold' })} cash receipts not yet sent to the server, as last reported by each device. A device that has not reported is not counted.`}
      </p>
      <ScrollRegion label={t`Unsent cash`}>
        <table className="table">
          <caption className="visually-hidden">{t`Unsent cash receipts by device, as last reported`}</caption>
          <thead>
            <tr>
              <th scope="col"><Trans>Recorded by</Trans></th>
              <th scope="col"><Trans>Church or mosque</Trans></th>
              <th scope="col" className="num"><Trans>Receipts</Trans></th>
              <th scope="col" className="num"><Trans>Amount</Trans></th>
              <th scope="col"><Trans>Oldest unsent</Trans></th>
              <th scope="col"><Trans>As last reported</Trans></th>
            </tr>
          </thead>
          <tbody>
            {list.devices.map((device) => (
              <UnsentRow key={`${device.deviceId} ${device.user.id} ${device.institution.id}`} device={device} locale={locale} staleDays={staleDays} usersPath={canOpenUsers ? localizedPath(paths.users, pathLocale) : null} />
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {count > list.devices.length ? <p className="muted">{t`Showing the ${list.devices.length} with the oldest unsent receipts.`}</p> : null}
      {canOpenDesk ? (
        <p>
          <Link to={`${localizedPath(paths.cashReceipt, pathLocale)}?tab=history`}>
            <Trans>Open the cash receipts</Trans>
          </Link>
        </p>
      ) : null}
    </section>
  );
}

function UnsentRow({ device, locale, staleDays, usersPath }: { device: UnsentCashDevice; locale: string; staleDays: number; usersPath: string | null }) {
  const { t } = useLingui();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const { receipts, held } = device;
  const deviceId = device.deviceId;
  return (
    <tr data-device={deviceId}>
      <td className="text-cell">
        {usersPath ? <Link to={usersPath}>{device.user.name}</Link> : device.user.name}
        <br />
        <span className="muted">{t`Device ${deviceId}`}</span>
      </td>
      <td className="text-cell">{device.institution.title}</td>
      <td className="num">
        {receipts}
        {held > 0 ? (
          <>
            <br />
            <span className="muted">{t`${plural(held, { one: '# needs a fix', other: '# need a fix' })}`}</span>
          </>
        ) : null}
      </td>
      <td className="num">
        {device.totals.map((money) => (
          <div key={money.currency}>{formatMoney(money.amount, money.currency, locale)}</div>
        ))}
      </td>
      <td>{date.format(new Date(device.oldestAt))}</td>
      <td>
        {date.format(new Date(device.reportedAt))}
        {device.stale ? (
          <>
            <br />
            <span className="status status-failed">{t`Stale: no report for more than ${plural(staleDays, { one: '# day', other: '# days' })}`}</span>
          </>
        ) : null}
      </td>
    </tr>
  );
}
