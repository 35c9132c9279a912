import { v7 as uuidv7 } from 'uuid';
import type { MemberInput } from '../../../domain/api/receipts';
import { checkMember } from '../../../domain/receipt-rules';
import { db, type SadakaDb } from '../db';
import { currentUserId } from './current-user';
import { guardStorage } from './errors';
import { requestFlush } from './flush-scheduler';
import { fromMemberInput } from './member-rows';
import { newOutboxEntry } from './outbox-entries';
import { loadPhoneRules } from './phone-rules';
import type { LocalMember } from './types';
import { acceptedDraft } from './validate-draft';

export type MemberDraft = Omit<MemberInput, 'id'>;

/**
 * Registers a member on this device: the member row (searchable at once, so receipts can name
 * them) and its outbox entry in one transaction. Receipts for them carry `memberClientId` and wait
 * until the registration has synced.
 */
export async function registerMemberOffline(draft: MemberDraft, database: SadakaDb = db): Promise<LocalMember> {
  const userId = currentUserId();
  // A member always has a phone: its rules are needed before anything is written.
  const phone = await loadPhoneRules();
  const payload = acceptedDraft(checkMember({ ...draft, id: uuidv7() }, phone.isE164));
  const row = fromMemberInput(payload, phone);
  await guardStorage(() =>
    database.transaction('rw', [database.members, database.outbox], async () => {
      await database.members.add(row);
      await database.outbox.add(newOutboxEntry('member', payload, userId));
    }),
  );
  void requestFlush('recorded');
  const { tokens: _tokens, ...member } = row;
  return member;
}
