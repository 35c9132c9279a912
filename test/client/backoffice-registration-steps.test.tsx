import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BankAccountStep, DefaultUserStep, InstitutionStep, SignatoriesStep, StartRegistrationInput, type RegistrationView } from '../../domain/api/back-office-registration';
import { MAX_UPLOAD_BYTES } from '../../domain/limits';
import { RegistrationPage } from '../../src/features/registration/registration-page';
import { FakeBackOffice, checked, draft } from './backoffice-fake-api';
import { Providers, jsonResponse, testQueryClient } from './helpers';

const TOKEN_KEY = 'sadaka.registration.token';
let api: FakeBackOffice;
let current: RegistrationView;

/** The public draft routes over one draft in memory; each step is checked with the server's schema. */
function serveDraft(initial: RegistrationView) {
  current = initial;
  api.on('GET', /^\/registrations\/current$/, () => jsonResponse(200, current));
  const save = (step: keyof RegistrationView['data'], schema: Parameters<typeof checked>[0], toData: (value: never) => unknown) => (call: { body: unknown }) =>
    checked(schema, call.body, (value) => {
      current = { ...current, data: { ...current.data, [step]: toData(value as never) }, missingSteps: current.missingSteps.filter((name) => name !== step) };
      return jsonResponse(200, current);
    });
  api.on('PUT', /^\/registrations\/current\/institution$/, save('institution', InstitutionStep, (value) => value));
  api.on('PUT', /^\/registrations\/current\/default-user$/, save('defaultUser', DefaultUserStep, (value) => value));
  api.on('PUT', /^\/registrations\/current\/signatories$/, save('signatories', SignatoriesStep, (value: { signatories: unknown }) => value.signatories));
  api.on('PUT', /^\/registrations\/current\/bank-account$/, (call) =>
    checked(BankAccountStep, call.body, () =>
      jsonResponse(422, {
        statusCode: 422,
        code: 'validation',
        message: 'Provided bank account is not found. Please check and try again',
        fields: [{ path: 'accountNumber', message: 'Provided bank account is not found. Please check and try again' }],
      }),
    ),
  );
}

beforeEach(() => {
  api = new FakeBackOffice();
  api.install();
});

afterEach(() => vi.unstubAllGlobals());

