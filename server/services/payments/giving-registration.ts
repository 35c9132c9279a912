import { eq } from 'drizzle-orm';
import type { GivingMemberInput } from '../../../domain/api/giving-members';
import { type KnownGiver, maskName } from '../../../domain/api/payments';
import { messages } from '../../../domain/messages';
import type { AppContext } from '../../context';
import { institutions } from '../../db/schema/institutions';
import { institutionLevels } from '../../db/schema/reference';
import { AppError } from '../../lib/app-error';
import { logActivity } from '../auth/activity';
import { registerMemberWithCode } from '../members/member-registration';

type Descriptor = { id: string; message: string };
type ValidInput = ReturnType<typeof GivingMemberInput.parse>;

const refused = (status: number, code: string, descriptor: Descriptor, path: string, values: Record<string, unknown> = {}) =>
  new AppError(status, code, descriptor, values, [{ path, descriptor, values }]);

/**
 * "Register online" from the public giving page: a stranger becomes a member of an active church
 * or mosque (an institution whose level holds members), through the same member creation as the
 * desk (next member code, phone unique among the institution's live members, activity log in the
 * same transaction). The answer is what a phone look-up would now say — a partly masked name — so
 * giving goes on as that member and the call never tells more than the look-up already does.
 *
 * No welcome SMS: the number is typed by someone nobody has verified, and each message would be
 * charged to the church's wallet (see docs/decisions/012-online-member-registration.md).
 */
export async function registerGivingMember(ctx: AppContext, input: ValidInput, from: { ip: string; userAgent: string | undefined }): Promise<KnownGiver> {
  const db = ctx.database.db;
  const [institution] = await db
    .select({ id: institutions.id, code: institutions.code, title: institutions.title, status: institutions.status, holdsMembers: institutionLevels.holdsMembers })
    .from(institutions)
    .innerJoin(institutionLevels, eq(institutionLevels.id, institutions.levelId))
    .where(eq(institutions.id, input.institutionId));
  if (!institution) throw refused(400, 'institution_not_found', messages.paymentsInstitutionNotFound, 'institutionId');
  if (institution.status !== 'active' || !institution.holdsMembers) throw refused(400, 'registration_closed', messages.paymentsRegistrationClosed, 'institutionId');

  const now = ctx.now();
  const registration = await registerMemberWithCode(
    db,
    institution,
    {
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      email: input.email,
      gender: input.gender,
      preferredLanguage: input.preferredLanguage,
      country: input.country,
      addressOne: input.addressOne,
      city: input.city,
      state: input.state,
      postalCode: input.postalCode,
      createdBy: null,
      createdAt: now,
    },
    (tx, member) =>
      logActivity(tx, {
        action: 'member.registered',
        entityType: 'member',
        entityId: String(member.id),
        // The code only: the log is read by staff, the person's details live on the member.
        details: `${member.code} online`,
        ipAddress: from.ip,
        userAgent: from.userAgent,
        at: now,
      }),
  );
  if (registration.status !== 'created') {
    // Only the church's name (which the giver chose): never the existing member's name or code.
    throw refused(409, 'phone_taken', messages.paymentsMemberPhoneRegistered, 'phone', { institution: institution.title });
  }
  const { member } = registration;
  return {
    memberId: member.id,
    maskedName: maskName(member.firstName, member.lastName),
    preferredLanguage: member.preferredLanguage === 'en' ? 'en' : 'sw',
    institution: { id: institution.id, title: institution.title, code: institution.code },
  };
}
