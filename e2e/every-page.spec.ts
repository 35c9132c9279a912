import { expect, test, type Page } from '@playwright/test';
import { blockingAxeFindings, PageProblems, type AxeFinding } from './pages/page-audit';
import { tokenOf } from './pages/desk-api';
import { Shell } from './pages/shell';
import { newApplicant, RegistrationFlow } from './pages/registration-page';
import { DEMO_PASSWORD, SignInPage } from './pages/sign-in-page';

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
    // The menu grows with every feature: a fixed budget ran out for the admin's 30-odd pages on a
    // busy machine, so the budget is per page (axe on a large page takes seconds).
    test.setTimeout(Math.max(240_000, 60_000 + (targets.length + ALWAYS_OPEN.length) * 15_000));

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

/**
 * Pages no menu links to (issue 11: axe on every page of every role): the public ones, signed out,
 * and those reached from another page (a detail, a tab, a result). Each is held to the same rule as
 * the menu pages. The menu pages above change with the grants; these are listed here by hand.
 */
async function auditEach(page: Page, problems: PageProblems, targets: string[], ready: (target: string) => Promise<void>): Promise<AxeFinding[]> {
  const findings: AxeFinding[] = [];
  for (const target of targets) {
    problems.where = target;
    await page.goto(target);
    await ready(target);
    await page.waitForLoadState('networkidle', { timeout: 2_000 }).catch(() => undefined);
    await expect(page.locator('[aria-busy="true"], .spinner')).toHaveCount(0, { timeout: 10_000 });
    findings.push(...(await blockingAxeFindings(page, target)));
  }
  return findings;
}

test('public pages (signed out, both languages) open with no error and no serious accessibility finding', async ({ page }) => {
  test.setTimeout(120_000);
  const problems = new PageProblems(page);
  const targets = ['/', '/en', '/en/locked', '/en/reset', '/en/registration', '/en/request-new-account', '/give-offerings', '/en/give-offerings', '/en/no-such-page'];
  const findings = await auditEach(page, problems, targets, async () => {
    await expect(page.locator('h1').first()).toBeVisible();
  });
  expect(problems.problems, 'console errors and failed requests').toEqual([]);
  expect(findings, 'axe-core critical and serious findings').toEqual([]);
});

async function firstId(page: Page, token: string, url: string): Promise<string> {
  const answer = await page.request.get(url, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.status(), url).toBe(200);
  const { data } = (await answer.json()) as { data: Array<{ id: string | number }> };
  expect(data.length, `${url} lists something`).toBeGreaterThan(0);
  return String(data[0]!.id);
}

const pageDrawn = (page: Page) => async () => {
  await expect(page.locator('h1').first()).not.toBeEmpty();
};

test('admin: pages reached from other pages (results, details, sub-pages) open with no error and no serious accessibility finding', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const problems = new PageProblems(page);
  await new SignInPage(page).signIn('admin');
  const token = await tokenOf(page);
  const request = await firstId(page, token, '/api/requests?limit=1');
  const transaction = await firstId(page, token, '/api/transactions?status=completed&limit=1');
  const targets = [
    '/en/search-result?search=Juma',
    '/en/no-permission',
    '/en/transactions/failed-credits',
    '/en/transactions/settlements',
    `/en/requests/${request}`,
    // The transaction detail, open as a dialog over the list.
    `/en/transactions?id=${transaction}`,
  ];
  const findings = await auditEach(page, problems, targets, async (target) => {
    await pageDrawn(page)();
    if (target.includes('?id=')) await expect(page.getByRole('dialog').getByRole('heading', { name: /^Transaction / })).toBeVisible();
  });
  expect(problems.problems, 'console errors and failed requests').toEqual([]);
  expect(findings, 'axe-core critical and serious findings').toEqual([]);
});

test('treasurer: detail pages and desk tabs open with no error and no serious accessibility finding', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const problems = new PageProblems(page);
  await new SignInPage(page).signIn('treasurer');
  const token = await tokenOf(page);
  const member = await firstId(page, token, '/api/members?limit=1');
  const batch = await firstId(page, token, '/api/receipt-batches?status=open');
  const findings = await auditEach(page, problems, [`/en/members/${member}`, `/en/cash-receipt?tab=entry&batch=${batch}`, '/en/cash-receipt?tab=history'], pageDrawn(page));
  expect(problems.problems, 'console errors and failed requests').toEqual([]);
  expect(findings, 'axe-core critical and serious findings').toEqual([]);
});

