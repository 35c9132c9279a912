// Shared set-up for the outbox tests: a fresh device database, a signed-in treasurer, drafts.
import { db, SadakaDb } from '../../src/lib/db';
import { installFlushRunner } from '../../src/lib/offline/flush-scheduler';
import type { ReceiptDraft } from '../../src/lib/offline/record-receipt';
import { saveSession } from '../../src/lib/session';
import { makeProfile } from './helpers';

export const INSTITUTION = { id: 3, code: 'MWG' };
export const TREASURER = { id: 7, name: 'Asha Mussa' };

/** Every test starts on an empty device, signed in as the treasurer, with no flush runner installed. */
export async function freshDevice(): Promise<void> {
  installFlushRunner(null);
  db.close();
  await db.delete();
  await db.open();
  signInAs(TREASURER.id, 'token-1');
}

export function signInAs(userId: number, token: string): void {
  saveSession(token, makeProfile({ id: userId, entityId: INSTITUTION.id, entityCode: INSTITUTION.code }));
}

/** Another handle on the same IndexedDB, as a reload (or the service worker) would open it. */
export async function reopenedDatabase(): Promise<SadakaDb> {
  const again = new SadakaDb();
  await again.open();
  return again;
}

export function payerDraft(overrides: Partial<ReceiptDraft> = {}): ReceiptDraft {
  return {
    institutionId: INSTITUTION.id,
    institutionCode: INSTITUTION.code,
    batchId: null,
    member: null,
    payer: { name: 'Neema Juma', phone: '+255713000001' },
    lines: [
      { offeringTypeId: 1, amount: 10_000 },
      { offeringTypeId: 2, amount: 2_500 },
    ],
    currency: 'TZS',
    receivedAt: '2026-03-01T09:30:00.000Z',
    method: 'cash',
    recordedBy: TREASURER,
    ...overrides,
  };
}

export function memberDraft(phone: string, overrides: Record<string, unknown> = {}) {
  return {
    institutionId: INSTITUTION.id,
    firstName: 'Baraka',
    lastName: 'Mwakyusa',
    phone,
    gender: 'male' as const,
    preferredLanguage: 'sw' as const,
    country: 'TZ',
    ...overrides,
  };
}
