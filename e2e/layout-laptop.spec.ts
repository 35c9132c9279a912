import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { tokenOf, waitForServiceWorker } from './pages/desk-api';
import { MembersPage } from './pages/members-page';
import { Shell } from './pages/shell';
import { SignInPage } from './pages/sign-in-page';

/**
 * The common bank laptop (1366×900): what a person came for is on screen without scrolling sideways.
 * Checked by bounding boxes, so a column pushed out of its card or a total spilling over its card's
 * edge fails here whatever the colours or fonts.
 */
test.use({ viewport: { width: 1366, height: 900 } });

type Box = { left: number; right: number; top: number; bottom: number };

/** The box a locator's element takes on screen. */
async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'the element is laid out').not.toBeNull();
  return { left: box!.x, right: box!.x + box!.width, top: box!.y, bottom: box!.y + box!.height };
}

/**
 * The part of a scrolling box a person can see: its client area (without the scroll bar). An element
 * scrolled out of view still has a bounding box, so "inside the card" must mean inside this.
 */
async function visibleAreaOf(locator: Locator): Promise<Box> {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const left = rect.left + element.clientLeft;
    const top = rect.top + element.clientTop;
    return { left, top, right: left + element.clientWidth, bottom: top + element.clientHeight };
  });
}

function expectInside(inner: Box, outer: Box, what: string) {
  // Half a pixel for sub-pixel rounding of borders.
  expect(inner.left, `${what}: left edge`).toBeGreaterThanOrEqual(outer.left - 0.5);
  expect(inner.right, `${what}: right edge`).toBeLessThanOrEqual(outer.right + 0.5);
}

const viewport: Box = { left: 0, top: 0, right: 1366, bottom: 900 };

/** The table's column whose heading is `name`: its heading cell and its cell in the first row, seen whole. */
async function expectColumnOnScreen(page: Page, table: Locator, name: string) {
  const header = table.getByRole('columnheader', { name, exact: true });
  await expect(header).toHaveCount(1);
  const index = await header.evaluate((cell) => (cell as HTMLTableCellElement).cellIndex);
  const firstCell = table.locator('tbody tr').first().locator('td').nth(index);
  await expect(firstCell).toBeVisible();
  // The scrolling box the table sits in, and the card around it.
  const scroller = table.locator('xpath=..');
  const card = table.locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " card ")][1]');
  const seen = await visibleAreaOf(scroller);
  const cardBox = await boxOf(card);
  for (const [what, cell] of [[`"${name}" heading`, header], [`"${name}" of the first row`, firstCell]] as const) {
    const box = await boxOf(cell);
    expectInside(box, seen, `${what} inside the table's visible area`);
    expectInside(box, cardBox, `${what} inside its card`);
    expectInside(box, viewport, `${what} inside the window`);
  }
  // Nothing on the page scrolls sideways: the table scrolls inside its card, if at all.
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'the page does not scroll sideways').toBeLessThanOrEqual(1366);
  return firstCell;
}

async function openFromMenu(page: Page, name: string | RegExp) {
  const shell = new Shell(page);
  await shell.menuTexts();
  await shell.menuLink(name).click();
}

/** Every money total on the dashboard's cards: wholly inside its card, on one line. */
async function expectTotalsInsideCards(page: Page) {
  const cards = page.locator('.stat-cards > li').filter({ hasText: /TSh/ });
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  expect(count, 'cards with a money total').toBeGreaterThanOrEqual(2);
  for (let index = 0; index < count; index += 1) {
    const card = cards.nth(index);
    const label = (await card.locator(':scope > :first-child').innerText()).trim();
    // The text itself, not its (stretched) element: a total that spills over shows only in its glyphs' box.
    const text = await card.getByText(/TSh/).evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const rect = range.getBoundingClientRect();
      return { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom, lines: new Set(Array.from(range.getClientRects(), (line) => Math.round(line.top))).size, value: element.textContent ?? '' };
    });
    expect(text.value, `${label} shows a large total`).toMatch(/\d{1,3}(,\d{3}){2,}/);
    const inner = await visibleAreaOf(card);
    expectInside(text, inner, `${label} (${text.value})`);
    expectInside(text, viewport, `${label} (${text.value}) inside the window`);
    expect(text.lines, `${label} (${text.value}) on one line`).toBe(1);
  }
}

for (const role of ['admin', 'union', 'treasurer'] as const) {
  test(`${role}: the dashboard's money totals lie inside their cards`, async ({ page }) => {
    await new SignInPage(page).signIn(role);
    await openFromMenu(page, 'Dashboard');
    await expectTotalsInsideCards(page);
    // In Swahili too: the labels are longer, the amounts the same.
    await new Shell(page).switchLanguage('Kiswahili');
    await expect(page.locator('h1.page-title')).toHaveText('Dashibodi');
    await expectTotalsInsideCards(page);
  });
}

