import type { Db } from '../../server/db/client';
import { createInstitution, type Institution } from './institutions';
import { type Branch, createBranch, createLevel, createReligion, type Religion } from './reference';
import { createUser, type User } from './users';

export type World = {
  christian: Religion;
  islam: Religion;
  branch: Branch;
  otherBranch: Branch;
  union: Institution;
  field: Institution;
  district: Institution;
  churchA: Institution;
  churchB: Institution;
  mosque: Institution;
  users: { admin: User; branch: User; union: User; church: User; churchB: User; mosque: User };
};

/**
 * Two religions, two branches, a Christian tree (union → field → district → churches A and B, on
 * `branch`) and a mosque on `otherBranch`, with one signed-up user per role the matrix checks.
 */
export async function createWorld(db: Db): Promise<World> {
  const christian = await createReligion(db, { nameEn: 'Christianity', nameSw: 'Ukristo' });
  const islam = await createReligion(db, { nameEn: 'Islam', nameSw: 'Uislamu' });
  const [unionLevel, fieldLevel, districtLevel, churchLevel] = [
    await createLevel(db, { religionId: christian.id, rank: 1, code: 'union' }),
    await createLevel(db, { religionId: christian.id, rank: 2, code: 'field' }),
    await createLevel(db, { religionId: christian.id, rank: 3, code: 'district' }),
    await createLevel(db, { religionId: christian.id, rank: 4, code: 'church', holdsMembers: true }),
  ];
  const mosqueLevel = await createLevel(db, { religionId: islam.id, rank: 1, code: 'mosque', holdsMembers: true });
  const branch = await createBranch(db);
  const otherBranch = await createBranch(db);
  const c = christian.id;
  const union = await createInstitution(db, { religionId: c, levelId: unionLevel.id, title: 'Coast Union', branchId: branch.id, smsLeft: 100, smsCap: 500 });
  const field = await createInstitution(db, { religionId: c, levelId: fieldLevel.id, parent: union, title: 'Coast Field' });
  const district = await createInstitution(db, { religionId: c, levelId: districtLevel.id, parent: field, title: 'Kinondoni District' });
  const churchA = await createInstitution(db, { religionId: c, levelId: churchLevel.id, parent: district, title: 'Mwenge Church', smsLeft: 40, smsCap: 100, selfManageOfferings: true });
  const churchB = await createInstitution(db, { religionId: c, levelId: churchLevel.id, parent: district, title: 'Sinza Church', smsLeft: 10, smsCap: 50 });
  const mosque = await createInstitution(db, { religionId: islam.id, levelId: mosqueLevel.id, title: 'Kariakoo Mosque', branchId: otherBranch.id, smsLeft: 7, smsCap: 20 });
  const users = {
    admin: await createUser(db, { role: 'Bank Administrator' }),
    branch: await createUser(db, { role: 'Branch Officer', branchId: branch.id }),
    union: await createUser(db, { role: 'Union Administrator', institutionId: union.id }),
    church: await createUser(db, { role: 'Church Treasurer', institutionId: churchA.id }),
    churchB: await createUser(db, { role: 'Church Treasurer', institutionId: churchB.id }),
    mosque: await createUser(db, { role: 'Mosque Administrator', institutionId: mosque.id }),
  };
  return { christian, islam, branch, otherBranch, union, field, district, churchA, churchB, mosque, users };
}
