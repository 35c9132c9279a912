import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_TEXT_CHARS } from '../../domain/limits';
import { RequestDetailPage } from '../../src/features/requests/request-detail-page';
import { saveSession } from '../../src/lib/session';
import { FakeBackOffice, requestDetail, serveRequest } from './backoffice-fake-api';
import { Providers, jsonResponse, makeProfile, testQueryClient } from './helpers';

const checker = makeProfile({
  id: 6,
  username: 'checker',
  name: 'Joseph Temba',
  level: null,
  entity: null,
  entityId: null,
  entityCode: null,
  permissions: [
    { name: 'requests', permissions: 'view,create,update,delete,approve,export' },
    { name: 'bankAccounts', permissions: 'view,create,update,delete,approve,export' },
  ],
});

let api: FakeBackOffice;

beforeEach(() => {
  api = new FakeBackOffice();
  api.on('GET', /^\/profile$/, () => jsonResponse(200, checker));
  api.install();
  saveSession('checker-token', checker);
});

afterEach(() => vi.unstubAllGlobals());

function openDetail(id = 7) {
  render(
    <Providers client={testQueryClient()}>
      <MemoryRouter initialEntries={[`/en/requests/${id}`]}>
        <Routes>
          <Route path="/en/requests/:id" element={<RequestDetailPage />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

const panel = () => screen.getByRole('region', { name: 'Decision' });
const reasonBox = () => within(panel()).getByLabelText('Reason (required to reject)');
const decisionCalls = () => api.calls.filter((call) => call.method === 'POST' && /\/(approve|reject)$/.test(call.path));

async function decide(decision: 'Approve' | 'Reject', reason: string) {
  fireEvent.change(reasonBox(), { target: { value: reason } });
  fireEvent.click(within(panel()).getByRole('button', { name: decision }));
  const dialog = await screen.findByRole('alertdialog');
  fireEvent.click(within(dialog).getByRole('button', { name: decision === 'Approve' ? 'Yes, approve' : 'Yes, reject' }));
}

describe('request detail', () => {
  it('shows who asked for what: maker, date, branch and the payload in words', async () => {
    serveRequest(api, requestDetail());
    openDetail();
    expect(await screen.findByRole('heading', { name: 'Bank account: Mwenge Church — MWENGE CHURCH BUILDING FUND' })).toBeTruthy();
    expect(screen.getByText('Baraka Mrema')).toBeTruthy();
    expect(screen.getByText('0101555000123')).toBeTruthy();
    expect(screen.getByText('MWENGE CHURCH BUILDING FUND')).toBeTruthy();
    // The branch id in the payload is named from the branch list.
    expect(await screen.findByText('Dar es Salaam (DSM)')).toBeTruthy();
    expect(screen.getByText('Requested')).toBeTruthy();
  });

  it('lists an application’s signatories with their signed documents to open or download', async () => {
    serveRequest(
      api,
      requestDetail({
        type: 'application',
        title: 'Ubungo Church',
        payload: {
          kind: 'registration',
          registrationId: 1,
          institution: { title: 'Ubungo Church', abbreviation: 'UBG', religionId: 1, levelId: 4, parentId: 30, region: 'Dar es Salaam', district: 'Ubungo', street: 'Kibangu', logoUploadId: null },
          bankAccount: { accountNumber: '0101998877665', accountName: 'UBUNGO CHURCH', branchId: 1, currency: 'TZS' },
          signatories: [{ name: 'Elia Mapunda', phone: '+255754200001', email: null, documentUploadId: 9 }],
          defaultUser: { name: 'Elia Mapunda', phone: '+255754200001', email: 'elia@example.co.tz' },
          referralCode: 'REF101',
          registrationChannel: 'online',
        },
        documents: [{ id: 9, name: 'elia-signed.pdf', mimeType: 'application/pdf', sizeBytes: 48_213, url: '/api/uploads/9' }],
      }),
    );
    openDetail();
    expect(await screen.findByRole('heading', { name: 'Application: Ubungo Church' })).toBeTruthy();
    expect(await screen.findByText('Kinondoni District')).toBeTruthy();
    expect(screen.getByText('Church')).toBeTruthy();
    const row = screen.getByRole('row', { name: /Elia Mapunda/ });
    expect(within(row).getByText(/elia-signed\.pdf/)).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Open elia-signed.pdf' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Download elia-signed.pdf' })).toBeTruthy();
  });

  it('approves after a confirmation, sending the comment, and shows the new status', async () => {
    serveRequest(api, requestDetail());
    openDetail();
    await screen.findByRole('heading', { name: /Bank account:/ });
    fireEvent.change(reasonBox(), { target: { value: 'Mandate checked' } });
    fireEvent.click(within(panel()).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve this request?' });
    // Nothing is sent before the confirmation.
    expect(decisionCalls()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, approve' }));
    await waitFor(() => expect(screen.getAllByText('Approved').length).toBeGreaterThan(0));
    expect(decisionCalls()).toEqual([expect.objectContaining({ path: '/requests/7/approve', body: { reason: 'Mandate checked' } })]);
    expect(screen.getByText('Joseph Temba')).toBeTruthy();
  });

  it('cancelling the confirmation sends nothing', async () => {
    serveRequest(api, requestDetail());
    openDetail();
    await screen.findByRole('heading', { name: /Bank account:/ });
    fireEvent.click(within(panel()).getByRole('button', { name: 'Approve' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(decisionCalls()).toHaveLength(0);
  });

  it('refuses to reject without a reason, and a reason over 1,000 characters, before asking the server', async () => {
    serveRequest(api, requestDetail());
    openDetail();
    await screen.findByRole('heading', { name: /Bank account:/ });
    fireEvent.click(within(panel()).getByRole('button', { name: 'Reject' }));
    expect(within(panel()).getByText('Reason can not be empty')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    fireEvent.change(reasonBox(), { target: { value: 'x'.repeat(MAX_TEXT_CHARS + 1) } });
    expect(within(panel()).getByText('1001 of 1000 characters')).toBeTruthy();
    fireEvent.click(within(panel()).getByRole('button', { name: 'Reject' }));
    expect(within(panel()).getByText('Reason must be at most 1000 characters')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(decisionCalls()).toHaveLength(0);

    // Exactly 1,000 characters is allowed, and is what the server receives.
    const longest = 'y'.repeat(MAX_TEXT_CHARS);
    await decide('Reject', longest);
    await waitFor(() => expect(screen.getAllByText('Rejected').length).toBeGreaterThan(0));
    expect(decisionCalls()).toEqual([expect.objectContaining({ path: '/requests/7/reject', body: { reason: longest } })]);
  });

  it('shows the server’s 403 in its own words and leaves the request pending', async () => {
    const message = 'You made this request, so another person must approve or reject it';
    serveRequest(api, requestDetail(), { status: 403, code: 'own_request', message });
    openDetail();
    await screen.findByRole('heading', { name: /Bank account:/ });
    await decide('Approve', '');
    expect((await within(panel()).findByRole('alert')).textContent).toBe(message);
    expect(screen.getByText('Requested')).toBeTruthy();
  });

  it('shows a no-access 403 as the server words it ("You don\'t have access to approve bank account")', async () => {
    const message = "You don't have access to approve bank account";
    serveRequest(api, requestDetail(), { status: 403, code: 'no_access', message });
    openDetail();
    await screen.findByRole('heading', { name: /Bank account:/ });
    await decide('Reject', 'Wrong branch');
    expect((await within(panel()).findByRole('alert')).textContent).toBe(message);
  });

  it('shows the 409 of a request someone else resolved meanwhile, and then its new status', async () => {
    const message = 'This request has already been resolved';
    serveRequest(api, requestDetail(), { status: 409, code: 'not_pending', message, resolvedAs: 'approved' });
    openDetail();
    await screen.findByRole('heading', { name: /Bank account:/ });
    await decide('Approve', '');
    expect((await within(panel()).findByRole('alert')).textContent).toBe(message);
    await waitFor(() => expect(screen.getAllByText('Approved').length).toBeGreaterThan(0));
    expect(within(panel()).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('tells the maker, before they try, that someone else must decide', async () => {
    serveRequest(api, requestDetail({ makerId: 6, makerName: 'Joseph Temba', canCheck: false }));
    openDetail();
    await screen.findByRole('heading', { name: /Bank account:/ });
    expect(within(panel()).getByRole('note').textContent).toBe('You made this request, so another person must approve or reject it');
    expect((within(panel()).getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(panel()).getByRole('button', { name: 'Reject' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('lets the maker withdraw their own pending request, which ends not approved', async () => {
    serveRequest(api, requestDetail({ makerId: 6, makerName: 'Joseph Temba', canCheck: false }));
    openDetail();
    await screen.findByRole('heading', { name: /Bank account:/ });
    fireEvent.click(within(panel()).getByRole('button', { name: 'Withdraw request' }));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Withdraw this request?' })).getByRole('button', { name: 'Yes, withdraw' }));
    await waitFor(() => expect(screen.getAllByText('Not approved').length).toBeGreaterThan(0));
    expect(api.callsTo('POST', /\/withdraw$/)).toHaveLength(1);
    expect(decisionCalls()).toHaveLength(0);
  });

  it('shows each status with its own badge', async () => {
    serveRequest(api, requestDetail({ status: 'not_approved', canCheck: false, resolvedAt: '2026-11-21T08:00:00.000Z' }));
    openDetail();
    const badge = await screen.findByText('Not approved');
    expect(badge.className).toContain('status-badge-neutral');
  });
});
