import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { UserItem } from '../../../domain/api/back-office-users';
import { localizedPath, paths } from '../../../domain/paths';
import { ACCOUNT_STATUSES } from '../../../domain/statuses';
import { ChoiceFilter } from '../../components/ui/choice-filter';
import { DataTable } from '../../components/ui/data-table';
import { DateTime } from '../../components/ui/date-time';
import { Field } from '../../components/ui/field';
import { FilterBar } from '../../components/ui/filter-bar';
import { CursorPager } from '../../components/ui/cursor-pager';
import { ListCard } from '../../components/ui/list-card';
import { StatusBadge } from '../../components/ui/status-badge';
import { useCursorStack } from '../../lib/cursor-stack';
import { localeOfPath } from '../../lib/locale-path';
import { canDo } from '../../lib/permissions';
import { profileQuery } from '../../lib/session-queries';
import { USERS_PAGE_SIZE, userQueries, type UserFilters } from './api';
import { accountStatusLabels, accountStatusTones } from './labels';
import { UserActions } from './user-actions';
import { BankUserForm, type RoleGroupOption } from './user-form';
import '../../components/ui/back-office.css';
import { roleGroupName } from '../../lib/reference-names';

/** The bank role groups a user can be given; asked for only when the form can open. */
function useRoleGroupOptions(enabled: boolean): RoleGroupOption[] {
  return useQuery({ ...userQueries.roleGroups(), enabled }).data?.data ?? [];
}

/**
 * /users: bank staff and (read-only) church and mosque users, with role group, branch, status,
 * two-factor and last sign-in. Bank users are created and edited through approval.
 */
export function UsersPage() {
  const { t, i18n } = useLingui();
  const locale = localeOfPath(useLocation().pathname);
  const profile = useQuery(profileQuery()).data;
  const [filters, setFilters] = useState<UserFilters>({ search: '', userType: null, status: null });
  const pages = useCursorStack();
  const [searchText, setSearchText] = useState('');
  const [editing, setEditing] = useState<UserItem | 'new' | null>(null);
  const list = useQuery(userQueries.list(filters, pages.cursor));
  // Other filters are another list: it starts at its first page.
  const filter = (next: UserFilters) => {
    setFilters(next);
    pages.reset();
  };
  const branches = useQuery(userQueries.branches()).data?.data ?? [];
  const canCreate = canDo(profile, 'users', 'create');
  const canUpdate = canDo(profile, 'users', 'update');
  const roleGroups = useRoleGroupOptions(canCreate || canUpdate);
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
      <FilterBar label={t`Find users`} tone="secondary" onSubmit={() => filter({ ...filters, search: searchText })}>
        <Field id="users-search" label={t`Search`}>
          <input id="users-search" type="search" value={searchText} placeholder={t`Name, username, email or phone`} onChange={(event) => setSearchText(event.target.value)} />
        </Field>
        <Field id="users-type" label={t`User type`}>
          <ChoiceFilter
            id="users-type"
            value={filters.userType ?? ''}
            allLabel={t`All users`}
            options={[
              { value: 'bank', label: t`Bank staff` },
              { value: 'entity', label: t`Church and mosque users` },
            ]}
            onChange={(userType) => filter({ ...filters, userType: userType || null })}
          />
        </Field>
        <Field id="users-status" label={t`Status`}>
          <ChoiceFilter
            id="users-status"
            value={filters.status ?? ''}
            allLabel={t`All statuses`}
            options={ACCOUNT_STATUSES.map((status) => ({ value: status, label: i18n._(accountStatusLabels[status]) }))}
            onChange={(status) => filter({ ...filters, status: status || null })}
          />
        </Field>
      </FilterBar>
      <ListCard
        list={list}
        offlineText={t`You are offline. Users need a connection.`}
        emptyTitle={t`No user found`}
      >
        {(answer) => (
          <>
            <DataTable
              caption={t`Users`}
              columns={[t`Name`, t`Role group`, t`Status`, t`Actions`, t`Branch or institution`, t`Email`, t`Phone number`, t`2FA`, t`Last login`]}
            >
              {answer.data.map((user) => (
                <tr key={user.id}>
                  <td>
                    {user.name}
                    <div className="muted">{user.username}</div>
                  </td>
                  <td>{roleGroupName(i18n, user.roleGroup)}</td>
                  <td>
                    <StatusBadge tone={accountStatusTones[user.status]} label={i18n._(accountStatusLabels[user.status])} />
                  </td>
                  <td className="actions-cell">
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
                  <td className="text-cell">{user.userType === 'bank' ? (user.branchName ?? t`Head office`) : (user.institution ?? '—')}</td>
                  <td>{user.email ?? '—'}</td>
                  <td>{user.phone ?? '—'}</td>
                  <td>{user.twoFactorEnabled ? t`On` : t`Off`}</td>
                  <td>
                    <DateTime value={user.lastLoginAt} />
                  </td>
                </tr>
              ))}
            </DataTable>
            <CursorPager page={pages.page} nextCursor={answer.nextCursor} onNext={pages.next} onPrevious={pages.previous} count={answer.count} limit={USERS_PAGE_SIZE} />
          </>
        )}
      </ListCard>
    </section>
  );
}
