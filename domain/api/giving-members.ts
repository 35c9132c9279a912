import { z } from 'zod';
import { MemberInput, Phone } from './receipts';

/**
 * Online member registration from the public giving page (`POST /api/giving/members`, no sign-in).
 * The desk's member registration with every field required (spec: "all fields required") and no
 * zone: a stranger has no list of a church's zones to choose from, so staff place the member later.
 * Answered 201 with the new member greeted like a known giver (KnownGiver, partly masked name), so
 * giving goes on as that member; 409 when the phone already belongs to a member there.
 *
 * Each text field says "<field> can not be empty" when missing or blank and only then what else is
 * wrong (one message per field), hence the `.min(1).pipe(...)` below.
 */
const required = (max: number) => z.string().trim().min(1).max(max);

export const GivingMemberInput = MemberInput.omit({ id: true, zoneId: true }).extend({
  phone: z.string().trim().min(1).pipe(Phone),
  email: z.string().trim().min(1).pipe(z.email({ error: 'validation.invalidEmail' }).max(200)),
  addressOne: required(200),
  city: required(100),
  state: required(100),
  postalCode: z
    .string()
    .trim()
    .min(1)
    .pipe(z.string().regex(/^\d{1,10}$/, { message: 'validation.digits' })),
});
export type GivingMemberInput = z.input<typeof GivingMemberInput>;
