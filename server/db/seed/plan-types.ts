import type * as s from '../schema/index';

/** Everything the demo seed writes, computed in memory first (ids included) and then bulk-inserted. */
export type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];

export type Congregation = {
  id: number;
  code: string;
  religion: 'christian' | 'muslim';
  branchId: number;
  /** Ancestors that receive the field and union shares of a split. */
  fieldId: number;
  unionId: number;
  offeringTypes: Array<{ id: number; title: string; church: number; field: number; union: number; weight: number }>;
  zoneIds: number[];
};

export type StructurePlan = {
  branches: Array<Row<typeof s.bankBranches>>;
  religions: Array<Row<typeof s.religions>>;
  levels: Array<Row<typeof s.institutionLevels>>;
  currencies: Array<Row<typeof s.currencies>>;
  referrers: Array<Row<typeof s.referrers>>;
  institutions: Array<Row<typeof s.institutions>>;
  signatories: Array<Row<typeof s.signatories>>;
  bankAccounts: Array<Row<typeof s.bankAccounts>>;
  offeringTypes: Array<Row<typeof s.offeringTypes>>;
  zones: Array<Row<typeof s.zones>>;
  customFields: Array<Row<typeof s.customFields>>;
  customFieldValues: Array<Row<typeof s.customFieldValues>>;
  congregations: Congregation[];
  /** Lookups the later plans need. */
  branchIdByCode: Record<string, number>;
  religionIdByCode: Record<string, number>;
  institutionIdByCode: Record<string, number>;
};
