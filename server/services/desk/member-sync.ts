import { and, eq } from 'drizzle-orm';
import { MemberInput, type SyncResult } from '../../../domain/api/receipts';
import { messages } from '../../../domain/messages';
import type { AppContext } from '../../context';
import { zones } from '../../db/schema/institutions';
import { logActivity } from '../auth/activity';
import { findByClientId, type Member, registerMemberWithCode } from '../members/member-registration';
import { requestHash } from './canonical-hash';
import type { ScopedInstitution } from './desk-access';
import { admitEntries, refusedAsRejected, rejectedWith, type SyncActor } from './sync-entry';

type ValidMember = ReturnType<typeof MemberInput.parse>;

/**
 * Offline member registrations, answered one by one in request order. The client id is the
 * idempotency key (members.client_id UNIQUE): the same registration again is `duplicate` with
 * the member it created; a different one under that id is `conflict`; a phone that already
 * belongs to a member of the institution is `conflict` carrying that member's id.
 */
export async function syncMembers(ctx: AppContext, actor: SyncActor, entries: readonly unknown[], log: { warn: (o: object, m: string) => void }): Promise<SyncResult[]> {
  const results: SyncResult[] = [];
  for (const admission of await admitEntries(ctx.database.db, actor, MemberInput, entries)) {
    if (!admission.ok) results.push(admission.result);
    // A registration the database refuses is answered on its own; the next ones still go in.
    else results.push(await refusedAsRejected(actor, admission.value.id, log, () => syncMember(ctx, actor, admission.value, admission.institution)));
  }
  return results;
}

async function syncMember(ctx: AppContext, actor: SyncActor, input: ValidMember, institution: ScopedInstitution): Promise<SyncResult> {
  const db = ctx.database.db;
  const hash = requestHash(input);
  const earlier = await findByClientId(db, input.id);
  if (earlier) return answerReplay(actor, input.id, earlier, hash, institution.id);
  if (input.zoneId !== undefined) {
    const [zone] = await db.select({ id: zones.id }).from(zones).where(and(eq(zones.id, input.zoneId), eq(zones.institutionId, institution.id)));
    if (!zone) return rejectedWith(actor, input.id, messages.memberZoneUnknown, { zoneId: input.zoneId }, 'not_found');
  }
  const registration = await registerMemberWithCode(
    db,
    institution,
    {
      clientId: input.id,
      requestHash: hash,
      zoneId: input.zoneId ?? null,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      email: input.email ?? null,
      gender: input.gender,
      preferredLanguage: input.preferredLanguage,
      country: input.country,
      addressOne: input.addressOne ?? null,
      city: input.city ?? null,
      state: input.state ?? null,
      postalCode: input.postalCode ?? null,
      createdBy: actor.user.id,
      createdAt: ctx.now(),
    },
    (tx, row) =>
      logActivity(tx, {
        userId: actor.user.id,
        sessionId: actor.sessionId,
        action: 'member.registered',
        entityType: 'member',
        entityId: String(row.id),
        details: `${row.code} offline ${input.id}`,
        ipAddress: actor.ip,
        userAgent: actor.userAgent,
        at: ctx.now(),
      }),
  );
  switch (registration.status) {
    case 'created':
      return { id: input.id, status: 'created', memberId: registration.member.id, memberCode: registration.member.code };
    case 'client_id_taken':
      return answerReplay(actor, input.id, registration.earlier, hash, institution.id);
    case 'phone_taken':
      return phoneConflict(actor, input, registration.owner);
  }
}

function answerReplay(actor: SyncActor, id: string, earlier: Member, hash: string, institutionId: number): SyncResult {
  // Another institution's member under this id: a bare conflict, nothing of theirs in the answer.
  if (earlier.institutionId !== institutionId) return { id, status: 'conflict', message: actor.t(messages.memberConflict), code: 'content_differs' };
  if (earlier.requestHash === hash) return { id, status: 'duplicate', memberId: earlier.id, memberCode: earlier.code };
  return { id, status: 'conflict', memberId: earlier.id, memberCode: earlier.code, message: actor.t(messages.memberConflict), code: 'content_differs' };
}

function phoneConflict(actor: SyncActor, input: ValidMember, owner: Member): SyncResult {
  return {
    id: input.id,
    status: 'conflict',
    memberId: owner.id,
    memberCode: owner.code,
    message: actor.t(messages.memberPhoneTaken, { phone: input.phone, name: `${owner.firstName} ${owner.lastName}`, code: owner.code }),
    code: 'phone_taken',
  };
}
