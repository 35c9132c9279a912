import { sql } from 'drizzle-orm';
import { boolean, check, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const religions = pgTable('religions', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameSw: text('name_sw').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Levels of the structure are configurable per religion: rank 1 is the top (union), the highest rank holds congregations. */
export const institutionLevels = pgTable(
  'institution_levels',
  {
    id: serial('id').primaryKey(),
    religionId: integer('religion_id').notNull().references(() => religions.id),
    rank: integer('rank').notNull(),
    code: text('code').notNull(),
    nameEn: text('name_en').notNull(),
    nameSw: text('name_sw').notNull(),
    holdsMembers: boolean('holds_members').notNull().default(false),
  },
  (t) => [uniqueIndex('institution_levels_religion_rank').on(t.religionId, t.rank), uniqueIndex('institution_levels_religion_code').on(t.religionId, t.code)],
);

export const bankBranches = pgTable('bank_branches', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  shortCode: text('short_code').notNull().unique(),
  region: text('region'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const currencies = pgTable(
  'currencies',
  {
    id: serial('id').primaryKey(),
    territory: text('territory').notNull(),
    alphaCode: text('alpha_code').notNull().unique(),
    numericCode: text('numeric_code').notNull(),
    /** Value against the base currency (TZS), 4 decimals. */
    value: numeric('value', { precision: 18, scale: 4 }).notNull(),
    valueSetBy: integer('value_set_by'),
    valueSetAt: timestamp('value_set_at', { withTimezone: true }).notNull().defaultNow(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [check('currencies_alpha_code', sql`${t.alphaCode} ~ '^[A-Z]{3}$'`), check('currencies_numeric_code', sql`${t.numericCode} ~ '^[0-9]{3}$'`)],
);

/**
 * Custom fields a structure level adds to its institutions (spec §3: label, data type, min/max
 * chars, selectable items; ADR 047). Each level has one default field, which cannot be removed.
 * `religionId` repeats the level's religion so a religion's fields are one indexed read.
 */
export const customFields = pgTable(
  'custom_fields',
  {
    id: serial('id').primaryKey(),
    religionId: integer('religion_id').notNull().references(() => religions.id),
    levelId: integer('level_id').notNull().references(() => institutionLevels.id),
    /** Kept from the first schema; every field describes an institution. */
    entity: text('entity').notNull().default('institution'),
    label: text('label').notNull(),
    dataType: text('data_type').notNull(),
    minChars: integer('min_chars'),
    maxChars: integer('max_chars'),
    items: text('items').array(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('custom_fields_level_label').on(t.levelId, t.label),
    uniqueIndex('custom_fields_level_default').on(t.levelId).where(sql`${t.isDefault}`),
    check('custom_fields_data_type', sql`${t.dataType} in ('text','number','date','choice')`),
    check('custom_fields_chars', sql`(${t.minChars} is null or ${t.minChars} >= 0) and (${t.maxChars} is null or ${t.maxChars} >= 1) and (${t.minChars} is null or ${t.maxChars} is null or ${t.minChars} <= ${t.maxChars})`),
  ],
);
