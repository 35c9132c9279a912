import type { z } from 'zod';
import type { BankAccountItem, Branch as BranchShape, CurrencyDetails as CurrencyShape, Religion as ReligionShape, RoleGroupItem as RoleGroupShape } from '../../../domain/api/back-office-reference';
import { ACTIONS, FEATURES, USER_TYPES } from '../../../domain/permissions';
import { flag, integer, list, nullable, oneOf, record, replyParser, text, type Reader } from '../../lib/offline/reply-checks';

/**
 * The reference pages' replies (domain/api/back-office-reference.ts), read without zod: with it
 * (and the phone rules its module brings) each page's first visit cost ~55 KiB gzip more
 * (docs/decisions/013-desk-bundle.md). Unknown fields are dropped and a reply that breaks the
 * contract is a server fault, as with the schemas; test/client/reference-replies.test.ts holds the
 * two equal.
 */

const BranchReply: Reader<BranchShape> = record({ id: integer, name: text, shortCode: text, region: nullable(text), createdAt: text });
export const Branch = replyParser(BranchReply);
export const BranchList = replyParser(record({ data: list(BranchReply) }));

const ReligionReply: Reader<z.infer<typeof ReligionShape>> = record({ id: integer, code: text, nameEn: text, nameSw: text });
export const Religion = replyParser(ReligionReply);
export const ReligionDetailsList = replyParser(record({ data: list(ReligionReply) }));

const CurrencyReply: Reader<CurrencyShape> = record({
  id: integer,
  territory: text,
  alphaCode: text,
  numericCode: text,
  value: text,
  valueSetById: nullable(integer),
  valueSetBy: nullable(text),
  valueSetAt: text,
  active: flag,
});
export const CurrencyDetails = replyParser(CurrencyReply);
export const CurrencyDetailsList = replyParser(record({ data: list(CurrencyReply) }));

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
export const BankAccountList = replyParser(record({ data: list(BankAccountReply), count: integer }));

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
export const FeatureCatalogue = replyParser(record({ features: list(oneOf(FEATURES)), actions: list(oneOf(ACTIONS)) }));
