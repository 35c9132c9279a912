import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { StatementSendPerson } from '../../../domain/api/statement-sends';
import { DataTable } from '../../components/ui/data-table';
import { errorText } from '../../lib/error-message';
import { showToast } from '../../lib/toast';
import { sendCongregationStatements, statementSendKeys, statementSendQueries } from './statement-send-api';
import { BusyButton } from '../../components/ui/busy-button';

/**
 * Sends every member who gave in the year their statement (ADR 064): by email when they have one,
 * else by SMS with a link; the sends are listed with their counts, and each one's people with what
 * became of their message.
 */
export function CongregationStatementSend({ institutionId, year }: { institutionId: number; year: number }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const sends = useQuery(statementSendQueries.list(institutionId));
  const [openId, setOpenId] = useState<number | null>(null);
  const send = useMutation({
    mutationFn: () => sendCongregationStatements(institutionId, year),
    onSuccess: (created) => {
      const { recipients } = created;
      const { byEmail, bySms } = created.counts;
      showToast({ tone: 'success', title: t`Statements on their way`, message: t`${recipients} members: ${byEmail} by email, ${bySms} by SMS.` });
      setOpenId(created.id);
      void queryClient.invalidateQueries({ queryKey: statementSendKeys.list(institutionId) });
    },
    onError: (error) => showToast({ tone: 'error', title: t`Error`, message: errorText(error, t`You are offline. Try again when the connection is back.`) }),
  });
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.locale === 'sw' ? 'sw-TZ' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  const list = sends.data?.data ?? [];
  return (
    <div className="statement-sends">
      <p className="muted">
        <Trans>Members with an email get their statement by email; the others get an SMS with a link (charged to the SMS balance).</Trans>
      </p>
      <BusyButton type="button" className="btn btn-primary" busy={send.isPending} onClick={() => send.mutate()}>
        {send.isPending ? t`Sending…` : t`Send ${year} statements to every member who gave`}
      </BusyButton>
      {list.length > 0 ? (
        <DataTable
          caption={t`Statement sends`}
          inCard
          columns={[t`Sent on`, t`Year`, { label: t`Members`, numeric: true }, { label: t`By email`, numeric: true }, { label: t`By SMS`, numeric: true }, { label: t`Sent`, numeric: true }, { label: t`Failed`, numeric: true }, t`State`, t`Details`]}
        >
          {list.map((row) => (
            <tr key={row.id}>
              <td>{when(row.createdAt)}</td>
              <td>{row.year}</td>
              <td className="num">{row.recipients}</td>
              <td className="num">{row.counts.byEmail}</td>
              <td className="num">{row.counts.bySms}</td>
              <td className="num">{row.counts.sent}</td>
              <td className="num">{row.counts.failed}</td>
              <td>{row.dispatchedAt ? t`All handled` : t`Sending…`}</td>
              <td>
                <button type="button" className="btn btn-secondary btn-small" aria-expanded={openId === row.id} onClick={() => setOpenId(openId === row.id ? null : row.id)}>
                  {openId === row.id ? t`Hide members` : t`Show members`}
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      {openId !== null ? <SendPeople sendId={openId} /> : null}
    </div>
  );
}

function SendPeople({ sendId }: { sendId: number }) {
  const { t } = useLingui();
  const detail = useQuery(statementSendQueries.detail(sendId));
  const deliveryLabel = (person: StatementSendPerson) => {
    if (person.state === 'pending' || person.state === 'sending') return t`Waiting to be sent`;
    if (person.state === 'failed') return t`Not sent`;
    switch (person.delivery) {
      case 'waiting_balance':
        return t`Waiting for SMS balance`;
      case 'delivered':
        return t`Delivered`;
      case 'failed':
        return t`Failed`;
      case 'queued':
        return t`Queued`;
      default:
        return t`Sent`;
    }
  };
  if (!detail.data) return null;
  return (
    <DataTable caption={t`Members of this send`} inCard columns={[t`Member`, t`Code`, t`Sent by`, t`To`, t`State`]}>
      {detail.data.people.map((person) => (
        <tr key={person.memberId}>
          <td>{person.name}</td>
          <td>{person.code}</td>
          <td>{person.channel === 'email' ? t`Email` : t`SMS`}</td>
          <td>{person.address}</td>
          <td>
            {deliveryLabel(person)}
            {person.error ? <span className="muted"> — {person.error}</span> : null}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
