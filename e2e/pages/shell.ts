import { expect, type Locator, type Page } from '@playwright/test';

/** The signed-in layout: side menu, top bar, language switch, advanced search. */
export class Shell {
  readonly menu: Locator;
  constructor(readonly page: Page) {
    this.menu = page.getByRole('navigation', { name: /^(Main menu|Menyu kuu)$/ });
  }

  menuLink(name: string | RegExp) {
    return this.menu.getByRole('link', { name });
  }

  /** Every label in the menu, groups opened so their children count too. */
  async menuTexts(): Promise<string[]> {
    const closed = this.menu.locator('button[aria-expanded="false"]');
    while ((await closed.count()) > 0) await closed.first().click();
    return (await this.menu.locator('.menu-text').allInnerTexts()).map((text) => text.trim());
  }

  async switchLanguage(nativeName: 'Kiswahili' | 'English') {
    await this.page.getByRole('group', { name: /Language|Lugha/ }).getByRole('button', { name: nativeName }).click();
  }

  searchBox() {
    return this.page.getByLabel(/Search transactions and members|Tafuta/);
  }

  async expectHeading(text: string | RegExp) {
    await expect(this.page.getByRole('heading', { name: text }).first()).toBeVisible();
  }
}
