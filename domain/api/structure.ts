import { z } from 'zod';
import { recordId, recordIdText } from './common';
import { CUSTOM_FIELD_TYPES, MAX_FIELD_ANSWERS, MAX_FIELD_CHARS, MAX_FIELD_ITEM, MAX_FIELD_ITEMS, MAX_FIELD_LABEL } from '../custom-field-rules';

/**
 * The structure (issue 12, ADR 047): levels per religion, their custom fields, and the values an
 * institution gives them. Levels are ranked from the top (1 = union or council); the lowest level
 * holds members (churches, mosques).
 */
export const MAX_LEVEL_NAME = 60;
export {
  CUSTOM_FIELD_TYPES,
  customFieldValueProblem,
  MAX_FIELD_ANSWERS,
  MAX_FIELD_CHARS,
  MAX_FIELD_ITEM,
  MAX_FIELD_ITEMS,
  MAX_FIELD_LABEL,
  type CustomFieldType,
} from '../custom-field-rules';

export const Level = z.object({
  id: z.number().int(),
  religionId: z.number().int(),
  rank: z.number().int(),
  code: z.string(),
  nameEn: z.string(),
  nameSw: z.string(),
  holdsMembers: z.boolean(),
  /** Institutions at this level: a level that holds any cannot be removed. */
  institutionCount: z.number().int(),
});
export type Level = z.infer<typeof Level>;
export const LevelList = z.object({ data: z.array(Level) });
export type LevelList = z.infer<typeof LevelList>;
export const LevelQuery = z.object({ religionId: recordIdText.optional() });

const LevelName = z.string().trim().min(1).max(MAX_LEVEL_NAME);
/** POST /api/levels: added below the lowest level of the religion; reorder to place it. */
export const LevelInput = z.object({
  religionId: recordId,
  code: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_-]{1,30}$/),
  nameEn: LevelName,
  nameSw: LevelName,
  holdsMembers: z.boolean().optional(),
});
export type LevelInput = z.input<typeof LevelInput>;
/** PUT /api/levels/{id}: rename. */
export const LevelRename = z.object({ nameEn: LevelName, nameSw: LevelName });
export type LevelRename = z.input<typeof LevelRename>;
/** POST /api/levels/reorder: every level of the religion, top first. */
export const LevelReorder = z.object({ religionId: recordId, levelIds: z.array(recordId).min(1).max(20) });
export type LevelReorder = z.input<typeof LevelReorder>;

export const CustomField = z.object({
  id: z.number().int(),
  levelId: z.number().int(),
  label: z.string(),
  dataType: z.enum(CUSTOM_FIELD_TYPES),
  minChars: z.number().int().nullable(),
  maxChars: z.number().int().nullable(),
  items: z.array(z.string()),
  isDefault: z.boolean(),
});
export type CustomField = z.infer<typeof CustomField>;
export const CustomFieldList = z.object({ data: z.array(CustomField) });
export type CustomFieldList = z.infer<typeof CustomFieldList>;
export const CustomFieldQuery = z.object({ levelId: recordIdText });

const Chars = z.number().int().min(0).max(MAX_FIELD_CHARS).nullable().optional();
/** POST and PUT /api/custom-fields: the same fields as the list carries. */
export const CustomFieldInput = z
  .object({
    levelId: recordId,
    label: z.string().trim().min(1).max(MAX_FIELD_LABEL),
    dataType: z.enum(CUSTOM_FIELD_TYPES),
    minChars: Chars,
    maxChars: Chars,
    items: z.array(z.string().trim().min(1).max(MAX_FIELD_ITEM)).max(MAX_FIELD_ITEMS).optional(),
    isDefault: z.boolean().optional(),
  })
  .superRefine((value, context) => {
    if (value.minChars != null && value.maxChars != null && value.minChars > value.maxChars) {
      context.addIssue({ code: 'custom', path: ['minChars'], message: 'admin.customField.chars' });
    }
    if (value.maxChars === 0) context.addIssue({ code: 'custom', path: ['maxChars'], message: 'admin.customField.chars' });
    if (value.dataType === 'choice' && (value.items ?? []).length === 0) context.addIssue({ code: 'custom', path: ['items'], message: 'admin.customField.items' });
  });
export type CustomFieldInput = z.input<typeof CustomFieldInput>;

/** An institution's value for one field of its level; `value` null when not given yet. */
export const CustomFieldValue = z.object({ fieldId: z.number().int(), label: z.string(), value: z.string().nullable() });
export type CustomFieldValue = z.infer<typeof CustomFieldValue>;
/** PUT /api/institutions/{id}/custom-fields: an empty value clears the field. */
export const CustomFieldValuesInput = z.object({
  values: z.array(z.object({ fieldId: z.number().int().positive(), value: z.string().max(MAX_FIELD_CHARS) })).max(MAX_FIELD_ANSWERS),
});
export type CustomFieldValuesInput = z.input<typeof CustomFieldValuesInput>;

/** Money of one currency over a period, from the read model. */
export const CurrencySum = z.object({ currency: z.string(), amount: z.number().int(), transactions: z.number().int() });
export type CurrencySum = z.infer<typeof CurrencySum>;

