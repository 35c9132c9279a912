import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { CustomField, CustomFieldInput } from '../../../domain/api/structure';
import { messages } from '../../../domain/messages';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { customFields, institutionLevels } from '../../db/schema/reference';
import { AppError, errors } from '../../lib/app-error';
import type { Caller } from '../approvals/decide-request';
import type { AuthUser } from '../auth/auth-user';
import { auditChange, uniqueOr409 } from '../reference/audit';

type FieldRow = typeof customFields.$inferSelect;

/** A level the caller may read: entity users only see their own religion's structure. */
async function readableLevel(db: Db, user: AuthUser, levelId: number) {
  const [level] = await db.select().from(institutionLevels).where(eq(institutionLevels.id, levelId));
  if (!level || (user.userType === 'entity' && level.religionId !== user.religionId)) return null;
  return level;
}

/** A level's fields, the default first, then in the order they were added. */
export async function listCustomFields(db: Db, user: AuthUser, levelId: number): Promise<CustomField[]> {
  if (!(await readableLevel(db, user, levelId))) throw errors.notFound();
  const rows = await db.select().from(customFields).where(eq(customFields.levelId, levelId)).orderBy(desc(customFields.isDefault), asc(customFields.id));
  return rows.map(toCustomField);
}

/**
 * Adds a field to a level. Asking for `isDefault` makes it the level's default in place of the
 * previous one (one default per level, kept by a partial unique index).
 */
export async function createCustomField(ctx: AppContext, caller: Caller, input: z.output<typeof CustomFieldInput>): Promise<CustomField> {
  const db = ctx.database.db;
  const level = await readableLevel(db, caller.user, input.levelId);
  if (!level) throw errors.badRequest(messages.customFieldLevelUnknown);
  const row = await uniqueOr409(
    caller,
    () =>
      db.transaction(async (tx) => {
        if (input.isDefault) await tx.update(customFields).set({ isDefault: false }).where(eq(customFields.levelId, level.id));
        const [created] = await tx
          .insert(customFields)
          .values({ religionId: level.religionId, levelId: level.id, ...fieldValues(input), isDefault: input.isDefault ?? false, createdAt: ctx.now() })
          .returning();
        return created!;
      }),
    'label',
  );
  await auditChange(ctx, caller, 'customField.created', 'customField', row.id, `${level.code}: ${input.label}`);
  return toCustomField(row);
}

/**
 * Changes a field. It stays on its level (values were given for that level). The default flag moves
 * only by making another field the default: `isDefault: false` on the default is ignored, since a
 * level always keeps one.
 */
export async function updateCustomField(ctx: AppContext, caller: Caller, fieldId: number, input: z.output<typeof CustomFieldInput>): Promise<CustomField> {
  const db = ctx.database.db;
  const [field] = await db.select().from(customFields).where(eq(customFields.id, fieldId));
  if (!field) throw errors.notFound();
  if (field.levelId !== input.levelId) throw errors.badRequest(messages.customFieldLevelUnknown);
  const row = await uniqueOr409(
    caller,
    () =>
      db.transaction(async (tx) => {
        if (input.isDefault && !field.isDefault) await tx.update(customFields).set({ isDefault: false }).where(and(eq(customFields.levelId, field.levelId), ne(customFields.id, field.id)));
        const [updated] = await tx
          .update(customFields)
          .set({ ...fieldValues(input), isDefault: field.isDefault || (input.isDefault ?? false) })
          .where(eq(customFields.id, field.id))
          .returning();
        return updated!;
      }),
    'label',
  );
  await auditChange(ctx, caller, 'customField.updated', 'customField', field.id, input.label);
  return toCustomField(row);
}

/** Removes a field and the values given for it; the default field is refused with the spec's message. */
export async function deleteCustomField(ctx: AppContext, caller: Caller, fieldId: number): Promise<void> {
  const db = ctx.database.db;
  const [field] = await db.select().from(customFields).where(eq(customFields.id, fieldId));
  if (!field) throw errors.notFound();
  if (field.isDefault) throw new AppError(409, 'custom_field_default', messages.customFieldDefault);
  await db.delete(customFields).where(and(eq(customFields.id, field.id), eq(customFields.isDefault, false)));
  await auditChange(ctx, caller, 'customField.deleted', 'customField', field.id, field.label);
}

function fieldValues(input: z.output<typeof CustomFieldInput>) {
  return {
    label: input.label,
    dataType: input.dataType,
    minChars: input.minChars ?? null,
    maxChars: input.maxChars ?? null,
    // Items mean something only for a choice; anything sent with another type is dropped.
    items: input.dataType === 'choice' ? [...new Set(input.items ?? [])] : null,
  };
}

export function toCustomField(row: FieldRow): CustomField {
  return {
    id: row.id,
    levelId: row.levelId,
    label: row.label,
    dataType: row.dataType as CustomField['dataType'],
    minChars: row.minChars,
    maxChars: row.maxChars,
    items: row.items ?? [],
    isDefault: row.isDefault,
  };
}
