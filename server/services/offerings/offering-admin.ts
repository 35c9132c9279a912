import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { OfferingSettings, OfferingTypeDetails, OfferingTypeInput, OfferingTypeUpdate } from '../../../domain/api/offerings';
import { messages } from '../../../domain/messages';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { offeringTypeDivisions, offeringTypes, pledges } from '../../db/schema/members';
import { transactionLines } from '../../db/schema/money';
import { AppError, errors } from '../../lib/app-error';
import type { Caller } from '../approvals/decide-request';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { auditChange, uniqueOr409 } from '../reference/audit';
import { loadDivisionHistory } from './division-history';
import { offeringOwner, type OfferingOwner, requireManages } from './offering-scope';

type TypeRow = typeof offeringTypes.$inferSelect;

/** /settings/offerings: every type of one institution (active or not), with history, and who manages them. */
export async function offeringSettings(db: Db, user: AuthUser, institutionId: number | undefined): Promise<OfferingSettings> {
  const owner = await offeringOwner(db, user, institutionId);
  const rows = await db.select().from(offeringTypes).where(eq(offeringTypes.institutionId, owner.id)).orderBy(asc(offeringTypes.title), asc(offeringTypes.id));
  const data = await describeTypes(db, rows);
  return { institution: { id: owner.id, title: owner.title }, manages: owner.manages, managedBy: owner.managedBy, data };
}

/**
 * Defines a type where the caller may (ADR 021). Defined on a union, field or district, it is copied
 * to every congregation below that does not manage its own; a congregation's same-named type of
 * its own is adopted (it follows the new definition from now on, its past splits stay).
 */
export async function createOfferingType(ctx: AppContext, caller: Caller, input: z.output<typeof OfferingTypeInput>): Promise<OfferingTypeDetails> {
  const db = ctx.database.db;
  const owner = await offeringOwner(db, caller.user, input.institutionId);
  refuseWhereInherited(caller.user, owner);
  const now = ctx.now();
  const row = await uniqueOr409(
    caller,
    () =>
      db.transaction(async (tx) => {
        const [made] = await tx
          .insert(offeringTypes)
          .values({ institutionId: owner.id, title: input.title, churchBp: input.churchBp, fieldBp: input.fieldBp, unionBp: input.unionBp, active: input.active === false ? 0 : 1, createdAt: now })
          .returning();
        await copyToCongregations(tx, owner, made!);
        return made!;
      }),
    'title',
  );
  await auditChange(ctx, caller, 'offering-type.created', 'offering-type', row.id, `${row.title} ${row.churchBp}/${row.fieldBp}/${row.unionBp}`);
  return (await describeTypes(db, [row]))[0]!;
}

/** Changes title, divisions or state; copies follow. Divisions apply to money received from now on. */
export async function updateOfferingType(ctx: AppContext, caller: Caller, id: number, input: z.output<typeof OfferingTypeUpdate>): Promise<OfferingTypeDetails> {
  const db = ctx.database.db;
  const { type, owner } = await editableType(db, caller.user, id);
  const changes = { title: input.title, churchBp: input.churchBp, fieldBp: input.fieldBp, unionBp: input.unionBp, active: input.active === false ? 0 : input.active === true ? 1 : type.active };
  const row = await uniqueOr409(
    caller,
    () =>
      db.transaction(async (tx) => {
        const [updated] = await tx.update(offeringTypes).set(changes).where(eq(offeringTypes.id, type.id)).returning();
        await tx.update(offeringTypes).set(changes).where(eq(offeringTypes.sourceTypeId, type.id));
        // A type newly defined above may meet congregations that joined since: give them their copy.
        await copyToCongregations(tx, owner, updated!);
        return updated!;
      }),
    'title',
  );
  await auditChange(ctx, caller, 'offering-type.updated', 'offering-type', row.id, `${row.title} ${row.churchBp}/${row.fieldBp}/${row.unionBp} active=${row.active}`);
  return (await describeTypes(db, [row]))[0]!;
}

/** Deletes a type nobody has used (with its copies); a used one is only deactivated (409 says so). */
export async function deleteOfferingType(ctx: AppContext, caller: Caller, id: number): Promise<void> {
  const db = ctx.database.db;
  const { type } = await editableType(db, caller.user, id);
  const copies = await db.select({ id: offeringTypes.id }).from(offeringTypes).where(eq(offeringTypes.sourceTypeId, type.id));
  const ids = [type.id, ...copies.map((copy) => copy.id)];
  if ((await usedTypeIds(db, ids)).size > 0) throw new AppError(409, 'offering_type_in_use', messages.offeringInUseNotDeleted);
  await db.transaction(async (tx) => {
    await tx.delete(offeringTypeDivisions).where(inArray(offeringTypeDivisions.offeringTypeId, ids));
    await tx.delete(offeringTypes).where(eq(offeringTypes.sourceTypeId, type.id));
    await tx.delete(offeringTypes).where(eq(offeringTypes.id, type.id));
  });
  await auditChange(ctx, caller, 'offering-type.deleted', 'offering-type', type.id, type.title);
}

