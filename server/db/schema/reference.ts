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

/** Custom fields an institution level adds to member records (spec: label, data type, min/max chars, items). */
export const customFields = pgTable('custom_fields', {
  id: serial('id').primaryKey(),
  religionId: integer('religion_id').notNull().references(() => religions.id),
  entity: text('entity').notNull(),
  label: text('label').notNull(),
  dataType: text('data_type').notNull(),
  minChars: integer('min_chars'),
  maxChars: integer('max_chars'),
  items: text('items').array(),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
