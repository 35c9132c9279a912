import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bankBranches, customFields, institutionLevels, religions } from './reference';

/**
 * Churches, mosques and the levels above them. `path` is the materialised chain of ids
 * ("/1/4/9/") so "this institution and everything below it" is one indexed prefix match.
 */
export const institutions = pgTable(
  'institutions',
  {
    id: serial('id').primaryKey(),
    religionId: integer('religion_id').notNull().references(() => religions.id),
    levelId: integer('level_id').notNull().references(() => institutionLevels.id),
    parentId: integer('parent_id').references((): AnyPgColumn => institutions.id),
    path: text('path').notNull().default(''),
    title: text('title').notNull(),
    abbreviation: text('abbreviation'),
    code: text('code').notNull().unique(),
    accountNumber: text('account_number'),
    accountName: text('account_name'),
    branchId: integer('branch_id').references(() => bankBranches.id),
    region: text('region'),
    district: text('district'),
    street: text('street'),
    logoUploadId: integer('logo_upload_id'),
    defaultUserId: integer('default_user_id'),
    referralCode: text('referral_code'),
    registrationChannel: text('registration_channel').notNull().default('branch'),
    status: text('status').notNull().default('active'),
    /** IANA zone whose calendar days this institution's dates, filters and totals use (domain/calendar.ts). */
    timeZone: text('time_zone').notNull().default('Africa/Dar_es_Salaam'),
    selfManageOfferings: boolean('self_manage_offerings').notNull().default(false),
    smsLeft: integer('sms_left').notNull().default(0),
    smsCap: integer('sms_cap').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('institutions_path').on(t.path),
    // Subtree reads are `path like '/1/4/%'`: a prefix match uses a btree only with pattern ops.
    index('institutions_path_prefix').using('btree', sql`${t.path} text_pattern_ops`),
    // The structure tree loads one node's children at a time, in name order (keyset on title, id).
    index('institutions_parent_title').on(t.parentId, t.title, t.id),
    index('institutions_title_search').using('btree', sql`lower(${t.title}) text_pattern_ops`),
    index('institutions_code_search').using('btree', sql`lower(${t.code}) text_pattern_ops`),
    index('institutions_branch').on(t.branchId),
    index('institutions_religion').on(t.religionId),
    check('institutions_status', sql`${t.status} in ('unfinished','submitted','active','rejected','disabled')`),
    check('institutions_sms', sql`${t.smsLeft} >= 0 and ${t.smsCap} >= 0`),
  ],
);

export const signatories = pgTable('signatories', {
  id: serial('id').primaryKey(),
  institutionId: integer('institution_id').notNull().references(() => institutions.id),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  email: text('email'),
  documentUploadId: integer('document_upload_id'),
});

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: serial('id').primaryKey(),
    institutionId: integer('institution_id').notNull().references(() => institutions.id),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    branchId: integer('branch_id').references(() => bankBranches.id),
    currency: text('currency').notNull().default('TZS'),
    status: text('status').notNull().default('requested'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_accounts_number').on(t.accountNumber),
    // Keyset pages of /bank-accounts (ADR 062), newest first (read backwards); one institution's when filtered.
    index('bank_accounts_list').on(t.createdAt, t.id),
    index('bank_accounts_institution_list').on(t.institutionId, t.createdAt, t.id),
    check('bank_accounts_status', sql`${t.status} in ('requested','activated','disabled','rejected')`),
  ],
);

export const zones = pgTable(
  'zones',
  {
    id: serial('id').primaryKey(),
    institutionId: integer('institution_id').notNull().references(() => institutions.id),
    parentId: integer('parent_id').references((): AnyPgColumn => zones.id),
    name: text('name').notNull(),
    community: text('community'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('zones_institution_name').on(t.institutionId, t.name)],
);

export const uploads = pgTable('uploads', {
  id: serial('id').primaryKey(),
  storageName: text('storage_name').notNull().unique(),
  originalName: text('original_name').notNull(),
  mimeType: text('mime_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  uploadedBy: integer('uploaded_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Uploaded by an applicant (no user yet) into this draft registration. */
  registrationId: integer('registration_id'),
  /** 'document' (a signatory's signed form) or 'logo'. */
  purpose: text('purpose'),
});

export const referrers = pgTable(
  'referrers',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    employeeNo: text('employee_no'),
    phone: text('phone'),
    referralCode: text('referral_code').notNull().unique(),
    branchId: integer('branch_id').references(() => bankBranches.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('referrers_kind', sql`${t.kind} in ('staff','freelancer')`)],
);

/** One institution's answer to one custom field of its level (ADR 047), checked against the field on write. */
export const customFieldValues = pgTable(
  'custom_field_values',
  {
    institutionId: integer('institution_id').notNull().references(() => institutions.id),
    fieldId: integer('field_id')
      .notNull()
      .references(() => customFields.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'custom_field_values_pk', columns: [t.institutionId, t.fieldId] }), index('custom_field_values_field').on(t.fieldId)],
);

/** Every move of an institution (and its subtree) under another parent, kept for the record. */
export const institutionAffiliations = pgTable(
  'institution_affiliations',
  {
    id: serial('id').primaryKey(),
    institutionId: integer('institution_id').notNull().references(() => institutions.id),
    fromParentId: integer('from_parent_id').references(() => institutions.id),
    toParentId: integer('to_parent_id').notNull().references(() => institutions.id),
    requestId: integer('request_id'),
    movedBy: integer('moved_by'),
    movedAt: timestamp('moved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('institution_affiliations_institution').on(t.institutionId, t.movedAt)],
);