function openRegistration(query = '') {
  render(
    <Providers client={testQueryClient()}>
      <MemoryRouter initialEntries={[`/en/registration${query}`]}>
        <Routes>
          <Route path="/en/registration" element={<RegistrationPage />} />
          <Route path="/en/preview" element={<p>preview page</p>} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

const field = (label: string) => screen.getByLabelText(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const saves = (step: string) => api.callsTo('PUT', new RegExp(`/registrations/current/${step}$`));

describe('registration: starting', () => {
  it('asks for a valid phone and email before starting, and keeps the token to resume', async () => {
    api.on('POST', /^\/registrations$/, (call) =>
      checked(StartRegistrationInput, call.body, (input) => jsonResponse(201, { token: 'draft-token-0123456789abcdef', registration: draft({ applicantPhone: input.applicantPhone, applicantEmail: input.applicantEmail }) })),
    );
    api.on('GET', /^\/registrations\/current$/, () => jsonResponse(200, draft()));
    openRegistration();
    fireEvent.click(await screen.findByRole('button', { name: 'Start registration' }));
    expect(await screen.findByText('Your phone number can not be empty')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();

    type('Your phone number', '0754 12');
    type('Your email', 'applicant@example.co.tz');
    fireEvent.click(screen.getByRole('button', { name: 'Start registration' }));
    expect(await screen.findByText('Enter a valid phone number')).toBeTruthy();
    expect(api.callsTo('POST', /^\/registrations$/)).toHaveLength(0);

    type('Your phone number', '0754 123 456');
    fireEvent.click(screen.getByRole('button', { name: 'Start registration' }));
    expect(await screen.findByRole('heading', { name: 'Institution details' })).toBeTruthy();
    expect(api.callsTo('POST', /^\/registrations$/)[0]?.body).toEqual({ applicantPhone: '+255754123456', applicantEmail: 'applicant@example.co.tz' });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('draft-token-0123456789abcdef');
    // Later calls carry the token, not a session.
    await waitFor(() => expect(api.callsTo('GET', /^\/registrations\/current$/).length).toBeGreaterThan(0));
    expect(api.callsTo('GET', /^\/registrations\/current$/)[0]?.headers['x-registration-token']).toBe('draft-token-0123456789abcdef');
  });

  it('shows the server’s refusal when an unfinished registration already exists', async () => {
    const message = 'An unfinished registration for this phone or email exists. Complete it before starting another.';
    api.on('POST', /^\/registrations$/, () => jsonResponse(409, { statusCode: 409, code: 'unfinished_exists', message }));
    openRegistration();
    type('Your phone number', '0754123456');
    type('Your email', 'applicant@example.co.tz');
    fireEvent.click(screen.getByRole('button', { name: 'Start registration' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});

describe('registration: steps', () => {
  beforeEach(() => localStorage.setItem(TOKEN_KEY, 'draft-token-0123456789abcdef'));

  it('institution: names every empty field, needs a parent one level up, then saves numbers', async () => {
    serveDraft(draft());
    openRegistration('?step=institution');
    fireEvent.click(await screen.findByRole('button', { name: 'Save and continue' }));
    for (const name of ['Title', 'Abbreviation', 'Religion', 'Level', 'Region', 'District', 'Street']) {
      expect(await screen.findByText(`${name} can not be empty`)).toBeTruthy();
    }
    expect(saves('institution')).toHaveLength(0);

    type('Title', 'Kanisa la Sinza Mori');
    type('Abbreviation', 'snm');
    await screen.findByRole('option', { name: 'Christian' });
    fireEvent.change(field('Religion'), { target: { value: '1' } });
    fireEvent.change(field('Level'), { target: { value: '4' } });
    type('Region', 'Dar es Salaam');
    type('District', 'Kinondoni');
    type('Street', 'Sinza Mori');
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Choose a parent one level above in the same religion')).toBeTruthy();
    expect(saves('institution')).toHaveLength(0);
    // Only districts (one level above a church) are offered as parents.
    expect(within(field('Parent')).queryByRole('option', { name: 'Union' })).toBeNull();

    fireEvent.change(field('Parent'), { target: { value: '30' } });
    // The church level's custom fields, checked with their rules before anything is sent.
    type('Registration number', 'R'.repeat(41));
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Registration number is not valid')).toBeTruthy();
    expect(saves('institution')).toHaveLength(0);
    type('Registration number', ' REG-2026-001 ');
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { name: 'Bank account' })).toBeTruthy();
    expect(saves('institution')[0]?.body).toEqual({
      title: 'Kanisa la Sinza Mori',
      abbreviation: 'SNM',
      religionId: 1,
      levelId: 4,
      parentId: 30,
      region: 'Dar es Salaam',
      district: 'Kinondoni',
      street: 'Sinza Mori',
      logoUploadId: null,
      customFields: [{ fieldId: 7, value: 'REG-2026-001' }],
    });
  });

  it('bank account: digits only, and the bank’s "not found" beside the field', async () => {
    serveDraft(draft({ missingSteps: ['bankAccount', 'signatories', 'defaultUser', 'extras'] }));
    openRegistration('?step=bankAccount');
    await screen.findByLabelText('Account number');
    type('Account number', '0101-77');
    fireEvent.click(screen.getByRole('button', { name: 'Look up account' }));
    expect(await screen.findByText('Account number needs to be digits')).toBeTruthy();
    expect(saves('bank-account')).toHaveLength(0);

    type('Account number', '0101999999999');
    fireEvent.click(screen.getByRole('button', { name: 'Look up account' }));
    expect(await screen.findByText('Provided bank account is not found. Please check and try again')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });

  it('signatories: each needs a valid phone and a signed document; a file over 15 MB or of another type is refused before upload', async () => {
    serveDraft(draft({ missingSteps: ['signatories', 'defaultUser', 'extras'] }));
    api.on('POST', /^\/registrations\/current\/uploads$/, () => jsonResponse(201, { id: 77, name: 'form.pdf', mimeType: 'application/pdf', sizeBytes: 1200, url: '/api/uploads/77' }));
    openRegistration('?step=signatories');
    const signatory = await screen.findByRole('group', { name: 'Signatory 1' });
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await within(signatory).findByText('Name can not be empty')).toBeTruthy();
    expect(within(signatory).getByText('Phone number can not be empty')).toBeTruthy();
    expect(within(signatory).getByText('Signed document can not be empty')).toBeTruthy();

    const upload = within(signatory).getByLabelText('Signed document');
    const big = new File(['%PDF-1.4'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: MAX_UPLOAD_BYTES + 1 });
    fireEvent.change(upload, { target: { files: [big] } });
    expect(await within(signatory).findByText('The file is larger than 15 MB')).toBeTruthy();
    fireEvent.change(upload, { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await within(signatory).findByText('Only PDF, PNG or JPEG files are accepted')).toBeTruthy();
    expect(api.callsTo('POST', /uploads/)).toHaveLength(0);

    fireEvent.change(upload, { target: { files: [new File(['%PDF-1.4 signed'], 'form.pdf', { type: 'application/pdf' })] } });
    expect(await within(signatory).findByText('Attached: form.pdf')).toBeTruthy();
    expect(api.callsTo('POST', /uploads/)[0]?.path).toBe('/registrations/current/uploads?purpose=document');

    fireEvent.change(within(signatory).getByLabelText('Name'), { target: { value: 'Elia Mwakalinga' } });
    fireEvent.change(within(signatory).getByLabelText('Phone number'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await within(signatory).findByText('Enter a valid phone number')).toBeTruthy();
    expect(saves('signatories')).toHaveLength(0);

    fireEvent.change(within(signatory).getByLabelText('Phone number'), { target: { value: '0713 200 300' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { name: 'Default user' })).toBeTruthy();
    expect(saves('signatories')[0]?.body).toEqual({ signatories: [{ name: 'Elia Mwakalinga', phone: '+255713200300', email: null, documentUploadId: 77 }] });
  });

  it('default user: name, valid phone and email are all required', async () => {
    serveDraft(draft({ missingSteps: ['defaultUser', 'extras'] }));
    openRegistration('?step=defaultUser');
    fireEvent.click(await screen.findByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Name can not be empty')).toBeTruthy();
    expect(screen.getByText('Phone number can not be empty')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    type('Name', 'Rehema Mwakalinga');
    type('Phone number', '0715 100 200');
    type('Email', 'rehema@example.co.tz');
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { name: 'Referral and channel' })).toBeTruthy();
    expect(saves('default-user')[0]?.body).toEqual({ name: 'Rehema Mwakalinga', phone: '+255715100200', email: 'rehema@example.co.tz' });
  });

  it('a finished registration shows its summary: rejected with the reason', async () => {
    serveDraft(draft({ status: 'rejected', rejectionReason: 'The signed form is not legible', missingSteps: [], submittedAt: '2026-11-20T08:00:00.000Z' }));
    openRegistration();
    expect(await screen.findByRole('heading', { name: 'Registration summary' })).toBeTruthy();
    expect(screen.getByText('Rejected')).toBeTruthy();
    expect(screen.getByText('The signed form is not legible')).toBeTruthy();
  });
});
