import type { Descriptor } from './messages-descriptor';

/**
 * Names of rows the system seeds, which a person reads: the role groups every installation starts
 * with and the location levels a role group may sit at (docs/decisions/045-reference-names-in-both-languages.md).
 * A role group keeps the name it is stored under; only these seeded names, unchanged, are said in
 * the reader's language. A group people create or rename shows as they typed it.
 */
export const seededRoleGroupNames: Record<string, Descriptor> = {
  'Bank Administrator': /*i18n*/ { id: 'roleGroup.bankAdministrator', message: 'Bank Administrator' },
  'Branch Officer': /*i18n*/ { id: 'roleGroup.branchOfficer', message: 'Branch Officer' },
  'Union Administrator': /*i18n*/ { id: 'roleGroup.unionAdministrator', message: 'Union Administrator' },
  'Church Treasurer': /*i18n*/ { id: 'roleGroup.churchTreasurer', message: 'Church Treasurer' },
  'Mosque Administrator': /*i18n*/ { id: 'roleGroup.mosqueAdministrator', message: 'Mosque Administrator' },
};

/** Where a role group's users sit (the codes role groups store in `location_level`). */
export const locationLevelNames: Record<string, Descriptor> = {
  bank: /*i18n*/ { id: 'locationLevel.bank', message: 'Head office' },
  branch: /*i18n*/ { id: 'locationLevel.branch', message: 'Branch' },
  union: /*i18n*/ { id: 'locationLevel.union', message: 'Union' },
  field: /*i18n*/ { id: 'locationLevel.field', message: 'Field' },
  district: /*i18n*/ { id: 'locationLevel.district', message: 'District' },
  church: /*i18n*/ { id: 'locationLevel.church', message: 'Church' },
  council: /*i18n*/ { id: 'locationLevel.council', message: 'Council' },
  region: /*i18n*/ { id: 'locationLevel.region', message: 'Region' },
  mosque: /*i18n*/ { id: 'locationLevel.mosque', message: 'Mosque' },
};
