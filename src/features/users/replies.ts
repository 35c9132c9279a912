import type { AssignableRoleGroupList as AssignableListSchema, UserItem as UserItemShape, UserList as UserListShape } from '../../../domain/api/back-office-users';
import type { z } from 'zod';
import { USER_TYPES } from '../../../domain/permissions';
import { ACCOUNT_STATUSES } from '../../../domain/statuses';
import { flag, integer, list, nullable, oneOf, record, replyParser, text, type Reader } from '../../lib/reply-checks';

/**
 * The users page's replies (domain/api/back-office-users.ts), read without zod: the contract's
 * module brings zod and, through its phone rule, libphonenumber (~54 KiB gzip together) that the
 * page never needs to read a list (docs/decisions/013-desk-bundle.md). Unknown fields are dropped
 * and a reply that breaks the contract is a server fault, as with the schemas;
 * test/client/users-replies.test.ts holds the two equal.
 */

const UserReply: Reader<UserItemShape> = record({
  id: integer,
  username: text,
  name: text,
  email: nullable(text),
  phone: nullable(text),
  userType: oneOf(USER_TYPES),
  roleGroupId: integer,
  roleGroup: text,
  branchId: nullable(integer),
  branchName: nullable(text),
  institutionId: nullable(integer),
  institution: nullable(text),
  status: oneOf(ACCOUNT_STATUSES),
  twoFactorEnabled: flag,
  lastLoginAt: nullable(text),
  createdAt: text,
  pendingRequestId: nullable(integer),
});

export const UserItem = replyParser(UserReply);
export const UserList = replyParser<UserListShape>(record({ data: list(UserReply), count: integer, nextCursor: nullable(text) }));
type AssignableListShape = z.infer<typeof AssignableListSchema>;
export const AssignableRoleGroupList = replyParser<AssignableListShape>(record({ data: list(record({ id: integer, name: text, locationLevel: text })) }));
