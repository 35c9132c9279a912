import { expect, type Locator, type Page } from '@playwright/test';

/** The signed-in layout: side menu, top bar, language switch, advanced search. */
export class Shell {
  readonly menu: Locator;
  constructor(readonly page: Page) {
    this.menu = page.getByRole('navigation', { name: 'Main menu' });
  }

  menuLink(name: string | RegExp) {
    return this.menu.getByRole('link', { name });
  }

  async menuTexts(): Promise<string[]> {
    return (await this.menu.getByRole('link').allInnerTexts()).map((text) => text.replace(/\s+\d+$/, '').trim());
  }

  async switchLanguage(nativeName: 'Kiswahili' | 'English') {
    await this.page.getByRole('group', { name: /Language|Lugha/ }).getByRole('button', { name: nativeName }).click();
  }

  searchBox() {
    return this.page.getByRole('search').getByRole('textbox');
  }

  async expectHeading(text: string | RegExp) {
    await expect(this.page.getByRole('heading', { name: text }).first()).toBeVisible();
  }
}
