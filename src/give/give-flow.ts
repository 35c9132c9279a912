import type { GivingInstitution, KnownGiver, OnlineMethod, PaymentCreated } from '../../domain/api/payments';
import type { OfferingLine } from './give-amounts';
import type { PendingPayment } from './pending-payment';

/** Who is giving: the number as typed (to show it back) and in E.164 (to send it). */
export type Giver = { country: string; national: string; phone: string };

/** The institution being given to, as far as it is known (a member's church arrives without its offering types). */
export type ChosenInstitution = { id: number; title: string; code: string; full: GivingInstitution | null };

/** Where the giving page is; each step keeps what the ones before it found. */
export type Flow =
  | { step: 'phone'; giver: Giver | null }
  | { step: 'known'; giver: Giver; members: KnownGiver[] }
  | { step: 'pledges'; giver: Giver; member: KnownGiver }
  | { step: 'notFound'; giver: Giver }
  | { step: 'register'; giver: Giver }
  | { step: 'church'; giver: Giver }
  | { step: 'amounts'; giver: Giver; institution: ChosenInstitution; memberId: number | null; typed: Record<number, string> }
  | {
      step: 'pay';
      giver: Giver;
      institution: GivingInstitution;
      memberId: number | null;
      lines: OfferingLine[];
      typed: Record<number, string>;
      method: OnlineMethod;
      /** Set when the member pays one of their pledges (the amount goes to it first). */
      pledgeId?: number;
    }
  | { step: 'follow'; pending: PendingPayment; created: PaymentCreated | null };

export const CURRENCY = 'TZS';
