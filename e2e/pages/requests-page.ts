import { expect, type Locator, type Page } from '@playwright/test';

/** /en/requests and /en/requests/{id}: the approval queues, the registration summary and the decision. */
export class RequestsPage {
  constructor(readonly page: Page) {}

  async open(query = '') {
    await this.page.goto(`/en/requests${query}`);
    await expect(this.page.getByRole('tablist', { name: 'Requests' })).toBeVisible();
  }

  tab(name: string | RegExp): Locator {
    return this.page.getByRole('tab', { name });
  }

  /** The registration summary, filtered to one state ('Submitted, waiting for approval', 'Rejected', …). */
  async openRegistrationSummary(state?: string) {
    await this.tab(/Registration summary/).click();
    if (state) await this.page.getByRole('group', { name: 'Registrations by state' }).getByRole('button', { name: new RegExp(`^${state}`) }).click();
  }

  registrationRow(title: string): Locator {
    return this.page.getByRole('row').filter({ hasText: title });
  }

  /** Branch staff: review the submitted registration and send it for approval; answers the request's URL. */
  async sendForApproval(title: string): Promise<string> {
    await this.registrationRow(title).getByRole('button', { name: `Review ${title}` }).click();
    await expect(this.page.getByRole('heading', { name: 'Signatories' })).toBeVisible();
    await this.page.getByRole('button', { name: 'Send for approval' }).click();
    await expect(this.page.getByText('Sent for approval')).toBeVisible();
    await expect(this.page).toHaveURL(/\/en\/requests\/\d+$/);
    return this.page.url();
  }

  decisionPanel(): Locator {
    return this.page.getByRole('region', { name: 'Decision' });
  }

  async decide(decision: 'Approve' | 'Reject', reason: string) {
    const panel = this.decisionPanel();
    await panel.getByLabel('Reason (required to reject)').fill(reason);
    await panel.getByRole('button', { name: decision, exact: true }).click();
    const dialog = this.page.getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: decision === 'Approve' ? 'Yes, approve' : 'Yes, reject' }).click();
    await expect(dialog).toHaveCount(0);
  }

  statusBadge(): Locator {
    return this.page.locator('.section-head .status-badge');
  }
}
