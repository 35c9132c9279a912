import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { MemberTransfer } from '../../../domain/api/member-transfers';
import { DEFAULT_TIME_ZONE } from '../../../domain/calendar';
import { DataTable } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../lib/error-message';
import { canDo } from '../../lib/permissions';
import { profileQuery } from '../../lib/session-queries';
import { showToast } from '../../lib/toast';
import { memberKeys } from './api';
import { answerTransfer, transferKeys, transferQueries, type TransferDirection } from './transfer-api';
import { BusyButton } from '../../components/ui/busy-button';

/**
 * Member transfers (ADR 054): requests waiting for this church or mosque to answer (accept or
 * refuse), and the ones it sent (withdraw while they wait). Answers are checked on the server.
 */
export function MemberTransfersPage() {
  const { t } = useLingui();
  return (
    <section className="page member-transfers">
      <TransferTable direction="incoming" title={t`Transfers to answer`} />
      <TransferTable direction="outgoing" title={t`Transfers sent`} />
    </section>
  );
}

function TransferTable({ direction, title }: { direction: TransferDirection; title: string }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const profile = useQuery(profileQuery()).data;
  const list = useQuery(transferQueries.list(direction));
  const [busy, setBusy] = useState<number | null>(null);
  const mayAnswer = canDo(profile, 'members', 'update');
  const day = (iso: string) => new Date(iso).toLocaleDateString(i18n.locale === 'sw' ? 'sw-TZ' : 'en-GB', { dateStyle: 'medium', timeZone: DEFAULT_TIME_ZONE });
  const statusLabel: Record<MemberTransfer['status'], string> = { pending: t`Waiting`, accepted: t`Accepted`, refused: t`Refused`, cancelled: t`Withdrawn` };

  const act = async (transfer: MemberTransfer, answer: 'accept' | 'refuse' | 'cancel') => {
    setBusy(transfer.id);
    try {
      const done = await answerTransfer(transfer.id, answer);
      showToast({ tone: 'success', message: `${transfer.memberNames}: ${statusLabel[done.status]}` });
      await Promise.all([queryClient.invalidateQueries({ queryKey: transferKeys.all }), queryClient.invalidateQueries({ queryKey: memberKeys.all })]);
    } catch (caught) {
      showToast({ tone: 'error', title: t`Error`, message: errorText(caught, t`You are offline. Connect to the internet and try again.`) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <h2>{title}</h2>
      {list.isPending ? <Spinner label={t`Loading…`} /> : null}
      {list.isError ? <EmptyState title={errorText(list.error, t`You are offline. Connect to the internet and try again.`)} /> : null}
      {list.data && list.data.data.length === 0 ? <EmptyState title={t`No transfers`} /> : null}
      {list.data && list.data.data.length > 0 ? (
        <DataTable caption={title} inCard columns={[t`Date`, t`Member`, t`From`, t`To`, t`Status`, t`Note`, t`Actions`]}>
          {list.data.data.map((row) => (
            <tr key={row.id}>
              <td>{day(row.requestedAt)}</td>
              <td>
                {row.memberNames} <span className="muted">{row.toCode ? `${row.fromCode} → ${row.toCode}` : row.fromCode}</span>
              </td>
              <td>{row.from.title}</td>
              <td>{row.to.title}</td>
              <td>{statusLabel[row.status]}</td>
              <td>{row.answerNote ?? row.note ?? ''}</td>
              <td className="row-actions">
                {row.status === 'pending' && mayAnswer && direction === 'incoming' ? (
                  <>
                    <BusyButton type="button" className="btn btn-primary btn-small" busy={busy !== null} onClick={() => void act(row, 'accept')}>
                      <Trans>Accept</Trans> <span className="visually-hidden">{row.memberNames}</span>
                    </BusyButton>
                    <BusyButton type="button" className="btn btn-secondary btn-small" busy={busy !== null} onClick={() => void act(row, 'refuse')}>
                      <Trans>Refuse</Trans> <span className="visually-hidden">{row.memberNames}</span>
                    </BusyButton>
                  </>
                ) : null}
                {row.status === 'pending' && mayAnswer && direction === 'outgoing' ? (
                  <BusyButton type="button" className="btn btn-secondary btn-small" busy={busy !== null} onClick={() => void act(row, 'cancel')}>
                    <Trans>Withdraw</Trans> <span className="visually-hidden">{row.memberNames}</span>
                  </BusyButton>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
    </>
  );
}
