import type { z } from 'zod';
import type { BankAccountItem, Branch as BranchShape, Religion as ReligionShape, RoleGroupItem as RoleGroupShape } from '../../../domain/api/back-office-reference';
import { ACTIONS, FEATURES, USER_TYPES } from '../../../domain/permissions';
import { flag, integer, list, nullable, oneOf, record, replyParser, text, type Reader } from '../reply-checks';

/**
 * The reference lists several features read (domain/api/back-office-reference.ts), without zod
 * (lib/reply-checks.ts): the reference pages list them, the users and requests pages name branches,
 * religions and role groups by them, "request new account" takes the accounts' institutions.
 * One module, so one small shared chunk rather than one per list.
 */

const BranchReply: Reader<BranchShape> = record({ id: integer, name: text, shortCode: text, region: nullable(text), createdAt: text });
export const Branch = replyParser(BranchReply);
export const BranchList = replyParser(record({ data: list(BranchReply) }));

const ReligionReply: Reader<z.infer<typeof ReligionShape>> = record({ id: integer, code: text, nameEn: text, nameSw: text });
export const Religion = replyParser(ReligionReply);
export const ReligionDetailsList = replyParser(record({ data: list(ReligionReply) }));

const RoleGroupReply: Reader<RoleGroupShape> = record({
  id: integer,
  name: text,
  userType: oneOf(USER_TYPES),
  locationLevel: text,
  makerChecker: flag,
  features: list(record({ feature: oneOf(FEATURES), actions: list(oneOf(ACTIONS)) })),
  userCount: integer,
});
export const RoleGroupItem = replyParser(RoleGroupReply);
export const RoleGroupList = replyParser(record({ data: list(RoleGroupReply) }));

const BankAccountReply: Reader<z.infer<typeof BankAccountItem>> = record({
  id: integer,
  institutionId: integer,
  institution: text,
  accountNumber: text,
  accountName: text,
  branchId: nullable(integer),
  branchName: nullable(text),
  currency: text,
  status: text,
  isDefault: flag,
  createdAt: text,
});
export const BankAccountList = replyParser(record({ data: list(BankAccountReply), count: integer, nextCursor: nullable(text) }));
