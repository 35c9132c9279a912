import { expect, type Page } from '@playwright/test';

export type NewMember = { firstName: string; lastName: string; phone: string; gender: 'Female' | 'Male'; country: string; city?: string };

/** /en/members: the device's member list and the offline registration form. */
export class MembersPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/en/members');
    await expect(this.page.getByRole('button', { name: 'Register member' })).toBeVisible();
  }

  async register(member: NewMember) {
    await this.page.getByRole('button', { name: 'Register member' }).click();
    const form = this.page.getByRole('form', { name: 'Register member' });
    await form.getByLabel('First name').fill(member.firstName);
    await form.getByLabel('Last name').fill(member.lastName);
    await form.getByLabel('Phone number').fill(member.phone);
    await form.getByLabel('Gender').selectOption({ label: member.gender });
    await form.getByLabel('Country', { exact: true }).selectOption({ label: member.country });
    if (member.city) await form.getByLabel('City').fill(member.city);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(this.page.getByText('Saved on this device; will sync')).toBeVisible();
  }

  /** Waits until a search of the device's cache finds someone: the cache is warm. */
  async expectFound(query: string, name: string | RegExp) {
    await this.page.getByLabel('Search members').fill(query);
    await expect(this.page.getByRole('list', { name: 'Members' }).getByText(name).first()).toBeVisible({ timeout: 20_000 });
  }
}
