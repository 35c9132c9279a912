import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The signed-in page's bearer token, to check the server's side of the story through its API. */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('sadaka.token'));
  expect(token).toBeTruthy();
  return token!;
}

export type ServerReceipt = { id: string; receiptNo: string | null; amount: number; memberId: number | null; payerName: string | null; lines: { offeringTypeId: number; amount: number }[] };

export async function serverReceipts(request: APIRequestContext, token: string, query: Record<string, string>): Promise<{ count: number; data: ServerReceipt[]; totals: { amount: number } }> {
  const response = await request.get(`/api/cash-receipts?${new URLSearchParams({ limit: '100', ...query })}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as { count: number; data: ServerReceipt[]; totals: { amount: number } };
}

/** A member of the treasurer's church from the server's cache feed, to look up by name offline. */
export async function someMembers(request: APIRequestContext, token: string, count: number): Promise<Array<{ id: number; firstName: string; lastName: string; code: string }>> {
  const response = await request.get('/api/members/cache?limit=200', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: Array<{ id: number; firstName: string; lastName: string; code: string; deleted: boolean }> };
  // Distinct first names, so each reads differently on screen; they are looked up by member code.
  const seen = new Set<string>();
  return data
    .filter((member) => !member.deleted && !seen.has(member.firstName) && seen.add(member.firstName))
    .slice(0, count);
}

/** Waits until the page's service worker is activated and controls it (offline-shell.spec.ts). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.state === 'activated';
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}
