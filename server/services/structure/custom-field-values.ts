import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { CustomFieldValuesInput } from '../../../domain/api/structure';
import { customFieldValueProblem } from '../../../domain/custom-field-rules';
import { messages } from '../../../domain/messages';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
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
/** An answer to one custom field, as forms send it. */
export type CustomAnswer = { fieldId: number; value: string };
/** What is wrong with a set of answers: a field not of the level (or named twice), or each value that misses its field's rules. */
export type AnswerCheck = { foreign: true } | { foreign: false; problems: Array<{ index: number; label: string }> };

/**
 * Checks answers against the custom fields of one level (ADR 047) with the rule the forms share
 * (domain/custom-field-rules.ts). Empty answers pass: they mean "not given". Used by the staff
 * edit of an institution's values, the public registration and the staff "new institution".
 */
export async function checkAnswers(db: Db, levelId: number, answers: readonly CustomAnswer[]): Promise<AnswerCheck> {
  const ids = [...new Set(answers.map((entry) => entry.fieldId))];
  if (ids.length !== answers.length) return { foreign: true };
  const rows = ids.length === 0 ? [] : await db.select().from(customFields).where(inArray(customFields.id, ids));
  if (rows.length !== ids.length || rows.some((row) => row.levelId !== levelId)) return { foreign: true };
  const byId = new Map(rows.map((row) => [row.id, row]));
  const problems = answers.flatMap((entry, index) => {
    const field = byId.get(entry.fieldId)!;
    const value = entry.value.trim();
    return value === '' || !customFieldValueProblem(toCustomField(field), value) ? [] : [{ index, label: field.label }];
  });
  return { foreign: false, problems };
}

/** The localised refusal of answers that miss their fields' rules, each named on its own field (`<prefix>.<index>.value`). */
export function answerProblemsError(status: number, prefix: string, problems: Array<{ index: number; label: string }>): AppError {
  const fields = problems.map((problem) => ({ path: `${prefix}.${problem.index}.value`, descriptor: messages.customFieldValue, values: { field: problem.label } }));
  return new AppError(status, 'validation', messages.customFieldValue, { field: problems[0]?.label ?? '' }, fields);
}

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
  const checked = await checkAnswers(db, institution.levelId, input.values);
  if (checked.foreign) throw errors.badRequest(messages.customFieldNotOfLevel);
  if (checked.problems.length > 0) throw answerProblemsError(400, 'values', checked.problems);
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

/**
 * At approval, a new institution's answers (registration or staff "new institution"). The fields
 * may have changed since the answers were checked: an answer to a field removed since is dropped
 * (removing a field removes its values everywhere), and `false` says an answer no longer meets its
 * field's rules (the approval is then denied, nothing stored).
 */
export async function storeNewInstitutionAnswers(db: Db, institutionId: number, levelId: number, answers: readonly CustomAnswer[], now: Date): Promise<boolean> {
  const given = new Map(answers.filter((entry) => entry.value.trim() !== '').map((entry) => [entry.fieldId, entry.value.trim()]));
  if (given.size === 0) return true;
  const rows = await db
    .select()
    .from(customFields)
    .where(and(inArray(customFields.id, [...given.keys()]), eq(customFields.levelId, levelId)));
  if (rows.some((row) => customFieldValueProblem(toCustomField(row), given.get(row.id)!))) return false;
  if (rows.length > 0) await db.insert(customFieldValues).values(rows.map((row) => ({ institutionId, fieldId: row.id, value: given.get(row.id)!, updatedAt: now })));
  return true;
}
