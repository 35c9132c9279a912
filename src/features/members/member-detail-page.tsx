import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { dayOf, DEFAULT_TIME_ZONE } from '../../../domain/calendar';
import { profileTimeZone } from '../../lib/time-zone';
import { formatMoney } from '../../../domain/money';
import { apiPaths } from '../../../domain/api-paths';
import { localizedPath, paths } from '../../../domain/paths';
import { DataTable } from '../../components/ui/data-table';
import { DetailsList } from '../../components/ui/details-list';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../lib/error-message';
import { localeOfPath } from '../../lib/locale-path';
import { downloadFile } from '../../lib/export-download';
import { canDo } from '../../lib/permissions';
import { profileQuery } from '../../lib/session-queries';
import { showToast } from '../../lib/toast';
import { memberKeys, memberQueries } from './api';
import { MemberEditForm } from './member-edit-form';
import { MemberStatementSend } from './member-statement-send';
import { PhoneChangeDialog } from './phone-change-dialog';
import { TransferDialog } from './transfer-dialog';

// Each language named in itself, as in the language switch.
const LANGUAGES = [
  { value: 'sw', nativeName: 'Kiswahili' },
  { value: 'en', nativeName: 'English' },
] as const;


/** One member: profile, zone, church, giving totals and history, pledges, SMS sent; edit online; the year statement. */
export function MemberDetailPage() {
  const { t, i18n } = useLingui();
  const id = Number(useParams().id);
  const profile = useQuery(profileQuery()).data;
  const detail = useQuery({ ...memberQueries.detail(id), enabled: Number.isSafeInteger(id) && id > 0 });
  const history = useQuery({ ...memberQueries.history(id), enabled: detail.isSuccess });
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [changingPhone, setChangingPhone] = useState(false);
  const [transferring, setTransferring] = useState(false);
  const locale = localeOfPath(useLocation().pathname);
  // This year where the caller's institution is (ADR 077): on 31 December after 21:00 UTC it is already next year in Dar es Salaam.
  const [year, setYear] = useState(() => Number(dayOf(new Date(), profileTimeZone(profile)).slice(0, 4)));
  const day = (iso: string) => new Date(iso).toLocaleDateString(i18n.locale === 'sw' ? 'sw-TZ' : 'en-GB', { dateStyle: 'medium', timeZone: DEFAULT_TIME_ZONE });

  if (detail.isPending) return <Spinner label={t`Loading…`} />;
  if (detail.isError) return <EmptyState title={errorText(detail.error, t`You are offline. Members appear when the connection is back.`)} />;
  const member = detail.data;
  const money = (amounts: Array<{ currency: string; amount: number }>) => (amounts.length === 0 ? formatMoney(0, 'TZS', i18n.locale) : amounts.map((a) => formatMoney(a.amount, a.currency, i18n.locale)).join(' · '));
  const statement = async () => {
    try {
      await downloadFile(`${apiPaths.memberStatement(member.id)}?year=${year}`, `statement-${member.code}-${year}.pdf`);
    } catch {
      showToast({ tone: 'error', title: t`Error`, message: t`Export failed` });
    }
  };

  const card = async () => {
    try {
      await downloadFile(`${apiPaths.memberCards}?ids=${member.id}&layout=cr80`, `card-${member.code}.pdf`);
    } catch {
      showToast({ tone: 'error', title: t`Error`, message: t`Export failed` });
    }
  };

  return (
    <section className="page member-detail">
      <div className="section-head">
        <h2>
          {member.names} <span className="muted">{member.code}</span>
        </h2>
        {canDo(profile, 'members', 'update') && !editing ? (
          <div className="head-actions">
            <button type="button" className="btn btn-secondary" onClick={() => setEditing(true)}>
              <Trans>Edit profile</Trans>
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setChangingPhone(true)}>
              <Trans>Change phone number</Trans>
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setTransferring(true)}>
              <Trans>Transfer</Trans>
            </button>
          </div>
        ) : null}
      </div>
      {changingPhone ? (
        <PhoneChangeDialog
          member={member}
          onCancel={() => setChangingPhone(false)}
          onDone={(updated) => {
            queryClient.setQueryData(memberKeys.detail(member.id), updated);
            void queryClient.invalidateQueries({ queryKey: memberKeys.all });
            setChangingPhone(false);
            showToast({ tone: 'success', title: t`Phone number changed`, message: updated.phone });
          }}
        />
      ) : null}
      {transferring ? (
        <TransferDialog
          member={member}
          onCancel={() => setTransferring(false)}
          onDone={(transfer) => {
            setTransferring(false);
            showToast({ tone: 'success', title: t`Transfer requested`, message: t`${transfer.to.title} must accept it. The member stays here until then.` });
          }}
        />
      ) : null}
      {editing ? (
        <MemberEditForm member={member} onDone={() => setEditing(false)} />
      ) : (
        <div className="card">
          <DetailsList
            label={t`Member details`}
            items={[
              { label: t`Phone number`, value: member.phone },
              { label: t`Email`, value: member.email },
              { label: t`Gender`, value: member.gender === 'female' ? t`Female` : member.gender === 'male' ? t`Male` : null },
              { label: t`Preferred language`, value: LANGUAGES.find((language) => language.value === member.preferredLanguage)?.nativeName },
              { label: t`Church or mosque`, value: member.institution.title },
              { label: t`Zone`, value: member.zone?.name },
              { label: t`Country`, value: member.country },
              { label: t`Address`, value: [member.addressOne, member.city, member.state, member.postalCode].filter(Boolean).join(', ') },
              { label: t`Given this year`, value: money(member.totals.thisYear) },
              { label: t`Given in all`, value: money(member.totals.allTime) },
            ]}
          />
        </div>
      )}
      <div className="section-head">
        <div className="field">
          <label htmlFor="statement-year">
            <Trans>Statement year</Trans>
          </label>
          <input id="statement-year" type="number" min={2000} max={2100} value={year} onChange={(event) => setYear(Number(event.target.value))} />
        </div>
        <button type="button" className="btn btn-secondary btn-small" onClick={() => void statement()}>
          <Trans>Giving statement (PDF)</Trans>
        </button>
        <button type="button" className="btn btn-secondary btn-small" onClick={() => void card()}>
          <Trans>Member card (PDF)</Trans>
        </button>
      </div>
      <MemberStatementSend member={member} year={year} />
      {history.isPending ? <Spinner label={t`Loading…`} /> : null}
      {history.data ? (
        <>
          <h3>
            <Trans>Totals per offering type and year</Trans>
          </h3>
          {history.data.totals.length === 0 ? (
            <EmptyState title={t`No giving yet`} />
          ) : (
            <DataTable caption={t`Totals per offering type and year`} inCard columns={[t`Year`, t`Offering type`, { label: t`Amount`, numeric: true }]}>
              {history.data.totals.map((row) => (
                <tr key={`${row.year}-${row.offeringType}-${row.currency}`}>
                  <td>{row.year}</td>
                  <td>{row.offeringType}</td>
                  <td className="num">{formatMoney(row.amount, row.currency, i18n.locale)}</td>
                </tr>
              ))}
            </DataTable>
          )}
          <h3>
            <Trans>Giving history</Trans>
          </h3>
          {history.data.giving.length === 0 ? null : (
            <DataTable caption={t`Giving history`} inCard columns={[t`Date`, t`Method`, t`Status`, t`Reference`, t`Church or mosque`, { label: t`Amount`, numeric: true }]}>
              {history.data.giving.map((row) => (
                <tr key={row.id}>
                  <td>{day(row.receivedAt)}</td>
                  <td>{row.method}</td>
                  <td>{row.status}</td>
                  <td>{row.receiptNo ?? row.referenceNo}</td>
                  <td>{row.institutionTitle}</td>
                  <td className="num">{formatMoney(row.amount, row.currency, i18n.locale)}</td>
                </tr>
              ))}
            </DataTable>
          )}
          <h3>
            <Trans>Pledges</Trans>
          </h3>
          {history.data.pledges.length === 0 ? (
            <EmptyState title={t`No pledges`} />
          ) : (
            <DataTable caption={t`Pledges`} inCard columns={[t`Offering type`, t`Due date`, { label: t`Total`, numeric: true }, { label: t`Paid`, numeric: true }]}>
              {history.data.pledges.map((row) => (
                <tr key={row.id}>
                  <td>
                    <Link to={localizedPath(`${paths.pledge}/${row.id}`, locale)}>{row.offeringType ?? t`Pledge ${row.id}`}</Link>
                  </td>
                  <td>{day(row.dueDate)}</td>
                  <td className="num">{formatMoney(row.total, row.currency, i18n.locale)}</td>
                  <td className="num">{formatMoney(row.paid, row.currency, i18n.locale)}</td>
                </tr>
              ))}
            </DataTable>
          )}
          <h3>
            <Trans>SMS sent</Trans>
          </h3>
          {history.data.sms.length === 0 ? (
            <EmptyState title={t`No SMS sent`} />
          ) : (
            <DataTable caption={t`SMS sent`} inCard columns={[t`Date`, t`Message`, t`Status`]}>
              {history.data.sms.map((row) => (
                <tr key={row.id}>
                  <td>{day(row.createdAt)}</td>
                  <td>{row.message}</td>
                  <td>{row.status}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </>
      ) : null}
    </section>
  );
}
