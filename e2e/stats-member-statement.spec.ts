import { pdfText } from '../test/factories/pdf-text';
import { expect, test } from './fixtures';
import { tokenOf } from './pages/desk-api';
import { SignInPage } from './pages/sign-in-page';

type CachedMember = { id: number; firstName: string; lastName: string; preferredLanguage: string };

// Issue 16: a treasurer downloads a member's year statement (the PDF the member page links to),
// signed in through the browser, and it names the member in the member's own language.
test('a treasurer downloads a member’s year statement and it opens as the member’s PDF', async ({ page }) => {
  await new SignInPage(page).signIn('treasurer');
  const token = await tokenOf(page);
  const auth = { Authorization: `Bearer ${token}` };
  const cache = (await (await page.request.get('/api/members/cache?limit=20', { headers: auth })).json()) as { data: CachedMember[] };
  const member = cache.data[0];
  expect(member, 'the demo church has members').toBeTruthy();
  const year = new Date().getUTCFullYear();

  // The browser fetches it as the page's download does (bearer token), and saves it.
  const bytes = await page.evaluate(
    async ({ id, year: y, bearer }) => {
      const response = await fetch(`/api/members/${id}/statement?year=${y}`, { headers: { Authorization: bearer } });
      if (!response.ok || response.headers.get('content-type') !== 'application/pdf') throw new Error(`statement: ${response.status}`);
      return Array.from(new Uint8Array(await response.arrayBuffer()));
    },
    { id: member!.id, year, bearer: auth.Authorization },
  );
  const text = pdfText(Buffer.from(bytes));
  expect(text).toContain(`${member!.firstName} ${member!.lastName}`);
  expect(text).toContain(member!.preferredLanguage === 'en' ? `Giving statement ${year}` : `Taarifa ya utoaji ${year}`);
  expect(text).toContain('Mwenge Church');

  // Another congregation's member is not found for this treasurer.
  const imam = await page.request.post('/api/login', { data: { username: 'imam', password: process.env.DEMO_PASSWORD ?? 'Sadaka@2026' }, headers: { 'x-forwarded-for': '10.77.0.9' } });
  const imamToken = ((await imam.json()) as { token: string }).token;
  const mosqueCache = (await (await page.request.get('/api/members/cache?limit=1', { headers: { Authorization: `Bearer ${imamToken}` } })).json()) as { data: CachedMember[] };
  const outsider = mosqueCache.data[0];
  expect(outsider).toBeTruthy();
  expect((await page.request.get(`/api/members/${outsider!.id}/statement?year=${year}`, { headers: auth })).status()).toBe(404);
});
