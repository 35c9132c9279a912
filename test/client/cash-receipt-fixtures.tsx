import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { ReactNode } from 'react';
import type { CachedMember, OfferingType } from '../../domain/api/receipts';
import { db } from '../../src/lib/db';
import { storeMemberPage } from '../../src/lib/offline/refresh-cache';
import { saveSession } from '../../src/lib/session';
import { Providers, makeProfile, testQueryClient } from './helpers';

/** The institution of the signed-in treasurer in the desk page tests (makeProfile's entityId). */
export const INSTITUTION_ID = 3;

export const offeringTypes: OfferingType[] = [
  { id: 11, institutionId: INSTITUTION_ID, title: 'Zaka (Tithe)', churchBp: 0, fieldBp: 5000, unionBp: 5000 },
  { id: 12, institutionId: INSTITUTION_ID, title: 'Sadaka (Offering)', churchBp: 6000, fieldBp: 2500, unionBp: 1500 },
  { id: 13, institutionId: INSTITUTION_ID, title: 'Mfuko wa Ujenzi (Building fund)', churchBp: 10000, fieldBp: 0, unionBp: 0 },
];

export const cachedMembers: CachedMember[] = [
  { id: 501, institutionId: INSTITUTION_ID, code: 'KU-0501', firstName: 'Amina', lastName: 'Juma', phone: '+255712345678', preferredLanguage: 'sw', zoneId: null, deleted: false },
  { id: 502, institutionId: INSTITUTION_ID, code: 'KU-0502', firstName: 'Amos', lastName: 'Mrema', phone: '+255754111222', preferredLanguage: 'en', zoneId: null, deleted: false },
  { id: 503, institutionId: INSTITUTION_ID, code: 'KU-0503', firstName: 'Baraka', lastName: 'Mushi', phone: '+255765000111', preferredLanguage: 'sw', zoneId: null, deleted: false },
  // Another church's member: never offered to this treasurer.
  { id: 900, institutionId: 99, code: 'XX-0900', firstName: 'Amani', lastName: 'Other', phone: '+255700999888', preferredLanguage: 'sw', zoneId: null, deleted: false },
];

/** A signed-in treasurer with a warm device cache: offering types and members, as after a refresh. */
export async function prepareDesk(): Promise<void> {
  await Promise.all(db.tables.map((table) => table.clear()));
  saveSession('desk-test-token', makeProfile());
  await db.offeringTypes.bulkPut(offeringTypes);
  await db.currencies.bulkPut([
    { code: 'TZS', numericCode: '834', territory: 'Tanzania', value: '1.0000' },
    { code: 'USD', numericCode: '840', territory: 'United States', value: '2500.0000' },
  ]);
  await storeMemberPage(cachedMembers);
}

/** A page at a path inside the providers the app gives it (i18n, query client, router). */
export function pageAt(path: string, route: string, page: ReactNode) {
  const client = testQueryClient();
  return (
    <Providers client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={page} />
        </Routes>
      </MemoryRouter>
    </Providers>
  );
}
