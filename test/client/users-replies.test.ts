import { describe, expect, it } from 'vitest';
import { AssignableRoleGroupList as AssignableSchema, UserItem as UserItemSchema, UserList as UserListSchema } from '../../domain/api/back-office-users';
import { AssignableRoleGroupList, UserItem, UserList } from '../../src/features/users/replies';
import { assertSameReading } from './reply-oracle';

// The users page reads the server's replies without zod (src/features/users/replies.ts): what it
// keeps must be what the contract's schema keeps, and a reply the schema refuses is refused too.

const user = {
  id: 12,
  username: 'agnes.mushi',
  name: 'Agnes Mushi',
  email: 'agnes.mushi@bank.co.tz',
  phone: '+255713000001',
  userType: 'bank',
  roleGroupId: 2,
  roleGroup: 'Branch officer',
  branchId: 3,
  branchName: 'Kariakoo',
  institutionId: null,
  institution: null,
  status: 'activated',
  twoFactorEnabled: true,
  lastLoginAt: '2026-03-01T09:30:00.000Z',
  createdAt: '2026-01-05T08:00:00.000Z',
  pendingRequestId: null,
  passwordHash: 'never kept',
};
const entityUser = { ...user, id: 13, userType: 'entity', email: null, phone: null, branchId: null, branchName: null, institutionId: 9, institution: 'KKKT Ubungo', status: 'disabled', twoFactorEnabled: false, lastLoginAt: null, pendingRequestId: 41 };

describe('users replies read without zod', () => {
  it('keep what the contract keeps', () => {
    expect(UserItem.parse(user)).toStrictEqual(UserItemSchema.parse(user));
    expect(UserItem.parse(user)).not.toHaveProperty('passwordHash');
    const list = { data: [user, entityUser], count: 57, nextCursor: 'WyIyMDI2Il0', next: 'x' };
    expect(UserList.parse(list)).toStrictEqual(UserListSchema.parse(list));
  });

  it('refuse what the contract refuses', () => {
    for (const [plain, zod, reply] of [
      [UserItem, UserItemSchema, { ...user, status: 'sleeping' }],
      [UserItem, UserItemSchema, { ...user, userType: 'member' }],
      [UserItem, UserItemSchema, { ...user, pendingRequestId: undefined }],
      [UserItem, UserItemSchema, { ...user, twoFactorEnabled: 'yes' }],
      [UserList, UserListSchema, { data: [user] }],
      [UserList, UserListSchema, { data: [{ ...user, roleGroupId: 2.5 }], count: 1, nextCursor: null }],
      [UserList, UserListSchema, { data: [user], count: 1, nextCursor: 5 }],
    ] as const) {
      expect(zod.safeParse(reply).success).toBe(false);
      expect(() => plain.parse(reply)).toThrow();
    }
  });

  it('agree with the contract on replies with fields missing, of another kind or unknown', () => {
    assertSameReading(UserItem, UserItemSchema, [user, entityUser]);
    assertSameReading(UserList, UserListSchema, [{ data: [user, entityUser], count: 2, nextCursor: 'WyIyMDI2Il0' }, { data: [], count: 0, nextCursor: null }]);
    assertSameReading(AssignableRoleGroupList, AssignableSchema, [{ data: [{ id: 2, name: 'Branch Officer', locationLevel: 'branch' }] }, { data: [] }]);
  });
});
