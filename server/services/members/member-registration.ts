import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { members } from '../../db/schema/members';
import { nextMemberCode } from '../desk/member-code';

export type Member = typeof members.$inferSelect;
/** Everything of a new member except what this module decides (the code) or the database fills in. */
export type NewMember = Omit<typeof members.$inferInsert, 'id' | 'code' | 'institutionId' | 'updatedAt' | 'deletedAt'>;

export type MemberRegistration =
  | { status: 'created'; member: Member }
  /** A live member of the institution already has this phone (checked before, or met while inserting). */
  | { status: 'phone_taken'; owner: Member }
  /** A racing request with the same client id got there first. */
  | { status: 'client_id_taken'; earlier: Member };

/** Racing registrations may take the same member code; this many tries is plenty. */
const CODE_ATTEMPTS = 5;

/**
 * Creates a member with the institution's next member code: the one way members are made, whether
 * a desk syncs an offline registration or a giver registers online. `record` runs inside the
 * inserting transaction (the activity log), so the member and its log row commit together.
 *
 * ON CONFLICT without a target covers the client id, the (institution, phone) of live members and
 * the (institution, code): whichever a racing registration took, the insert adds nothing and we
 * look again at what is there. The `updated_at` trigger stamps the row for the devices' caches.
 */
export async function registerMemberWithCode(
  db: Db,
  institution: { id: number; code: string },
  values: NewMember,
  record: (tx: Db, member: Member) => Promise<void>,
): Promise<MemberRegistration> {
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    const owner = await findPhoneOwner(db, institution.id, values.phone);
    // A racing request with the same client id may have created this very member a moment ago:
    // that is a replay, not someone else's phone.
    if (owner && values.clientId && owner.clientId === values.clientId) return { status: 'client_id_taken', earlier: owner };
    if (owner) return { status: 'phone_taken', owner };
    const code = await nextMemberCode(db, institution);
    const created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(members)
        .values({ ...values, institutionId: institution.id, code })
        .onConflictDoNothing()
        .returning();
      if (!row) return null;
      await record(tx, row);
      return row;
    });
    if (created) return { status: 'created', member: created };
    if (values.clientId) {
      const earlier = await findByClientId(db, values.clientId);
      if (earlier) return { status: 'client_id_taken', earlier };
    }
    // Otherwise the phone (checked again at the top) or the code was taken meanwhile.
  }
  throw new Error(`could not give a new member of institution ${institution.id} a code after ${CODE_ATTEMPTS} tries`);
}

export async function findByClientId(db: Db, clientId: string): Promise<Member | null> {
  const [row] = await db.select().from(members).where(eq(members.clientId, clientId));
  return row ?? null;
}

/** The live (not deleted) member of the institution with this phone, if any. */
export async function findPhoneOwner(db: Db, institutionId: number, phone: string): Promise<Member | null> {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.institutionId, institutionId), eq(members.phone, phone), isNull(members.deletedAt)));
  return row ?? null;
}
