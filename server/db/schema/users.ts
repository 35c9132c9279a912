import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { institutions } from './institutions';
import { bankBranches, religions } from './reference';

/** A role group grants features and actions; location level says where its users sit. */
export const roleGroups = pgTable(
  'role_groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    userType: text('user_type').notNull(),
    locationLevel: text('location_level').notNull(),
    makerChecker: boolean('maker_checker').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('role_groups_user_type', sql`${t.userType} in ('bank','entity')`)],
);

export const roleGroupFeatures = pgTable(
  'role_group_features',
  {
    roleGroupId: integer('role_group_id').notNull().references(() => roleGroups.id, { onDelete: 'cascade' }),
    feature: text('feature').notNull(),
    actions: text('actions').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleGroupId, t.feature] })],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull().unique(),
    email: text('email').unique(),
    name: text('name').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    userType: text('user_type').notNull(),
    roleGroupId: integer('role_group_id').notNull().references(() => roleGroups.id),
    branchId: integer('branch_id').references(() => bankBranches.id),
    institutionId: integer('institution_id').references(() => institutions.id),
    /** Bank admins choose which religion they work on (setReligion). */
    activeReligionId: integer('active_religion_id').references(() => religions.id),
    status: text('status').notNull().default('activated'),
    forceChangePassword: boolean('force_change_password').notNull().default(true),
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** Last accepted TOTP time step: a code is good once, never again within its window. */
    totpLastStep: integer('totp_last_step'),
    preferredLanguage: text('preferred_language').notNull().default('sw'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('users_institution').on(t.institutionId),
    // Keyset pages of /users (ADR 062), newest first (read backwards), of the users not deleted; by type when filtered.
    index('users_list').on(t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    index('users_type_list').on(t.userType, t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    check('users_user_type', sql`${t.userType} in ('bank','entity')`),
    check('users_status', sql`${t.status} in ('activated','disabled')`),
    check('users_entity_has_institution', sql`${t.userType} = 'bank' or ${t.institutionId} is not null`),
  ],
);
