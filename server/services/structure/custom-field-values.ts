import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { type CustomFieldValuesInput, customFieldValueProblem } from '../../../domain/api/structure';
import { messages } from '../../../domain/messages';
import type { AppContext } from '../../context';
import { customFieldValues, institutions } from '../../db/schema/institutions';
import { customFields } from '../../db/schema/reference';
import { AppError, errors } from '../../lib/app-error';
import type { Caller } from '../approvals/decide-request';
import { institutionScope } from '../auth/scope';
import { auditChange } from '../reference/audit';
import { toCustomField } from './custom-fields';

/**
 * Sets an institution's answers to its level's custom fields. Every value is checked against its
 * field (characters, number, date, choice); one bad value stores nothing, and each problem is named
 * on its own field. An empty value removes the answer.
 */
export async function saveCustomFieldValues(ctx: AppContext, caller: Caller, institutionId: number, input: z.output<typeof CustomFieldValuesInput>): Promise<void> {
  const db = ctx.database.db;
  const [institution] = await db.select({ id: institutions.id, levelId: institutions.levelId }).from(institutions).where(and(eq(institutions.id, institutionId), institutionScope(caller.user)));
  if (!institution) throw errors.notFound();
  const ids = [...new Set(input.values.map((entry) => entry.fieldId))];
  if (ids.length !== input.values.length) throw errors.badRequest();
  const rows = ids.length === 0 ? [] : await db.select().from(customFields).where(inArray(customFields.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  if (rows.length !== ids.length || rows.some((row) => row.levelId !== institution.levelId)) throw errors.badRequest(messages.customFieldNotOfLevel);
  const problems = input.values.flatMap((entry, index) => {
    const field = byId.get(entry.fieldId)!;
    const value = entry.value.trim();
    if (value === '' || !customFieldValueProblem(toCustomField(field), value)) return [];
    return [{ path: `values.${index}.value`, descriptor: messages.customFieldValue, values: { field: field.label } }];
  });
  if (problems.length > 0) throw new AppError(400, 'validation', messages.customFieldValue, problems[0]!.values, problems);
  await db.transaction(async (tx) => {
    for (const entry of input.values) {
      const value = entry.value.trim();
      const key = and(eq(customFieldValues.institutionId, institution.id), eq(customFieldValues.fieldId, entry.fieldId));
      if (value === '') {
        await tx.delete(customFieldValues).where(key);
        continue;
      }
      await tx
        .insert(customFieldValues)
        .values({ institutionId: institution.id, fieldId: entry.fieldId, value, updatedAt: ctx.now() })
        .onConflictDoUpdate({ target: [customFieldValues.institutionId, customFieldValues.fieldId], set: { value, updatedAt: ctx.now() } });
    }
  });
  await auditChange(ctx, caller, 'institution.customFields', 'institution', institution.id, ids.join(','));
}
