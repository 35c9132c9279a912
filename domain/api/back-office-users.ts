import { z } from 'zod';
import { recordId } from './common';
import { MAX_EMAIL_ADDRESS } from '../limits';
import { isE164 } from '../phone';
import { USER_TYPES } from '../permissions';
import { ACCOUNT_STATUSES } from '../statuses';
import { MAX_USER_NAME, USERNAME_PATTERN } from '../user-rules';

/**
 * Bank back office, part 3: users (/users). Creating or editing a bank user never changes a user
 * directly: it stores a `bank-user` or `user-edit` request that a different administrator approves
 * (see back-office.ts). Entity (church/mosque) users are never created or edited here: they come
 * from registration or an amendment request (422 with a message saying so).
 *
 * - `GET /users?search&userType&status&limit&offset&cursor` → UserList (scoped: branch staff see their branch).
 * - `POST /users` NewBankUserInput → 201 SubmittedRequest (the email must be at BANK_EMAIL_DOMAIN).
 * - `PATCH /users/{id}` EditUserInput → 201 SubmittedRequest.
 * - `POST /users/{id}/enable` → UserItem; `/disable` ActorPasswordInput (the actor's own password;
 *   disabling signs the user out everywhere) → UserItem.
 * - `POST /users/{id}/reset-2fa` ActorPasswordInput → UserItem (two-factor off; they set it up again).
 * - `POST /users/{id}/delete-code` → MessageBody: a 6-digit code SMSed to the ACTOR's phone,
 *   bound to this deletion, valid 10 minutes, 5 tries.
 * - `POST /users/{id}/delete` DeleteUserInput (`otp` or the actor's `password`) → MessageBody.
 * - `GET /users/role-groups` → AssignableRoleGroupList: the bank role groups a bank user can be given,
 *   for whoever may see users (the full `/role-groups` needs `roleGroups: view`, which branch staff lack).
 */
const Phone = z.string().trim().refine(isE164, { message: 'validation.invalidPhone' });
const Email = z.string().trim().toLowerCase().max(MAX_EMAIL_ADDRESS).pipe(z.email({ message: 'validation.invalidEmail' }));
const Name = z.string().trim().min(1).max(MAX_USER_NAME);

export const UserListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  userType: z.enum(USER_TYPES).optional(),
  status: z.enum(ACCOUNT_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** Keyset paging: the previous answer's `nextCursor`; when given, `offset` is not used. */
  cursor: z.string().max(400).optional(),
});
export type UserListQuery = z.output<typeof UserListQuery>;

export const UserItem = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  userType: z.enum(USER_TYPES),
  roleGroupId: z.number().int(),
  roleGroup: z.string(),
  branchId: z.number().int().nullable(),
  branchName: z.string().nullable(),
  institutionId: z.number().int().nullable(),
  institution: z.string().nullable(),
  status: z.enum(ACCOUNT_STATUSES),
  twoFactorEnabled: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  /** A pending user-edit request for this user, if any (the edit button waits for it). */
  pendingRequestId: z.number().int().nullable(),
});
export type UserItem = z.infer<typeof UserItem>;
export const UserList = z.object({
  data: z.array(UserItem),
  count: z.number().int(),
  /** Pass it back as `cursor` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type UserList = z.infer<typeof UserList>;

export const NewBankUserInput = z.object({
  /** Only 'bank' is accepted; 'entity' is refused with a message (entity users come from registration). */
  userType: z.enum(USER_TYPES).default('bank'),
  username: z.string().trim().toLowerCase().regex(USERNAME_PATTERN),
  name: Name,
  email: Email,
  phone: Phone,
  roleGroupId: recordId,
  /** Required for a branch-level role group; branch staff can only create users of their own branch. */
  branchId: recordId.nullable().optional(),
});
export type NewBankUserInput = z.input<typeof NewBankUserInput>;

export const EditUserInput = z
  .object({
    name: Name.optional(),
    email: Email.optional(),
    phone: Phone.optional(),
    roleGroupId: recordId.optional(),
    branchId: recordId.nullable().optional(),
  })
  .refine((value) => Object.values(value).some((v) => v !== undefined), { message: 'backoffice.nothingChanged' });
export type EditUserInput = z.input<typeof EditUserInput>;

export const SubmittedRequest = z.object({ requestId: z.number().int(), status: z.literal('requested') });
export type SubmittedRequest = z.infer<typeof SubmittedRequest>;

/** Disabling a user or resetting their two-factor: the actor re-enters their own password (ADR 015). */
export const ActorPasswordInput = z.object({ password: z.string().min(1).max(256) });
export type ActorPasswordInput = z.infer<typeof ActorPasswordInput>;

export const DeleteUserInput = z
  .object({ otp: z.string().regex(/^\d{6}$/).optional(), password: z.string().min(1).max(256).optional() })
  .refine((value) => value.otp !== undefined || value.password !== undefined, { message: 'backoffice.deleteConfirm' });
export type DeleteUserInput = z.infer<typeof DeleteUserInput>;

export const AssignableRoleGroup = z.object({ id: z.number().int(), name: z.string(), locationLevel: z.string() });
export type AssignableRoleGroup = z.infer<typeof AssignableRoleGroup>;
export const AssignableRoleGroupList = z.object({ data: z.array(AssignableRoleGroup) });
