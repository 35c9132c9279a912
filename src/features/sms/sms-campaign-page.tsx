import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { DataTable } from '../../components/ui/data-table';
import { DateTime } from '../../components/ui/date-time';
import { DetailsList } from '../../components/ui/details-list';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { StatusBadge } from '../../components/ui/status-badge';
import { errorText } from '../../lib/error-message';
import { canDo } from '../../lib/permissions';
import { profileQuery } from '../../lib/session-queries';
import { showToast } from '../../lib/toast';
import { DETAIL_LIMIT_NOTE, smsQueries, useResendFailed } from './api';
import { CampaignCounts, campaignTarget } from './campaign-summary';
import { RECIPIENT_STATUS_LABELS, RECIPIENT_STATUS_TONES } from './labels';
import './sms.css';
import { BusyButton } from '../../components/ui/busy-button';

/** /sms/{id}: one send, each recipient's state from the delivery reports, and "Resend failed". */
export function SmsCampaignPage() {
  const { t, i18n } = useLingui();
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const profile = useQuery(profileQuery()).data;
  const detail = useQuery({ ...smsQueries.campaign(id), enabled: valid });
  const resend = useResendFailed(id);

  if (!valid) return <EmptyState title={t`This SMS send was not found.`} />;
  if (detail.isPending) return <Spinner label={t`Loading…`} />;
  if (detail.isError) return <EmptyState title={errorText(detail.error, t`You are offline. SMS sends appear when the connection is back.`)} />;
  const campaign = detail.data;

  const resendFailed = async () => {
    try {
      const { resent } = await resend.mutateAsync();
      showToast({ tone: resent > 0 ? 'success' : 'info', message: resent > 0 ? t`Sending again to ${resent} people.` : t`No failed SMS to send again.` });
    } catch (error) {
      showToast({ tone: 'error', title: t`Error`, message: errorText(error, t`You are offline. Connect to the internet and try again.`) });
    }
  };

  return (
    <section className="page sms-campaign">
      <div className="section-head">
        <h2>{campaignTarget(campaign, i18n)}</h2>
        <CampaignCounts campaign={campaign} />
        {canDo(profile, 'sms', 'update') && campaign.counts.failed > 0 ? (
          <BusyButton type="button" className="btn btn-primary" busy={resend.isPending} onClick={() => void resendFailed()}>
            <Trans>Resend failed</Trans>
          </BusyButton>
        ) : null}
      </div>
      <div className="card">
        <DetailsList
          label={t`SMS send details`}
          items={[
            { label: t`Church or mosque`, value: campaign.institution },
            { label: t`Message`, value: <span className="sms-message-cell">{campaign.message}</span> },
            { label: t`People`, value: String(campaign.recipients) },
            { label: t`SMS parts per message`, value: String(campaign.segments) },
            { label: t`Cost`, value: t`${campaign.cost} SMS` },
            { label: t`Created`, value: <DateTime value={campaign.createdAt} /> },
            { label: t`Created by`, value: campaign.createdBy },
            { label: t`Scheduled for`, value: campaign.scheduleAt ? <DateTime value={campaign.scheduleAt} /> : null },
            { label: t`Sent out`, value: campaign.dispatchedAt ? <DateTime value={campaign.dispatchedAt} /> : null },
          ]}
        />
        {campaign.counts.waiting_balance > 0 ? (
          <p className="sms-waiting" role="status">
            {t`${campaign.counts.waiting_balance} SMS wait for the balance: they go out, in order, as soon as it is topped up.`}
          </p>
        ) : null}
      </div>
      <section className="card" aria-labelledby="sms-recipients-title">
        <h3 id="sms-recipients-title" className="card-title">
          <Trans>Recipients</Trans>
        </h3>
        <DataTable caption={t`Recipients`} columns={[t`Receiver number`, t`Name`, t`Message`, t`Status`, t`Reason`, t`Operator`, { label: t`Attempts`, numeric: true }]}>
          {campaign.recipientList.map((recipient) => (
            <tr key={recipient.ord}>
              <td>{recipient.phone}</td>
              <td>{recipient.name}</td>
              <td className="sms-message-cell">{recipient.message}</td>
              <td>
                <StatusBadge tone={RECIPIENT_STATUS_TONES[recipient.status]} label={i18n._(RECIPIENT_STATUS_LABELS[recipient.status])} />
              </td>
              <td>{recipient.failureReason}</td>
              <td>{recipient.operator}</td>
              <td className="num">{recipient.attempts}</td>
            </tr>
          ))}
        </DataTable>
        {campaign.recipientList.length < campaign.recipients ? <p className="muted">{t`The first ${DETAIL_LIMIT_NOTE} people are listed; the counts above cover everyone.`}</p> : null}
      </section>
    </section>
  );
}