/** A type in the caller's scope that is changed where it is defined (a copy is changed at its source). */
async function editableType(db: Db, user: AuthUser, id: number): Promise<{ type: TypeRow; owner: OfferingOwner }> {
  const [found] = await db
    .select({ type: offeringTypes })
    .from(offeringTypes)
    .innerJoin(institutions, eq(institutions.id, offeringTypes.institutionId))
    .where(and(eq(offeringTypes.id, id), institutionScope(user)));
  if (!found) throw errors.notFound();
  const owner = await offeringOwner(db, user, found.type.institutionId);
  if (found.type.sourceTypeId !== null) {
    const [source] = await db
      .select({ title: institutions.title })
      .from(offeringTypes)
      .innerJoin(institutions, eq(institutions.id, offeringTypes.institutionId))
      .where(eq(offeringTypes.id, found.type.sourceTypeId));
    throw new AppError(409, 'offerings_inherited', messages.offeringsInherited, { parent: source?.title ?? '' });
  }
  refuseWhereInherited(user, owner);
  return { type: found.type, owner };
}

/**
 * A congregation that inherits may not define or change types itself; the levels above it may
 * still act for it (the union settles a church's own old types, for example).
 */
function refuseWhereInherited(user: AuthUser, owner: OfferingOwner): void {
  if (user.institutionId === owner.id) requireManages(owner);
}

/** Copies (or adopts a same-named type as) the definition in every non-self-managing congregation below `owner`. */
async function copyToCongregations(tx: Db, owner: OfferingOwner, type: TypeRow): Promise<void> {
  await tx.execute(sql`
    insert into offering_types (institution_id, title, church_bp, field_bp, union_bp, active, source_type_id, created_at)
    select i.id, ${type.title}, ${type.churchBp}, ${type.fieldBp}, ${type.unionBp}, ${type.active}, ${type.id}, ${type.createdAt}
    from institutions i
    join institution_levels l on l.id = i.level_id
    where i.path like ${`${owner.path}%`} and i.id <> ${owner.id} and l.holds_members and not i.self_manage_offerings
    on conflict (institution_id, title) do update
      set source_type_id = excluded.source_type_id, church_bp = excluded.church_bp, field_bp = excluded.field_bp,
          union_bp = excluded.union_bp, active = excluded.active
      where offering_types.source_type_id is null or offering_types.source_type_id = excluded.source_type_id`);
}

async function usedTypeIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const [lines, pledged] = await Promise.all([
    db.selectDistinct({ id: transactionLines.offeringTypeId }).from(transactionLines).where(inArray(transactionLines.offeringTypeId, [...ids])),
    db.selectDistinct({ id: pledges.offeringTypeId }).from(pledges).where(inArray(pledges.offeringTypeId, [...ids])),
  ]);
  return new Set([...lines, ...pledged].flatMap((row) => (row.id === null ? [] : [row.id])));
}

async function describeTypes(db: Db, rows: readonly TypeRow[]): Promise<OfferingTypeDetails[]> {
  const ids = rows.map((row) => row.id);
  const copies = ids.length ? await db.select({ id: offeringTypes.id, sourceTypeId: offeringTypes.sourceTypeId }).from(offeringTypes).where(or(inArray(offeringTypes.sourceTypeId, ids))) : [];
  const [used, history] = await Promise.all([usedTypeIds(db, [...ids, ...copies.map((copy) => copy.id)]), loadDivisionHistory(db, ids)]);
  const usedThroughCopy = new Set(copies.filter((copy) => used.has(copy.id)).map((copy) => copy.sourceTypeId));
  return rows.map((row) => ({
    id: row.id,
    institutionId: row.institutionId,
    title: row.title,
    churchBp: row.churchBp,
    fieldBp: row.fieldBp,
    unionBp: row.unionBp,
    active: row.active === 1,
    inherited: row.sourceTypeId !== null,
    used: used.has(row.id) || usedThroughCopy.has(row.id),
    history: (history.get(row.id) ?? []).map((period) => ({ effectiveFrom: period.from.toISOString(), churchBp: period.divisions.church, fieldBp: period.divisions.field, unionBp: period.divisions.union })),
  }));
}
