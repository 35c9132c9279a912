import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AmendmentInput, InstitutionAccessCodeInput, InstitutionAccessVerifyInput, PublicNewAccountInput } from '../../domain/api/back-office-registration';
import { RequestNewAccountPage } from '../../src/features/registration/request-new-account-page';
import { FakeBackOffice, checked } from './backoffice-fake-api';
import { Providers, jsonResponse, testQueryClient } from './helpers';

const ACCESS_TOKEN = 'access-token-0123456789abcdef';
let api: FakeBackOffice;

beforeEach(() => {
  api = new FakeBackOffice();
  api.on('POST', /^\/institution-access\/code$/, (call) =>
    checked(InstitutionAccessCodeInput, call.body, () => jsonResponse(200, { message: 'If the details match our records, a code has been sent to that phone.' })),
  );
  api.on('POST', /^\/institution-access\/verify$/, (call) =>
    checked(InstitutionAccessVerifyInput, call.body, (input) =>
      input.code === '246810'
        ? jsonResponse(200, { accessToken: ACCESS_TOKEN, expiresAt: '2026-11-21T09:00:00.000Z', institution: { id: 12, title: 'Mwenge Church', code: 'MWG' } })
        : jsonResponse(400, { statusCode: 400, code: 'code_invalid', message: 'The code is wrong or has expired' }),
    ),
  );
  const requireAccess = (headers: Record<string, string>) => headers['x-institution-access'] === ACCESS_TOKEN;
  api.on('POST', /^\/institution-access\/amendments$/, (call) =>
    requireAccess(call.headers) ? checked(AmendmentInput, call.body, () => jsonResponse(201, { requestId: 31, status: 'requested' })) : jsonResponse(401, { statusCode: 401, code: 'access_invalid', message: 'x' }),
  );
  api.on('POST', /^\/institution-access\/bank-accounts$/, (call) =>
    requireAccess(call.headers) ? checked(PublicNewAccountInput, call.body, () => jsonResponse(201, { requestId: 32, status: 'requested' })) : jsonResponse(401, { statusCode: 401, code: 'access_invalid', message: 'x' }),
  );
  api.install();
});

afterEach(() => vi.unstubAllGlobals());

function openPage() {
  render(
    <Providers client={testQueryClient()}>
      <MemoryRouter initialEntries={['/en/request-new-account']}>
        <Routes>
          <Route path="/en/request-new-account" element={<RequestNewAccountPage />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

describe('change institution details without signing in', () => {
  it('proves access with a code sent to a known phone, then sends an amendment and a new account for approval', async () => {
    openPage();
    fireEvent.change(screen.getByLabelText('Institution code'), { target: { value: 'mwg' } });
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '0754 100 004' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('If the details match our records, a code has been sent to that phone.')).toBeTruthy();
    expect(api.callsTo('POST', /code$/)[0]?.body).toEqual({ institutionCode: 'MWG', phone: '+255754100004' });

    fireEvent.change(screen.getByLabelText('Code from the SMS'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter the 6-digit code from the SMS')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Code from the SMS'), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByText('The code is wrong or has expired')).getAttribute('role')).toBe('alert');
    expect(screen.queryByText('Enter the 6-digit code from the SMS')).toBeNull();

    fireEvent.change(screen.getByLabelText('Code from the SMS'), { target: { value: '246810' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Requests for Mwenge Church (MWG)')).toBeTruthy();

    // Nothing filled in: nothing to ask for.
    const amendment = screen.getByRole('form', { name: 'Change institution details' });
    fireEvent.click(within(amendment).getByRole('button', { name: 'Send for approval' }));
    expect(await within(amendment).findByText('Nothing was changed')).toBeTruthy();
    expect(api.callsTo('POST', /amendments$/)).toHaveLength(0);

    fireEvent.change(within(amendment).getByLabelText('Street'), { target: { value: 'Sam Nujoma Road' } });
    fireEvent.click(within(amendment).getByRole('button', { name: 'Send for approval' }));
    expect(await within(amendment).findByText('Sent for approval as request number 31.')).toBeTruthy();
    expect(api.callsTo('POST', /amendments$/)[0]?.body).toEqual({ street: 'Sam Nujoma Road' });

    fireEvent.click(screen.getByRole('tab', { name: 'Request a new account' }));
    const account = screen.getByRole('form', { name: 'Request a new account' });
    fireEvent.change(within(account).getByLabelText('Account number'), { target: { value: '0101555000123' } });
    fireEvent.click(within(account).getByRole('button', { name: 'Send for approval' }));
    expect(await within(account).findByText('Sent for approval as request number 32.')).toBeTruthy();
    expect(api.callsTo('POST', /bank-accounts$/)[0]?.body).toEqual({ accountNumber: '0101555000123' });
  });
});
