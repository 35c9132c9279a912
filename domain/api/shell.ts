import { z } from 'zod';
import { recordIdText } from './common';

/** Menu item as the spec describes it: icon, text, target and optional children. */
export const MenuChild = z.object({ key: z.string(), text: z.string(), target: z.string() });
export const MenuItem = z.object({
  key: z.string(),
  icon: z.string(),
  text: z.string(),
  target: z.string(),
  children: z.array(MenuChild).optional(),
});
export type MenuItem = z.infer<typeof MenuItem>;
export const Menu = z.array(MenuItem);

export const ReligionItem = z.object({ value: z.number().int(), text: z.string() });
export const ReligionList = z.object({ data: z.array(ReligionItem) });
export type ReligionItem = z.infer<typeof ReligionItem>;
export const SetReligionInput = z.object({ religionId: recordIdText });
export const SetReligionResult = z.object({ religionId: z.number().int() });

export const SmsBalance = z.object({
  smsLeft: z.number().int(),
  smsCap: z.number().int(),
  data: z.array(
    z.object({
      id: z.number().int(),
      institution: z.string(),
      amount: z.number().int(),
      createdAt: z.string(),
      /** Who asked (the maker of a staff top-up) or bought it (the institution user who paid). */
      createdBy: z.string().nullable(),
      /** How (ADR 057): `bank` = bank staff under maker-checker, `mobile` = paid by the institution with mobile money. */
      source: z.enum(['bank', 'mobile']),
      /** The checker who approved a staff top-up. */
      approvedBy: z.string().nullable(),
      /** The approval request (staff top-up) or the payment's reference (mobile money). */
      requestId: z.number().int().nullable(),
      paymentReference: z.string().nullable(),
    }),
  ),
  count: z.number().int(),
});
export type SmsBalance = z.infer<typeof SmsBalance>;
export const SmsTopUpHistoryInput = z.object({ search: z.string().max(100).optional() }).optional();

export const EntityTypeCount = z.object({ value: z.number().int() });

export const PendingRegistration = z.object({
  total: z.number().int(),
  account: z.number().int(),
  registration: z.number().int(),
  user: z.number().int(),
  userEdit: z.number().int(),
  smsTopUp: z.number().int(),
});
export type PendingRegistration = z.infer<typeof PendingRegistration>;

export const SearchInput = z.object({ value: z.string().trim().min(3).max(100) });
export const TransactionHit = z.object({
  id: z.string(),
  member: z.string(),
  trxId: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  phone: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
});
export type TransactionHit = z.infer<typeof TransactionHit>;
export const MemberHit = z.object({ id: z.number().int(), names: z.string(), code: z.string(), phone: z.string().nullable(), institution: z.string() });
export type MemberHit = z.infer<typeof MemberHit>;
export const TransactionSearchResult = z.object({ data: z.array(TransactionHit), count: z.number().int() });
export const MemberSearchResult = z.object({ data: z.array(MemberHit), count: z.number().int() });

/** `generateMenu/{profileId}`: the caller's own profile id. */
export const ProfileIdParam = z.object({ profileId: recordIdText });
