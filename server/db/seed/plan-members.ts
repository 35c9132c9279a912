import type * as s from '../schema/index';
import { christianNames, muslimNames } from './names';
import type { createPhoneBook } from './phones';
import type { Congregation, Row } from './plan-types';
import type { Random } from './prng';

export type MemberInfo = { id: number; congregation: Congregation; name: string; phone: string };

/** About 2,000 believers spread over the congregations, bigger churches first. */
export function planMembers(
  random: Random,
  now: Date,
  congregations: readonly Congregation[],
  cityOf: (institutionId: number) => string,
  phoneBook: ReturnType<typeof createPhoneBook>,
): { rows: Array<Row<typeof s.members>>; info: MemberInfo[] } {
  const rows: Array<Row<typeof s.members>> = [];
  const info: MemberInfo[] = [];
  for (const congregation of congregations) {
    const pool = congregation.religion === 'christian' ? christianNames : muslimNames;
    const count = congregation.religion === 'christian' ? random.int(150, 190) : random.int(110, 150);
    const emailsUsed = new Set<string>();
    for (let seq = 1; seq <= count; seq += 1) {
      const id = rows.length + 1;
      const female = random.chance(0.55);
      const firstName = random.pick(female ? pool.female : pool.male);
      const lastName = random.pick(pool.surnames);
      const phone = phoneBook.next();
      let email: string | null = null;
      if (random.chance(0.3)) {
        const base = `${firstName}.${lastName}`.toLowerCase();
        email = emailsUsed.has(base) ? `${base}${seq}@gmail.com` : `${base}@gmail.com`;
        emailsUsed.add(base);
      }
      const city = cityOf(congregation.id);
      rows.push({
        id,
        institutionId: congregation.id,
        zoneId: random.chance(0.9) ? random.pick(congregation.zoneIds) : null,
        code: `${congregation.code}-${String(seq).padStart(4, '0')}`,
        firstName,
        lastName,
        phone,
        email,
        gender: female ? 'female' : 'male',
        preferredLanguage: random.chance(0.85) ? 'sw' : 'en',
        country: 'TZ',
        addressOne: `P.O. Box ${random.int(100, 9999)}`,
        city,
        state: city,
        postalCode: String(random.int(11101, 35999)),
        // Joined at some point in the last three years, so "new members" charts have a shape.
        createdAt: new Date(now.getTime() - random.int(0, 3 * 365) * 86_400_000),
      });
      info.push({ id, congregation, name: `${firstName} ${lastName}`, phone });
    }
  }
  return { rows, info };
}
