import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StatementLink } from '../../../domain/api/statement-sends';
import { DEFAULT_TIME_ZONE } from '../../../domain/calendar';
import { DataTable } from '../../components/ui/data-table';
import { errorText } from '../../lib/error-message';
import { showToast } from '../../lib/toast';
import { revokeStatementLink, sendMemberStatement, statementLinkKeys, statementLinkQueries } from './statement-send-api';
import { BusyButton } from '../../components/ui/busy-button';

type Props = { member: { id: number; email: string | null; phone: string }; year: number };

/**
 * Sends the member their year statement (ADR 064): by email when they have one, else by SMS, as a
 * link that opens that one statement until it expires; lists the links sent, to revoke one.
 */
export function MemberStatementSend({ member, year }: Props) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const links = useQuery(statementLinkQueries.member(member.id));
  const refresh = () => queryClient.invalidateQueries({ queryKey: statementLinkKeys.member(member.id) });
  const send = useMutation({
    mutationFn: () => sendMemberStatement(member.id, year),
    onSuccess: (result) => {
      const person = result.people[0];
      const address = person?.address ?? member.phone;
      showToast({
        tone: 'success',
        title: t`Statement sent`,
        message: person?.channel === 'email' ? t`The ${year} statement goes by email to ${address}.` : t`The ${year} statement goes by SMS to ${address}.`,
      });
      // The job writes the link a moment later: look again then.
      window.setTimeout(() => void refresh(), 1500);
    },
    onError: (error) => showToast({ tone: 'error', title: t`Error`, message: errorText(error, t`You are offline. Try again when the connection is back.`) }),
  });
  const revoke = useMutation({
    mutationFn: (id: number) => revokeStatementLink(id),
    onSuccess: () => {
      showToast({ tone: 'success', message: t`The link no longer opens the statement.` });
      void refresh();
    },
    onError: (error) => showToast({ tone: 'error', title: t`Error`, message: errorText(error, t`You are offline. Try again when the connection is back.`) }),
  });
  const day = (iso: string) => new Date(iso).toLocaleDateString(i18n.locale === 'sw' ? 'sw-TZ' : 'en-GB', { dateStyle: 'medium', timeZone: DEFAULT_TIME_ZONE });
  const stateLabel = (state: StatementLink['state']) => (state === 'active' ? t`Active` : state === 'expired' ? t`Expired` : t`Revoked`);
  const data = links.data?.data ?? [];

  return (
    <div className="statement-send">
      <BusyButton type="button" className="btn btn-secondary btn-small" busy={send.isPending} onClick={() => send.mutate()}>
        {send.isPending ? t`Sending…` : member.email ? t`Send statement by email` : t`Send statement by SMS`}
      </BusyButton>
      {data.length > 0 ? (
        <DataTable caption={t`Statement links sent`} inCard columns={[t`Year`, t`Sent by`, t`Sent on`, t`Expires`, t`Opened`, t`State`, t`Action`]}>
          {data.map((link) => {
            const linkYear = link.year;
            const sentOn = day(link.createdAt);
            return (
            <tr key={link.id}>
              <td>{link.year}</td>
              <td>{link.channel === 'email' ? t`Email` : t`SMS`}</td>
              <td>{day(link.createdAt)}</td>
              <td>{day(link.expiresAt)}</td>
              <td className="num">{link.opened}</td>
              <td>{stateLabel(link.state)}</td>
              <td>
                {link.state === 'active' ? (
                  <BusyButton
                    type="button"
                    className="btn btn-secondary btn-small"
                    aria-label={t`Revoke the ${linkYear} link sent on ${sentOn}`}
                    busy={revoke.isPending}
                    onClick={() => revoke.mutate(link.id)}
                  >
                    <Trans>Revoke</Trans>
                  </BusyButton>
                ) : null}
              </td>
            </tr>
            );
          })}
        </DataTable>
      ) : null}
    </div>
  );
}