test('transactions: Amount is on screen, inside the card', async ({ page }) => {
  await new SignInPage(page).signIn('admin');
  await openFromMenu(page, 'Transactions');
  const table = page.locator('table.transactions-table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const amount = await expectColumnOnScreen(page, table, 'Amount');
  await expect(amount).toHaveText(/TSh\s?[\d,]+/);
});

test('users: Actions is on screen, inside the card', async ({ page }) => {
  await new SignInPage(page).signIn('admin');
  await openFromMenu(page, 'Users');
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expectColumnOnScreen(page, table, 'Actions');
  // A bank user's buttons, not only the column: the first one with any is reachable.
  const edit = table.getByRole('button', { name: /^Edit / }).first();
  const editBox = await boxOf(edit);
  expectInside(editBox, await visibleAreaOf(table.locator('xpath=..')), 'the first Edit button');
});

test('pending payments: Amount and Actions are on screen, inside the card', async ({ page }) => {
  await new SignInPage(page).signIn('admin');
  await openFromMenu(page, 'Pending push');
  const table = page.getByRole('region', { name: 'Pending pushes' }).getByRole('table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(await expectColumnOnScreen(page, table, 'Amount')).toHaveText(/TSh\s?[\d,]+/);
  const actions = await expectColumnOnScreen(page, table, 'Actions');
  const buttons = actions.getByRole('button');
  expect(await buttons.count()).toBeGreaterThan(0);
  const seen = await visibleAreaOf(table.locator('xpath=..'));
  for (const button of await buttons.all()) expectInside(await boxOf(button), seen, `the button ${await button.innerText()}`);
});

/** Every item of the top bar sits in its one row, and on screen. */
async function expectTopBarOneRow(page: Page) {
  const bar = page.locator('header.top-bar');
  const barBox = await boxOf(bar);
  const items = await bar.evaluate((header) =>
    Array.from(header.children)
      .map((child) => ({ name: child.className || child.tagName, rect: child.getBoundingClientRect() }))
      .filter((child) => child.rect.width > 0 && child.rect.height > 0)
      .map((child) => ({ name: child.name, top: child.rect.top, bottom: child.rect.bottom, left: child.rect.left, right: child.rect.right })),
  );
  expect(items.length, 'items in the top bar').toBeGreaterThanOrEqual(4);
  const tallest = Math.max(...items.map((item) => item.bottom - item.top));
  // One row: the bar is no taller than its tallest item plus its padding, and every item overlaps that row.
  expect(barBox.bottom - barBox.top, `top bar height (tallest item ${tallest}px)`).toBeLessThanOrEqual(tallest + 24);
  for (const item of items) {
    expect(item.top, `${item.name} starts in the bar's row`).toBeGreaterThanOrEqual(barBox.top);
    expect(item.bottom, `${item.name} ends in the bar's row`).toBeLessThanOrEqual(barBox.bottom);
    expectInside(item, viewport, `${item.name} inside the window`);
  }
  expectInside(barBox, viewport, 'the top bar');
}

/** A member of the signed-in person's congregation, with the phone the server holds for them. */
async function aMember(page: Page): Promise<{ code: string; firstName: string; lastName: string; phone: string }> {
  const response = await page.request.get('/api/members/cache?limit=20', { headers: { Authorization: `Bearer ${await tokenOf(page)}` } });
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: Array<{ code: string; firstName: string; lastName: string; phone: string | null; deleted: boolean }> };
  const member = data.find((row) => !row.deleted && row.phone?.startsWith('+255'));
  expect(member, 'a member with a Tanzanian phone').toBeTruthy();
  return { ...member!, phone: member!.phone! };
}

for (const role of ['treasurer', 'imam'] as const) {
  test(`${role}: the top bar stays one row while the unsent-records counter shows`, async ({ page, context }) => {
    test.setTimeout(90_000);
    await new SignInPage(page).signIn(role);
    await waitForServiceWorker(page);
    const someone = await aMember(page);
    const members = new MembersPage(page);
    await members.open();
    // The device's member cache is warm: the page works offline.
    await members.expectFound(someone.code, `${someone.firstName} ${someone.lastName}`);

    // Offline, a member registered on this device waits in the outbox: the counter shows.
    await context.setOffline(true);
    const phone = `0${someone.phone.slice(-9)}`;
    await members.register({ firstName: 'Mwanaisha', lastName: 'Abdallah', phone, gender: 'Female', country: 'Tanzania' });
    const counter = page.getByTestId('pending-badge');
    await expect(counter).toContainText('1 unsent · offline');
    await expectTopBarOneRow(page);

    // Back online the server refuses it (the phone is another member's): the counter's longest text.
    await context.setOffline(false);
    await expect(counter).toContainText('1 need attention', { timeout: 30_000 });
    await expectTopBarOneRow(page);

    // Swahili words are longer; the bar still holds one row.
    await new Shell(page).switchLanguage('Kiswahili');
    await expect(counter).toContainText('zinahitaji kushughulikiwa');
    await expectTopBarOneRow(page);
  });
}
