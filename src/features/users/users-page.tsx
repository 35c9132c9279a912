import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { UserItem } from '../../../domain/api/back-office-users';
import { localizedPath, paths } from '../../../domain/paths';
import { ACCOUNT_STATUSES, type AccountStatus } from '../../../domain/statuses';
import type { UserType } from '../../../domain/permissions';
import { DateTime } from '../../components/ui/date-time';
import { EmptyState } from '../../components/ui/empty-state';
import { Pager } from '../../components/ui/pager';
import { Spinner } from '../../components/ui/spinner';
import { StatusBadge } from '../../components/ui/status-badge';
import { errorText } from '../../lib/error-message';
import { localeOfPath } from '../../lib/locale-path';
import { canDo } from '../../lib/permissions';
import { profileQuery } from '../../lib/session-queries';
import { USERS_PAGE_SIZE, userQueries, type UserFilters } from './api';
import { accountStatusLabels, accountStatusTones } from './labels';
import { UserActions } from './user-actions';
import { BankUserForm, type RoleGroupOption } from './user-form';
import '../../components/ui/back-office.css';

/** Role groups for the form: the full list when readable, else the ones of the users this person can see. */
function useRoleGroupOptions(users: readonly UserItem[]): RoleGroupOption[] {
  const groups = useQuery(userQueries.roleGroups()).data?.data;
  if (groups) return groups.filter((group) => group.userType === 'bank').map((group) => ({ id: group.id, name: group.name, locationLevel: group.locationLevel }));
  const seen = new Map<number, RoleGroupOption>();
  for (const user of users) if (user.userType === 'bank') seen.set(user.roleGroupId, { id: user.roleGroupId, name: user.roleGroup, locationLevel: null });
  return [...seen.values()];
}

/**
 * /users: bank staff and (read-only) church and mosque users, with role group, branch, status,
 * two-factor and last sign-in. Bank users are created and edited through approval.
 */
export function UsersPage() {
  const { t, i18n } = useLingui();
  const locale = localeOfPath(useLocation().pathname);
  const profile = useQuery(profileQuery()).data;
  const [filters, setFilters] = useState<UserFilters>({ search: '', userType: null, status: null, offset: 0 });
  const [searchText, setSearchText] = useState('');
  const [editing, setEditing] = useState<UserItem | 'new' | null>(null);
  const list = useQuery(userQueries.list(filters));
  const branches = useQuery(userQueries.branches()).data?.data ?? [];
  const roleGroups = useRoleGroupOptions(list.data?.data ?? []);
  const canCreate = canDo(profile, 'users', 'create');
  const canUpdate = canDo(profile, 'users', 'update');
  const canDelete = canDo(profile, 'users', 'delete');

  return (
    <section className="page" aria-labelledby="users-heading">
      <div className="section-head">
        <h2 id="users-heading" className="page-heading">
          <Trans>Users</Trans>
        </h2>
        {canCreate && editing === null ? (
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            <Trans>New bank user</Trans>
          </button>
        ) : null}
      </div>
      {editing !== null ? (
        <BankUserForm key={editing === 'new' ? 'new' : editing.id} user={editing === 'new' ? null : editing} roleGroups={roleGroups} branches={branches} onDone={() => setEditing(null)} />
      ) : null}
      <form
        className="card form"
        role="search"
        aria-label={t`Find users`}
        onSubmit={(event) => {
          event.preventDefault();
          setFilters({ ...filters, search: searchText, offset: 0 });
        }}
      >
        <div className="form-row">
          <div className="field">
            <label htmlFor="users-search">{t`Search`}</label>
            <input id="users-search" type="search" value={searchText} placeholder={t`Name, username, email or phone`} onChange={(event) => setSearchText(event.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="users-type">{t`User type`}</label>
            <select id="users-type" value={filters.userType ?? ''} onChange={(event) => setFilters({ ...filters, userType: (event.target.value || null) as UserType | null, offset: 0 })}>
              <option value="">{t`All users`}</option>
              <option value="bank">{t`Bank staff`}</option>
              <option value="entity">{t`Church and mosque users`}</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor="users-status">{t`Status`}</label>
            <select id="users-status" value={filters.status ?? ''} onChange={(event) => setFilters({ ...filters, status: (event.target.value || null) as AccountStatus | null, offset: 0 })}>
              <option value="">{t`All statuses`}</option>
              {ACCOUNT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {i18n._(accountStatusLabels[status])}
                </option>
              ))}
            </select>
          </div>
        </div>
        <button type="submit" className="btn btn-secondary">
          <Trans>Search</Trans>
        </button>
      </form>
      <div className="card">
        {list.isPending ? (
          <Spinner label={t`Loading…`} />
        ) : list.isError ? (
          <EmptyState title={errorText(list.error, t`You are offline. Users need a connection.`)} />
        ) : list.data.data.length === 0 ? (
          <EmptyState title={t`No user found`} />
        ) : (
          <>
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">{t`Users`}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t`Name`}</th>
                    <th scope="col">{t`Email`}</th>
                    <th scope="col">{t`Phone number`}</th>
                    <th scope="col">{t`Role group`}</th>
                    <th scope="col">{t`Branch or institution`}</th>
                    <th scope="col">{t`Status`}</th>
                    <th scope="col">{t`2FA`}</th>
                    <th scope="col">{t`Last login`}</th>
                    <th scope="col">{t`Actions`}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.data.map((user) => (
                    <tr key={user.id}>
                      <td>
                        {user.name}
                        <div className="muted">{user.username}</div>
                      </td>
                      <td>{user.email ?? '—'}</td>
                      <td>{user.phone ?? '—'}</td>
                      <td>{user.roleGroup}</td>
                      <td>{user.userType === 'bank' ? (user.branchName ?? t`Head office`) : (user.institution ?? '—')}</td>
                      <td>
                        <StatusBadge tone={accountStatusTones[user.status]} label={i18n._(accountStatusLabels[user.status])} />
                      </td>
                      <td>{user.twoFactorEnabled ? t`On` : t`Off`}</td>
                      <td>
                        <DateTime value={user.lastLoginAt} />
                      </td>
                      <td>
                        {user.userType === 'entity' ? (
                          <span className="muted">{t`Changes through registration or amendment`}</span>
                        ) : user.id === profile?.id ? (
                          <span className="muted">{t`You`}</span>
                        ) : (
                          <UserActions user={user} canUpdate={canUpdate} canDelete={canDelete} onEdit={() => setEditing(user)} />
                        )}
                        {user.pendingRequestId !== null ? (
                          <div>
                            <Link to={localizedPath(`${paths.requests}/${user.pendingRequestId}`, locale)}>
                              <Trans>Change waiting for approval</Trans>
                            </Link>
                          </div>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager offset={filters.offset} limit={USERS_PAGE_SIZE} count={list.data.count} onChange={(offset) => setFilters({ ...filters, offset })} />
          </>
        )}
      </div>
    </section>
  );
}
