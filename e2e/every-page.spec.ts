import { expect, test, type Page } from '@playwright/test';
import { blockingAxeFindings, PageProblems, type AxeFinding } from './pages/page-audit';
import { tokenOf } from './pages/desk-api';
import { Shell } from './pages/shell';
import { SignInPage } from './pages/sign-in-page';

/**
 * Every entry of every role's menu, as the server builds it (so a page added to the menu is covered
 * without touching this file), plus the pages every signed-in person may open. On each: no console
 * error, no failed request, and axe-core finds nothing critical or serious.
 */
const ROLES = ['admin', 'branch', 'union', 'treasurer', 'imam'] as const;
// Member transfers are reached from the members pages, not the menu; every role here reads members.
const ALWAYS_OPEN = ['/en/profile', '/en/outbox', '/en/members/transfers'];

async function menuTargets(shell: Shell): Promise<string[]> {
  await shell.menuTexts(); // opens every group so its links are in the page
  const hrefs = await shell.menu.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return [...new Set(hrefs.filter((href) => href.startsWith('/en/')))];
}

/** The page has drawn: its title is up and nothing is still loading. */
async function settled(page: Page) {
  await expect(page.locator('h1.page-title')).not.toBeEmpty();
  await page.waitForLoadState('networkidle', { timeout: 2_000 }).catch(() => undefined);
  await expect(page.locator('[aria-busy="true"], .spinner')).toHaveCount(0, { timeout: 10_000 });
}

for (const role of ROLES) {
  test(`${role}: every menu page opens with no error and no serious accessibility finding`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    const problems = new PageProblems(page);
    problems.where = 'sign-in';
    await new SignInPage(page).signIn(role);
    const shell = new Shell(page);
    const targets = await menuTargets(shell);
    expect(targets.length, `${role} has a menu`).toBeGreaterThan(0);

    const findings: AxeFinding[] = [];
    for (const target of [...targets, ...ALWAYS_OPEN]) {
      problems.where = target;
      const link = shell.menu.locator(`a[href="${target}"]`);
      if ((await link.count()) > 0) {
        await shell.menuTexts();
        await link.click();
      } else {
        await page.goto(target);
      }
      await expect(page).toHaveURL(new RegExp(`${target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
      await settled(page);
      findings.push(...(await blockingAxeFindings(page, target)));
    }
    console.log(`${role}: ${targets.length + ALWAYS_OPEN.length} pages, ${findings.length} critical/serious axe findings`);
    expect(problems.problems, 'console errors and failed requests').toEqual([]);
    expect(findings, 'axe-core critical and serious findings').toEqual([]);
  });
}

// Pages with an id in the path are not menu entries: open one of each that this area adds.
test('treasurer: one SMS send (/sms/{id}) opens with no error and no serious accessibility finding', async ({ page }) => {
  const problems = new PageProblems(page);
  await new SignInPage(page).signIn('treasurer');
  const token = await tokenOf(page);
  const created = await page.request.post('/api/sms/campaigns', {
    headers: { Authorization: `Bearer ${token}` },
    data: { recipients: { kind: 'phone', phone: '+255719000001' }, message: 'Karibu kwenye ibada Jumapili.' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  problems.where = `/en/sms/${id}`;
  await page.goto(`/en/sms/${id}`);
  await settled(page);
  await expect(page.getByRole('table', { name: 'Recipients' })).toContainText('+255719000001');
  expect(problems.problems, 'console errors and failed requests').toEqual([]);
  expect(await blockingAxeFindings(page, '/en/sms/{id}'), 'axe-core critical and serious findings').toEqual([]);
});
