import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router-dom';
import { formatMoney } from '../../../domain/money';
import { localizedPath, paths } from '../../../domain/paths';
import { DataTable } from '../../components/ui/data-table';
import { DetailsList } from '../../components/ui/details-list';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { StatusBadge } from '../../components/ui/status-badge';
import { errorText } from '../../lib/error-message';
import { localeOfPath } from '../../lib/locale-path';
import { canDo } from '../../lib/permissions';
import { profileQuery } from '../../lib/session-queries';
import { showToast } from '../../lib/toast';
import { pledgeQueries, useRemindNow } from './api';
import { formatDay, formatMoment } from './format';
import { PAYMENT_METHOD_LABELS, SMS_STATUS_LABELS, STATE_LABELS, STATE_TONES, TRIGGER_LABELS } from './labels';
import './pledges.css';
import { BusyButton } from '../../components/ui/busy-button';

/** One pledge: what was promised, the money that counts toward it, every reminder sent, and "remind now". */
export function PledgeDetailPage() {
  const { t, i18n } = useLingui();
  const id = Number(useParams().id);
  const locale = localeOfPath(useLocation().pathname);
  const profile = useQuery(profileQuery()).data;
  const valid = Number.isSafeInteger(id) && id > 0;
  const detail = useQuery({ ...pledgeQueries.detail(id), enabled: valid });
  const remind = useRemindNow(id);

  if (!valid) return <EmptyState title={t`This pledge was not found.`} />;
  if (detail.isPending) return <Spinner label={t`Loading…`} />;
  if (detail.isError) return <EmptyState title={errorText(detail.error, t`You are offline. Pledges appear when the connection is back.`)} />;
  const pledge = detail.data;
  const money = (amount: number) => formatMoney(amount, pledge.currency, i18n.locale);
  const method = pledge.paymentMethod as keyof typeof PAYMENT_METHOD_LABELS | null;

  const remindNow = async () => {
    try {
      const result = await remind.mutateAsync();
      if (result.sent) showToast({ tone: 'success', message: t`Reminder sent to ${pledge.memberPhone}` });
      else showToast({ tone: 'info', message: t`This pledge was already reminded today. One reminder a day at most.` });
    } catch (error) {
      showToast({ tone: 'error', title: t`Error`, message: errorText(error, t`You are offline. Connect to the internet and try again.`) });
    }
  };

  return (
    <section className="page pledge-detail">
      <div className="section-head">
        <h2>
          {pledge.memberName} <span className="muted">{pledge.memberCode}</span>
        </h2>
        <StatusBadge tone={STATE_TONES[pledge.state]} label={i18n._(STATE_LABELS[pledge.state])} />
        {canDo(profile, 'pledges', 'update') && pledge.state !== 'fulfilled' ? (
          <BusyButton type="button" className="btn btn-primary" busy={remind.isPending} onClick={() => void remindNow()}>
            <Trans>Remind now</Trans>
          </BusyButton>
        ) : null}
      </div>
      <div className="card">
        <DetailsList
          label={t`Pledge details`}
          items={[
            { label: t`Offering type`, value: pledge.offeringTypeTitle },
            { label: t`Pledged`, value: money(pledge.total) },
            { label: t`Paid`, value: <span data-testid="pledge-paid">{money(pledge.paid)}</span> },
            { label: t`Remaining`, value: <span data-testid="pledge-remaining">{money(pledge.remaining)}</span> },
            { label: t`Due date`, value: formatDay(pledge.dueDate, i18n.locale) },
            { label: t`Payment method`, value: method && PAYMENT_METHOD_LABELS[method] ? i18n._(PAYMENT_METHOD_LABELS[method]) : null },
            { label: t`Phone number`, value: pledge.memberPhone },
            { label: t`Reminded at`, value: pledge.remindedAt ? formatMoment(pledge.remindedAt, i18n.locale) : null },
            { label: t`Note`, value: pledge.note },
          ]}
        />
        <p>
          <Link to={localizedPath(`${paths.members}/${pledge.memberId}`, locale)}>
            <Trans>Open the member</Trans>
          </Link>
        </p>
      </div>
      <section className="card" aria-labelledby="pledge-payments-title">
        <h3 id="pledge-payments-title" className="card-title">
          <Trans>Payments that count toward it</Trans>
        </h3>
        {pledge.payments.length === 0 ? (
          <EmptyState title={t`No money has counted toward this pledge yet.`} />
        ) : (
          <DataTable caption={t`Payments that count toward it`} columns={[t`Received`, t`Receipt or reference`, t`Method`, { label: t`Amount`, numeric: true }, t`State`]}>
            {pledge.payments.map((payment) => {
              const paidWith = payment.method as keyof typeof PAYMENT_METHOD_LABELS;
              return (
                <tr key={`${payment.transactionId}-${payment.amount}-${payment.receivedAt}`}>
                  <td>{formatMoment(payment.receivedAt, i18n.locale)}</td>
                  <td>{payment.receiptNo ?? payment.referenceNo}</td>
                  <td>{PAYMENT_METHOD_LABELS[paidWith] ? i18n._(PAYMENT_METHOD_LABELS[paidWith]) : payment.method}</td>
                  <td className="num">{money(payment.amount)}</td>
                  <td>
                    {payment.reversedAt ? (
                      <StatusBadge tone="warning" label={t`Reversed ${formatMoment(payment.reversedAt, i18n.locale)}`} />
                    ) : (
                      <StatusBadge tone="success" label={t`Counted`} />
                    )}
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
      </section>
      <section className="card" aria-labelledby="pledge-reminders-title">
        <h3 id="pledge-reminders-title" className="card-title">
          <Trans>Reminders sent</Trans>
        </h3>
        {pledge.reminders.length === 0 ? (
          <EmptyState title={t`No reminder has been sent yet.`} />
        ) : (
          <DataTable caption={t`Reminders sent`} columns={[t`Sent at`, t`How`, t`SMS status`]}>
            {pledge.reminders.map((reminder) => (
              <tr key={reminder.day}>
                <td>{formatMoment(reminder.at, i18n.locale)}</td>
                <td>{i18n._(TRIGGER_LABELS[reminder.trigger])}</td>
                <td>{reminder.smsStatus ? (SMS_STATUS_LABELS[reminder.smsStatus] ? i18n._(SMS_STATUS_LABELS[reminder.smsStatus]!) : reminder.smsStatus) : ''}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </section>
  );
}