const LevelRef = z.object({ id: z.number().int(), nameEn: z.string(), nameSw: z.string(), rank: z.number().int(), holdsMembers: z.boolean() });
export const InstitutionRef = z.object({ id: z.number().int(), title: z.string(), code: z.string() });
export type InstitutionRef = z.infer<typeof InstitutionRef>;

export const MAX_TREE_PAGE = 100;
/** GET /api/structure: one node's children (the caller's top nodes without `parentId`), or a search over the whole scope. */
export const StructureQuery = z.object({
  parentId: recordIdText.optional(),
  search: z.string().trim().min(2).max(80).optional(),
  after: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_TREE_PAGE).optional(),
});
export type StructureQuery = z.input<typeof StructureQuery>;

export const StructureNode = z.object({
  id: z.number().int(),
  title: z.string(),
  code: z.string(),
  status: z.string(),
  parentId: z.number().int().nullable(),
  /** The parent's title, for search results that come from anywhere in the tree. */
  parentTitle: z.string().nullable(),
  level: LevelRef,
  hasChildren: z.boolean(),
  /** Every institution below this one, at any depth. */
  institutionsBelow: z.number().int(),
  /** Live members of this institution and every one below it. */
  members: z.number().int(),
  /** Completed collections of the last 30 days in the subtree, per currency. */
  collections30d: z.array(CurrencySum),
});
export type StructureNode = z.infer<typeof StructureNode>;
export const StructurePage = z.object({
  /** The opened node with its ancestors (top first) inside the caller's scope; null at the top. */
  parent: z.object({ node: StructureNode, ancestors: z.array(InstitutionRef) }).nullable(),
  data: z.array(StructureNode),
  /** Pass as `after` for the next page; null when there is none. */
  nextCursor: z.string().nullable(),
});
export type StructurePage = z.infer<typeof StructurePage>;

export const INSTITUTION_STATUSES = ['unfinished', 'submitted', 'active', 'rejected', 'disabled'] as const;
export const InstitutionListQuery = z.object({
  levelId: recordIdText.optional(),
  status: z.enum(INSTITUTION_STATUSES).optional(),
  branchId: recordIdText.optional(),
  religionId: recordIdText.optional(),
  region: z.string().trim().min(1).max(80).optional(),
  search: z.string().trim().min(2).max(80).optional(),
  after: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_TREE_PAGE).optional(),
});
export type InstitutionListQuery = z.input<typeof InstitutionListQuery>;
export const InstitutionExportQuery = InstitutionListQuery.omit({ after: true, limit: true }).extend({ format: z.enum(['csv', 'xlsx', 'pdf']) });

export const InstitutionListItem = z.object({
  id: z.number().int(),
  title: z.string(),
  code: z.string(),
  status: z.string(),
  level: LevelRef,
  religion: z.object({ id: z.number().int(), nameEn: z.string(), nameSw: z.string() }),
  branch: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  region: z.string().nullable(),
  parent: InstitutionRef.nullable(),
});
export type InstitutionListItem = z.infer<typeof InstitutionListItem>;
export const InstitutionList = z.object({ data: z.array(InstitutionListItem), nextCursor: z.string().nullable() });
export type InstitutionList = z.infer<typeof InstitutionList>;

/** GET /api/institutions/{id}: the profile (spec §3) with what hangs off it. */
export const InstitutionProfile = InstitutionListItem.extend({
  abbreviation: z.string().nullable(),
  accountNumber: z.string().nullable(),
  accountName: z.string().nullable(),
  district: z.string().nullable(),
  street: z.string().nullable(),
  hasLogo: z.boolean(),
  /** GET /api/institutions/{id}/files/{fileId} downloads it (the logo, a signatory's signed form). */
  logoFileId: z.number().int().nullable(),
  referralCode: z.string().nullable(),
  registrationChannel: z.string(),
  createdAt: z.string(),
  ancestors: z.array(InstitutionRef),
  signatories: z.array(z.object({ name: z.string(), phone: z.string(), email: z.string().nullable(), hasDocument: z.boolean(), documentFileId: z.number().int().nullable() })),
  bankAccounts: z.array(
    z.object({ id: z.number().int(), accountNumber: z.string(), accountName: z.string(), currency: z.string(), status: z.string(), isDefault: z.boolean() }),
  ),
  defaultUser: z.object({ id: z.number().int(), name: z.string(), username: z.string(), email: z.string().nullable(), phone: z.string().nullable() }).nullable(),
  users: z.array(z.object({ id: z.number().int(), name: z.string(), username: z.string(), roleGroup: z.string(), status: z.string(), lastLoginAt: z.string().nullable() })),
  customFields: z.array(CustomFieldValue),
  offeringTypes: z.array(z.object({ id: z.number().int(), title: z.string(), active: z.boolean(), churchBp: z.number().int(), fieldBp: z.number().int(), unionBp: z.number().int() })),
  zones: z.array(z.object({ id: z.number().int(), name: z.string(), parentId: z.number().int().nullable() })),
  institutionsBelow: z.number().int(),
  memberCount: z.number().int(),
  /** Completed collections per day of the last 30 days, subtree included, newest first. */
  recentCollections: z.array(CurrencySum.extend({ day: z.string() })),
  collections30d: z.array(CurrencySum),
});
export type InstitutionProfile = z.infer<typeof InstitutionProfile>;
