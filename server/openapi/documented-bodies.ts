import { z } from 'zod';
import { BatchInput, CashReceiptInput, MemberInput } from '../../domain/api/receipts';
import { API_BASE } from '../../domain/paths';
import { apiPaths } from '../../domain/api-paths';
import { MAX_SYNC_BATCH } from '../../domain/receipt-rules';

/**
 * The sync routes accept their entries loosely (`unknown[]`) so each entry can be validated and
 * answered on its own; the document shows what each entry must be, so an outside client can sync
 * without reading our code. Only the document uses these schemas: requests are still checked per entry.
 */
const SYNC_RULES = [
  'Each entry is checked on its own and answered in `results`, in the same order, by its `id`:',
  '- `created`: stored now;',
  '- `duplicate`: this `id` was stored before with the same content (a resend after a lost answer: nothing new is written);',
  '- `conflict`: this `id` was stored before with different content (`code` `content_differs`), or another record already holds a unique value (`phone_taken`);',
  '- `rejected`: the entry is invalid (`code` `invalid`, `message` names the field in the caller\'s language), outside the caller\'s institutions (`forbidden`), names a member/batch not synced yet (`waiting_for_member`, `waiting_for_batch`: send that first, then this entry again unchanged), or was refused by the database itself (`refused`: a constraint the checks above cannot see; nothing of it was stored, and the same entry sent again is refused again).',
  '',
  'The entry `id` (a UUID the device chooses once) is the idempotency key: resending an entry is always safe. One bad entry never fails its neighbours; the request itself fails (400) only when the list is missing, empty or longer than ' +
    `${MAX_SYNC_BATCH} entries, and (503) when the database is unreachable: entries stored before that answer \`duplicate\` when sent again.`,
].join('\n');

const syncBody = <K extends string>(key: K, entry: z.ZodType) =>
  z.object({ [key]: z.array(entry).min(1).max(MAX_SYNC_BATCH) } as Record<K, z.ZodArray<z.ZodType>>);

export const documentedBodies: Record<string, { body: z.ZodType; description: string }> = {
  [`${API_BASE}${apiPaths.cashReceiptsSync}`]: { body: syncBody('receipts', CashReceiptInput), description: SYNC_RULES },
  [`${API_BASE}${apiPaths.membersSync}`]: { body: syncBody('members', MemberInput), description: SYNC_RULES },
  [`${API_BASE}${apiPaths.receiptBatchesSync}`]: { body: syncBody('batches', BatchInput), description: SYNC_RULES },
};
