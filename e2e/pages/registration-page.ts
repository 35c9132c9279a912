import { expect, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';

/** A small real PDF: the signed signatory form the applicant uploads. */
export const SIGNED_FORM_PDF = fileURLToPath(new URL('../fixtures/signed-form.pdf', import.meta.url));

export type Applicant = {
  phone: string;
  email: string;
  title: string;
  abbreviation: string;
  parent: string;
  accountNumber: string;
  signatory: { name: string; phone: string; email: string };
  defaultUser: { name: string; phone: string; email: string };
  referralCode: string;
};

/** A fresh applicant each call, so specs never trip over one another's unfinished drafts. */
export function newApplicant(accountNumber: string, parent = 'Kinondoni District'): Applicant {
  const n = `${Date.now() % 1_000_000}`.padStart(6, '0');
  const tail = `${Math.floor(Math.random() * 900) + 100}`;
  return {
    phone: `0754${n}`,
    email: `applicant.${n}${tail}@example.co.tz`,
    title: `Kanisa la Majaribio ${n}`,
    abbreviation: `E${n}`,
    parent,
    accountNumber,
    signatory: { name: 'Elia Mwakalinga', phone: `0713${n}`, email: `elia.${n}${tail}@example.co.tz` },
    defaultUser: { name: 'Rehema Mwakalinga', phone: `0715${n}`, email: `rehema.${n}${tail}@example.co.tz` },
    referralCode: 'REF101',
  };
}

/** /en/registration and /en/preview, driven the way an applicant fills them in. */
export class RegistrationFlow {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/en/registration');
    await expect(this.page.getByRole('heading', { name: 'Register a church or mosque' })).toBeVisible();
  }

  async start(applicant: Applicant) {
    await this.page.getByLabel('Your phone number').fill(applicant.phone);
    await this.page.getByLabel('Your email').fill(applicant.email);
    await this.page.getByRole('button', { name: 'Start registration' }).click();
    await expect(this.page.getByRole('heading', { name: 'Institution details' })).toBeVisible();
  }

  async institution(applicant: Applicant, answers: Record<string, string> = {}) {
    await this.fillInstitution(applicant, answers);
    await expect(this.page.getByRole('heading', { name: 'Bank account' })).toBeVisible();
  }

  /** Fills the institution step and saves it; `answers` are the chosen level's custom fields, by label. */
  async fillInstitution(applicant: Applicant, answers: Record<string, string> = {}) {
    const page = this.page;
    await page.getByLabel('Title').fill(applicant.title);
    await page.getByLabel('Abbreviation').fill(applicant.abbreviation);
    await page.getByLabel('Religion').selectOption({ label: 'Christian' });
    await page.getByLabel('Level').selectOption({ label: 'Church' });
    await page.getByLabel('Parent').selectOption({ label: applicant.parent });
    await page.getByLabel('Region').fill('Dar es Salaam');
    await page.getByLabel('District').fill('Kinondoni');
    await page.getByLabel('Street').fill('Mwenge, Sam Nujoma Road');
    for (const [label, value] of Object.entries(answers)) await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByRole('button', { name: 'Save and continue' }).click();
  }

  async lookUpAccount(accountNumber: string) {
    await this.page.getByLabel('Account number').fill(accountNumber);
    await this.page.getByRole('button', { name: 'Look up account' }).click();
  }

  async bankAccount(applicant: Applicant) {
    await this.lookUpAccount(applicant.accountNumber);
    await expect(this.page.getByRole('status').filter({ hasText: 'Account found at the bank' })).toBeVisible();
    await this.page.getByRole('button', { name: 'Continue' }).click();
    await expect(this.page.getByRole('heading', { name: 'Signatories' })).toBeVisible();
  }

  async signatories(applicant: Applicant, file = SIGNED_FORM_PDF) {
    const page = this.page;
    const signatory = page.getByRole('group', { name: 'Signatory 1' });
    await signatory.getByLabel('Name', { exact: true }).fill(applicant.signatory.name);
    await signatory.getByLabel('Email (optional)').fill(applicant.signatory.email);
    await signatory.getByLabel('Phone number').fill(applicant.signatory.phone);
    await signatory.getByLabel('Signed document').setInputFiles(file);
    await expect(signatory.getByText('Attached: signed-form.pdf')).toBeVisible();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByRole('heading', { name: 'Default user' })).toBeVisible();
  }

  async defaultUser(applicant: Applicant) {
    const page = this.page;
    await page.getByLabel('Name', { exact: true }).fill(applicant.defaultUser.name);
    await page.getByLabel('Phone number').fill(applicant.defaultUser.phone);
    await page.getByLabel('Email').fill(applicant.defaultUser.email);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByRole('heading', { name: 'Referral and channel' })).toBeVisible();
  }

  async extras(applicant: Applicant) {
    await this.page.getByLabel('Referral code (optional)').fill(applicant.referralCode);
    await this.page.getByRole('button', { name: 'Save and preview' }).click();
    await expect(this.page).toHaveURL(/\/en\/preview$/);
  }

  async submitFromPreview() {
    await this.page.getByRole('button', { name: 'Submit registration' }).click();
    await expect(this.page).toHaveURL(/\/en\/registration$/);
    await expect(this.page.getByRole('heading', { name: 'Registration summary' })).toBeVisible();
  }

  /** Every step from the start form to a submitted registration. */
  async registerAndSubmit(applicant: Applicant) {
    await this.open();
    await this.start(applicant);
    await this.institution(applicant);
    await this.bankAccount(applicant);
    await this.signatories(applicant);
    await this.defaultUser(applicant);
    await this.extras(applicant);
    await this.submitFromPreview();
  }
}
