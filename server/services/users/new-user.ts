import { and, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { hashPassword } from '../auth/passwords';
import { temporaryPassword } from './credentials';

export type NewUserInput = {
  username: string;
  name: string;
  email: string;
  phone: string | null;
  userType: 'bank' | 'entity';
  roleGroupId: number;
  branchId: number | null;
  institutionId: number | null;
  now: Date;
};

/** True when a live or deleted user already has this username or email (both are unique columns). */
export async function loginTaken(db: Db, username: string, email: string | null, exceptUserId?: number): Promise<boolean> {
  const name = username.trim().toLowerCase();
  const mail = email?.trim().toLowerCase() ?? null;
  const clash = [sql`lower(${users.username}) = ${name}`, sql`lower(${users.email}) = ${name}`];
  if (mail) clash.push(sql`lower(${users.email}) = ${mail}`, sql`lower(${users.username}) = ${mail}`);
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(or(...clash), exceptUserId === undefined ? undefined : sql`${users.id} <> ${exceptUserId}`))
    .limit(1);
  return rows.length > 0;
}

/** Finds a free username from a base ("ubg.admin", "ubg.admin2", …). */
export async function freeUsername(db: Db, base: string): Promise<string> {
  const clean = base.toLowerCase().replace(/[^a-z0-9._-]/g, '').slice(0, 40) || 'user';
  for (let n = 1; n < 1000; n += 1) {
    const candidate = n === 1 ? clean : `${clean}${n}`;
    // Deleted users keep their username (the column is unique and the history names them).
    const rows = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${candidate}`).limit(1);
    if (rows.length === 0) return candidate;
  }
  throw new Error(`no free username for ${clean}`);
}

/**
 * Inserts an activated user with a fresh temporary password that must be changed at first
 * sign-in; returns the row and the password (to send once, never to store or log).
 */
export async function insertNewUser(db: Db, input: NewUserInput): Promise<{ user: typeof users.$inferSelect; password: string }> {
  const password = temporaryPassword();
  const [user] = await db
    .insert(users)
    .values({
      username: input.username.trim().toLowerCase(),
      email: input.email.trim().toLowerCase(),
      name: input.name.trim(),
      phone: input.phone,
      passwordHash: await hashPassword(password),
      userType: input.userType,
      roleGroupId: input.roleGroupId,
      branchId: input.branchId,
      institutionId: input.institutionId,
      status: 'activated',
      forceChangePassword: true,
      createdAt: input.now,
    })
    .returning();
  if (!user) throw new Error('user insert returned nothing');
  return { user, password };
}