test("union: a church's statistics (/stats/{id}) open with no error and no serious accessibility finding", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const problems = new PageProblems(page);
  await new SignInPage(page).signIn('union');
  const church = await firstId(page, await tokenOf(page), '/api/members/places');
  const findings = await auditEach(page, problems, [`/en/stats/${church}`], pageDrawn(page));

  expect(problems.problems, 'console errors and failed requests').toEqual([]);
  expect(findings, 'axe-core critical and serious findings').toEqual([]);
});

/**
 * The password-reset page a reset link opens (/reset/{id}): the form behind a live link, and the
 * answer to a spent or unknown one. The link comes the way a person gets it, by mail (the local
 * outbox stands in for SMTP); nothing is submitted, so the account keeps its password.
 */
test('a reset link (/reset/{id}) opens with no error and no serious accessibility finding', async ({ page }) => {
  test.setTimeout(120_000);
  const problems = new PageProblems(page);
  const email = 'joseph.temba@sadakabank.co.tz'; // the second approver: no other spec reads his mail
  const asked = await page.request.post('/api/password-reset', { data: { username: 'checker', channel: 'email' } });
  expect(asked.status()).toBe(200);
  let link = '';
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`/api/dev/mail-outbox?to=${encodeURIComponent(email)}`);
        const { mails } = (await answer.json()) as { mails: Array<{ text: string }> };
        link = /\/(?:en\/)?reset\/[A-Za-z0-9_-]{16,}/.exec(mails[0]?.text ?? '')?.[0] ?? '';
        return link;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  const id = link.split('/').pop()!;
  const findings = await auditEach(page, problems, [`/en/reset/${id}`, `/reset/${id}`], async () => {
    await expect(page.locator('#new-password')).toBeVisible();
  });
  expect(problems.problems, 'console errors and failed requests').toEqual([]);

  // A spent or made-up link: its status call answers 404 on purpose, so only axe judges this one.
  await page.goto(`/en/reset/${'x'.repeat(32)}`);
  await expect(page.getByRole('alert')).toBeVisible();
  findings.push(...(await blockingAxeFindings(page, '/en/reset/{unknown id}')));
  expect(findings, 'axe-core critical and serious findings').toEqual([]);
});

/** /preview: an applicant's registration read back before it is submitted (needs a started registration). */
test('the registration preview (/preview) opens with no error and no serious accessibility finding', async ({ page }) => {
  test.setTimeout(120_000);
  const problems = new PageProblems(page);
  const flow = new RegistrationFlow(page);
  problems.where = '/en/registration';
  await flow.open();
  await flow.start(newApplicant('0101777000011')); // only the first step is filled: the account is never checked
  const findings = await auditEach(page, problems, ['/en/preview', '/preview'], async () => {
    await expect(page.locator('.step-actions .btn-primary')).toBeVisible(); // Submit, in either language
  });
  expect(problems.problems, 'console errors and failed requests').toEqual([]);
  expect(findings, 'axe-core critical and serious findings').toEqual([]);
});

/**
 * /profile while the password must be changed (first sign-in on the default password): the menu is
 * blocked and the top bar has no search. The seeded `newuser` is in that state until
 * force-change-password.spec.ts (which runs after this file) changes it; nothing is changed here.
 */
test('profile while a password change is forced opens with no error and no serious accessibility finding', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const problems = new PageProblems(page);
  problems.where = 'sign-in';
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.submit('newuser', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/en\/profile$/);
  problems.where = '/en/profile (forced)';
  await expect(page.getByRole('note')).toContainText('Change your password before continuing.');
  await settled(page);
  await expect(page.getByLabel('Confirm new password')).toBeVisible();
  const findings = await blockingAxeFindings(page, '/en/profile (password change forced)');
  expect(problems.problems, 'console errors and failed requests').toEqual([]);
  expect(findings, 'axe-core critical and serious findings').toEqual([]);
});
