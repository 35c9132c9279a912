import { beforeEach, describe, expect, it } from 'vitest';
import type { CachedMember } from '../../domain/api/receipts';
import { db } from '../../src/lib/db';
import { storeMemberPage } from '../../src/lib/offline/refresh-cache';
import { registerMemberOffline } from '../../src/lib/offline/register-member';
import { searchLocalMembers } from '../../src/lib/offline/search-members';
import { freshDevice, INSTITUTION, memberDraft } from './outbox-helpers';

function cached(id: number, firstName: string, lastName: string, phone: string, overrides: Partial<CachedMember> = {}): CachedMember {
  return { id, institutionId: INSTITUTION.id, code: `MWG-${String(id).padStart(6, '0')}`, firstName, lastName, phone, preferredLanguage: 'sw', zoneId: null, deleted: false, ...overrides };
}

const names = async (query: string, limit?: number) => (await searchLocalMembers(INSTITUTION.id, query, limit)).map((m) => `${m.firstName} ${m.lastName}`);

beforeEach(async () => {
  await freshDevice();
  await storeMemberPage([
    cached(1, 'Juma', 'Mwakyusa', '+255713111111'),
    cached(2, 'Jumanne', 'Kweka', '+255754222222'),
    cached(3, 'Anna-Maria', 'Ng\u2019ang\u2019a', '+255765333333'),
    cached(4, 'Amina', 'Juma', '+254712444444'),
    cached(5, 'Éliane', 'Ndayishimiye', '+25779555555'),
    cached(6, 'Other', 'Church', '+255713666666', { institutionId: 99 }),
  ]);
});

describe('searchLocalMembers', () => {
  it('finds by the start of any name word, case and accents aside', async () => {
    expect(await names('jum')).toEqual(['Amina Juma', 'Juma Mwakyusa', 'Jumanne Kweka']);
    expect(await names('MWAK')).toEqual(['Juma Mwakyusa']);
    expect(await names('maria')).toEqual(['Anna-Maria Ng\u2019ang\u2019a']);
    expect(await names('annamaria')).toEqual(['Anna-Maria Ng\u2019ang\u2019a']);
    expect(await names('nganga')).toEqual(['Anna-Maria Ng\u2019ang\u2019a']);
    expect(await names('elia')).toEqual(['Éliane Ndayishimiye']);
  });

  it('needs every typed word to match some word of the member', async () => {
    expect(await names('mwakyusa kwe')).toEqual([]);
    expect(await names('juma kwe')).toEqual(['Jumanne Kweka']);
    expect(await names('jumanne kwe')).toEqual(['Jumanne Kweka']);
    expect(await names('juma amina')).toEqual(['Amina Juma']);
  });

  it('finds by phone typed with +255, 255, 0 or nothing in front, spaced or not', async () => {
    for (const typed of ['+255 713 111', '255713111', '0713 111 111', '713111', '0713-111']) {
      expect(await names(typed), typed).toEqual(['Juma Mwakyusa']);
    }
    // Kenyan and Burundian numbers work the same with their own country codes.
    expect(await names('0712444')).toEqual(['Amina Juma']);
    expect(await names('+254 712')).toEqual(['Amina Juma']);
    expect(await names('79555')).toEqual(['Éliane Ndayishimiye']);
  });

  it('finds by member code, whole or by its number', async () => {
    expect(await names('MWG-000002')).toEqual(['Jumanne Kweka']);
    expect(await names('mwg000004')).toEqual(['Amina Juma']);
    expect(await names('000005')).toEqual(['Éliane Ndayishimiye']);
  });

  it('stays inside the institution, honours the limit and ignores empty queries', async () => {
    expect(await names('other')).toEqual([]);
    expect(await searchLocalMembers(99, 'other')).toHaveLength(1);
    expect(await names('j', 2)).toHaveLength(2);
    expect(await names('   ')).toEqual([]);
    expect(await names('zzz')).toEqual([]);
  });

  it('returns each member once even when several of their words match', async () => {
    await storeMemberPage([cached(7, 'Juma', 'Jumbe', '+255713777777')]);
    expect(await names('jum')).toEqual(['Amina Juma', 'Juma Jumbe', 'Juma Mwakyusa', 'Jumanne Kweka']);
  });

  it('follows the cache feed: changed members are found by their new words, deleted ones are gone', async () => {
    await storeMemberPage([cached(1, 'Juma', 'Mrema', '+255713111111'), cached(2, 'Jumanne', 'Kweka', '+255754222222', { deleted: true })]);
    expect(await names('mwak')).toEqual([]);
    expect(await names('mrema')).toEqual(['Juma Mrema']);
    expect(await names('jumanne')).toEqual([]);
    expect(await db.members.get('s:2')).toBeUndefined();
  });

  it('stores a large page (an import\u2019s worth) in pieces without losing a member, a removal or a device\u2019s client id', async () => {
    // Member 400 was registered on this device: its row keeps the client id the outbox knows it by.
    await storeMemberPage([cached(400, 'Neema', 'Kifaa', '+255713400400')]);
    await db.members.update('s:400', { clientId: 'device-client-id-400' });
    const page = Array.from({ length: 900 }, (_, index) => cached(100 + index, `Mwanachama${index}`, 'Mkubwa', `+2557130${String(100_000 + index)}`));
    // A removal in a later piece than the first.
    page[650] = cached(1, 'Juma', 'Mwakyusa', '+255713111111', { deleted: true });
    await storeMemberPage(page);
    expect(await db.members.where('key').startsWith('s:').count()).toBe(6 - 1 + 899);
    expect(await db.members.get('s:1')).toBeUndefined();
    expect((await db.members.get('s:400'))?.clientId).toBe('device-client-id-400');
    expect(await names('mwanachama899')).toEqual(['Mwanachama899 Mkubwa']);
  });

  it('finds members registered on this device before they sync', async () => {
    await registerMemberOffline(memberDraft('+255788000001', { firstName: 'Tumaini', lastName: 'Lyimo' }));
    expect(await names('tuma')).toEqual(['Tumaini Lyimo']);
    expect(await names('0788000001')).toEqual(['Tumaini Lyimo']);
  });
});
