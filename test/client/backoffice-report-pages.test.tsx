import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReferrerInput } from '../../domain/api/back-office-reference';
import { ActivitiesPage } from '../../src/features/activity/activities-page';
import { LogViewerPage } from '../../src/features/activity/log-viewer-page';
import { ReferralsReportPage } from '../../src/features/reports/referrals-report-page';
import { RegistrationsReportPage } from '../../src/features/reports/registrations-report-page';
import { UsersPage } from '../../src/features/users/users-page';
import { ApiError } from '../../src/lib/api-client';
import { phoneRulesIfLoaded } from '../../src/lib/offline/phone-rules';
import { saveSession } from '../../src/lib/session';
import { checked, FakeBackOffice } from './backoffice-fake-api';
import { Providers, jsonResponse, makeProfile, testQueryClient } from './helpers';

// The back-office pages that read their replies without zod (users, activity, reports): they show
// what the server sent, and the referral report's referrer form checks without zod and fetches the
// phone rules (libphonenumber) only when a phone is to be checked, then sends the number in E.164.

const headOffice = makeProfile({
  id: 6,
  username: 'admin',
  name: 'Joseph Temba',
  level: null,
  branch: null,
  entity: null,
  entityId: null,
  entityCode: null,
  permissions: [
    { name: 'users', permissions: 'view,create,update,delete' },
    { name: 'reports', permissions: 'view,export' },
  ],
});

const referrer = { id: 5, kind: 'staff', name: 'Baraka Mrema', employeeNo: 'E-1001', phone: null, referralCode: 'AB12', branchId: null, createdAt: '2026-01-05T08:00:00.000Z' };

let api: FakeBackOffice;

beforeEach(() => {
  api = new FakeBackOffice();
  api.on('GET', /^\/profile$/, () => jsonResponse(200, headOffice));
  api.on('GET', /^\/referrers$/, () => jsonResponse(200, { data: [referrer] }));
  api.on('POST', /^\/referrers$/, (call) => checked(ReferrerInput, call.body, (value) => jsonResponse(201, { ...referrer, id: 9, ...value, employeeNo: value.employeeNo ?? null, phone: value.phone ?? null, referralCode: value.referralCode ?? 'GEN01' })));
  api.on('GET', /^\/reports\/referrals$/, () =>
    jsonResponse(200, {
      data: [{ referralCode: 'AB12', referrer: 'Baraka Mrema', referrerKind: 'staff', referrerId: 'E-1001', institution: 'Ubungo Church', institutionCode: 'UBG', branch: null, channel: 'online', registeredAt: '2026-03-01T09:30:00.000Z' }],
      totals: [{ referralCode: 'AB12', referrer: 'Baraka Mrema', count: 1 }],
    }),
  );
  api.install();
  saveSession('admin-token', headOffice);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Stands in for the app's route error page: a server fault replaces the page. */
class FaultBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return <p role="alert">{error instanceof ApiError ? `fault: ${error.code}` : 'other error'}</p>;
  }
}

function show(page: ReactNode, path: string) {
  render(
    <Providers client={testQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <FaultBoundary>{page}</FaultBoundary>
      </MemoryRouter>
    </Providers>,
  );
}

const referrerForm = () => screen.getByRole('form', { name: 'New referrer' });
const referrerPosts = () => api.callsTo('POST', /^\/referrers$/);

describe('referral report', () => {
  it('shows the totals, the rows and the referrers as the server sent them', async () => {
    show(<ReferralsReportPage />, '/en/reports/referrals');
    expect(await screen.findByText('Baraka Mrema (AB12)')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Referral report' });
    expect(within(table).getByText('Ubungo Church')).toBeTruthy();
    const referrers = await screen.findByRole('table', { name: 'Referrers' });
    expect(within(referrers).getByText('E-1001')).toBeTruthy();
  });

  it('saves a freelancer once the phone rules have arrived, fetched only then, with the number in E.164', async () => {
    show(<ReferralsReportPage />, '/en/reports/referrals');
    fireEvent.click(await screen.findByRole('button', { name: 'New referrer' }));
    fireEvent.change(within(referrerForm()).getByLabelText('Staff or freelancer'), { target: { value: 'freelancer' } });
    fireEvent.change(within(referrerForm()).getByLabelText('Name'), { target: { value: '  Neema Juma ' } });
    fireEvent.change(within(referrerForm()).getByLabelText('Phone number'), { target: { value: '0713 000 001' } });
    expect(phoneRulesIfLoaded()).toBeNull();

    fireEvent.click(within(referrerForm()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(referrerPosts()).toHaveLength(1));
    expect(phoneRulesIfLoaded()).not.toBeNull();
    expect(referrerPosts()[0]!.body).toStrictEqual({ kind: 'freelancer', name: 'Neema Juma', phone: '+255713000001', branchId: null });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New referrer' })).toBeNull());
  });

  it('shows the contract’s words beside the fields it refuses, and sends nothing', async () => {
    show(<ReferralsReportPage />, '/en/reports/referrals');
    fireEvent.click(await screen.findByRole('button', { name: 'New referrer' }));
    fireEvent.change(within(referrerForm()).getByLabelText('Referral code (optional)'), { target: { value: 'ab' } });
    fireEvent.click(within(referrerForm()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name can not be empty')).toBeTruthy();
    expect(screen.getByText('Staff referrers need an employee number; freelancers need a phone number')).toBeTruthy();
    expect(screen.getByText('Referral code is not valid')).toBeTruthy();

    fireEvent.change(within(referrerForm()).getByLabelText('Staff or freelancer'), { target: { value: 'freelancer' } });
    fireEvent.change(within(referrerForm()).getByLabelText('Name'), { target: { value: 'Neema Juma' } });
    fireEvent.change(within(referrerForm()).getByLabelText('Phone number'), { target: { value: '0713' } });
    fireEvent.change(within(referrerForm()).getByLabelText('Referral code (optional)'), { target: { value: '' } });
    fireEvent.click(within(referrerForm()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a valid phone number')).toBeTruthy();
    expect(referrerPosts()).toHaveLength(0);
  });

  it('treats a reply that breaks the contract as a server fault, not as a report', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the caught fault
    api.on('GET', /^\/reports\/referrals$/, () => jsonResponse(200, { data: [], totals: [{ referralCode: 'AB12', referrer: 'Baraka Mrema', count: '1' }] }));
    show(<ReferralsReportPage />, '/en/reports/referrals');
    expect((await screen.findByRole('alert')).textContent).toBe('fault: invalid_response');
    expect(screen.queryByText('Baraka Mrema (AB12)')).toBeNull();
  });
});

describe('registrations report, activity and sessions', () => {
  it('shows registrations by state and the rows', async () => {
    api.on('GET', /^\/reports\/registrations$/, () =>
      jsonResponse(200, {
        data: [{ id: 31, title: 'Ubungo Church', status: 'submitted', applicantPhone: '+255754000001', branch: null, channel: 'online', referralCode: 'AB12', createdAt: '2026-03-01T09:00:00.000Z', submittedAt: '2026-03-02T10:00:00.000Z', rejectionReason: null }],
        byStatus: { completed: 4, rejected: 1, submitted: 1, unfinished: 7 },
      }),
    );
    show(<RegistrationsReportPage />, '/en/reports/registrations');
    const states = await screen.findByRole('list', { name: 'Registrations by state' });
    expect(within(states).getByText('7')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Registered institutions report' })).getByText('+255754000001')).toBeTruthy();
  });

  it('lists activities and sessions', async () => {
    api.on('GET', /^\/activities$/, () =>
      jsonResponse(200, { data: [{ id: 1, at: '2026-03-01T09:30:00.000Z', userId: 6, userName: 'Joseph Temba', action: 'request.approved', entityType: 'request', entityId: '7', details: 'bank-account 0101555000123', ipAddress: '127.0.0.1', userAgent: null }], count: 1, nextCursor: null }),
    );
    api.on('GET', /^\/log-viewer$/, () =>
      jsonResponse(200, { data: [{ sessionId: 's-1', userId: 6, userName: 'Joseph Temba', ipAddress: '127.0.0.9', deviceType: 'desktop', version: '1.10.40', browserAgent: null, startedAt: '2026-03-01T09:00:00.000Z', lastAccess: '2026-03-01T09:30:00.000Z', state: 'active' }], count: 1, nextCursor: null }),
    );
    show(<ActivitiesPage />, '/en/activities');
    const activities = await screen.findByRole('table', { name: 'Activity logs' });
    // The action and the request type are codes: the person reads them in words.
    expect(await within(activities).findByText('Request approved')).toBeTruthy();
    expect(within(activities).getByText('bank account · 0101555000123')).toBeTruthy();
    expect(within(activities).queryByText('request.approved')).toBeNull();
    show(<LogViewerPage />, '/en/log_viewer');
    expect(await within(await screen.findByRole('table', { name: 'Sessions' })).findByText('127.0.0.9')).toBeTruthy();
  });

  it("pages the activity log by cursor: next sends the answer's nextCursor, previous goes back, a search starts again", async () => {
    // Each page's one line is told apart by who acted.
    const line = (id: number, userName: string) => ({ id, at: '2026-03-01T09:30:00.000Z', userId: id, userName, action: 'auth.login', entityType: null, entityId: null, details: null, ipAddress: null, userAgent: null });
    api.on('GET', /^\/activities$/, (call) =>
      jsonResponse(200, call.path.includes('cursor=c1') ? { data: [line(2, 'Second Page')], count: 60, nextCursor: null } : { data: [line(1, 'First Page')], count: 60, nextCursor: 'c1' }),
    );
    show(<ActivitiesPage />, '/en/activities');
    expect(await screen.findByText('First Page')).toBeTruthy();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Second Page')).toBeTruthy();
    const second = api.callsTo('GET', /^\/activities/).at(-1)!.path;
    expect(second).toContain('cursor=c1');
    expect(second).not.toContain('offset');
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('First Page')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Second Page')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'joseph' } });
    fireEvent.submit(screen.getByLabelText('Search').closest('form')!);
    await waitFor(() => expect(api.callsTo('GET', /^\/activities/).at(-1)!.path).toContain('search=joseph'));
    expect(api.callsTo('GET', /^\/activities/).at(-1)!.path).not.toContain('cursor');
    expect(await screen.findByText('First Page')).toBeTruthy();
  }, 30_000);
});

const listedUser = {
  id: 12,
  username: 'agnes.mushi',
  name: 'Agnes Mushi',
  email: 'agnes.mushi@bank.co.tz',
  phone: '+255713000001',
  userType: 'bank',
  roleGroupId: 2,
  roleGroup: 'Branch officer',
  branchId: 1,
  branchName: 'Dar es Salaam',
  institutionId: null,
  institution: null,
  status: 'activated',
  twoFactorEnabled: true,
  lastLoginAt: null,
  createdAt: '2026-01-05T08:00:00.000Z',
  pendingRequestId: null,
};

describe('users', () => {
  it('lists users as the server sent them', async () => {
    api.on('GET', /^\/users$/, () =>
      jsonResponse(200, {
        data: [listedUser],
        count: 1,
        nextCursor: null,
      }),
    );
    show(<UsersPage />, '/en/users');
    expect(await screen.findByText('agnes.mushi')).toBeTruthy();
    expect(screen.getByText('Branch officer')).toBeTruthy();
    // One page only: no pager.
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it("pages by cursor (ADR 062): next sends the answer's nextCursor, previous goes back, a filter starts again at the first page", async () => {
    const person = (id: number) => ({ ...listedUser, id, username: `user.${id}`, name: `User ${id}` });
    api.on('GET', /^\/users$/, (call) => {
      const cursor = new URL(call.path, 'http://x').searchParams.get('cursor');
      return cursor === 'page-2'
        ? jsonResponse(200, { data: [person(3)], count: 21, nextCursor: null })
        : jsonResponse(200, { data: [person(1), person(2)], count: 21, nextCursor: 'page-2' });
    });
    show(<UsersPage />, '/en/users');
    expect(await screen.findByText('user.1')).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByText('Page 1 of 2')).toBeTruthy();
    const next = within(pager).getByRole('button', { name: 'Next' });
    expect(within(pager).getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    fireEvent.click(next);
    expect(await screen.findByText('user.3')).toBeTruthy();
    const asked = api.callsTo('GET', /^\/users\?/).map((call) => new URL(call.path, 'http://x').searchParams);
    expect(asked.at(-1)?.get('cursor')).toBe('page-2');
    expect(asked.every((params) => !params.has('offset'))).toBe(true);
    expect(within(screen.getByRole('navigation', { name: 'Pages' })).getByText('Page 2 of 2')).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('user.1')).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Pages' })).getByText('Page 1 of 2')).toBeTruthy();
    // From page 2, a search asks for its first page (no cursor).
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('user.3')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'user' } });
    fireEvent.submit(screen.getByRole('search', { name: 'Find users' }));
    expect(await screen.findByText('user.1')).toBeTruthy();
    const last = new URL(api.callsTo('GET', /^\/users\?/).at(-1)!.path, 'http://x').searchParams;
    expect({ search: last.get('search'), cursor: last.get('cursor') }).toEqual({ search: 'user', cursor: null });
    expect(within(screen.getByRole('navigation', { name: 'Pages' })).getByText('Page 1 of 2')).toBeTruthy();
  });
});
