import { eq } from 'drizzle-orm';
import type { Locale } from '../../../domain/locale';
import { messages } from '../../../domain/messages';
import { formatMoney } from '../../../domain/money';
import type { AppContext } from '../../context';
import { transactions } from '../../db/schema/money';

/** Receipts are dated in East Africa Time, where the churches are. */
const RECEIPT_TIME_ZONE = 'Africa/Dar_es_Salaam';

export type ReceiptSms = {
  transactionId: string;
  institution: { id: number; title: string };
  to: string;
  language: Locale;
  giverName: string;
  receiptNo: string;
  amount: number;
  currency: string;
  lines: Array<{ title: string; amount: number }>;
  receivedAt: Date;
  createdBy: number;
};

/**
 * Intl puts (narrow) no-break spaces in amounts and dates; one such character moves an SMS from
 * GSM-7 (160 characters a part) to UCS-2 (70), which can double what the church pays for it.
 */
const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

export function receiptSmsText(ctx: AppContext, sms: ReceiptSms): string {
  const money = (amount: number) => plainSpaces(formatMoney(amount, sms.currency, sms.language));
  const date = plainSpaces(new Intl.DateTimeFormat(sms.language === 'sw' ? 'sw-TZ' : 'en-GB', { timeZone: RECEIPT_TIME_ZONE, dateStyle: 'medium' }).format(sms.receivedAt));
  return ctx.translator.t(sms.language, messages.receiptSms, {
    institution: sms.institution.title,
    amount: money(sms.amount),
    name: sms.giverName,
    lines: sms.lines.map((line) => `${line.title} ${money(line.amount)}`).join(', '),
    receiptNo: sms.receiptNo,
    date,
  });
}

/**
 * Sends the SMS receipt AFTER the receipt committed (the SMS service uses its own connection; on
 * PGlite it would wait for an open transaction forever). It is charged to the institution's
 * wallet; with the wallet empty the message waits ('waiting_balance') and the receipt stands
 * regardless. A failure here is logged, never turned into a failed receipt.
 */
export async function sendReceiptSms(ctx: AppContext, log: { warn: (o: object, m: string) => void }, sms: ReceiptSms): Promise<void> {
  try {
    const sent = await ctx.sms.send({
      to: sms.to,
      message: receiptSmsText(ctx, sms),
      institutionId: sms.institution.id,
      purpose: 'receipt',
      createdBy: sms.createdBy,
    });
    await ctx.database.db.update(transactions).set({ receiptSmsId: sent.id }).where(eq(transactions.id, sms.transactionId));
  } catch (error) {
    log.warn({ err: error, transactionId: sms.transactionId }, 'SMS receipt could not be recorded; the receipt stands');
  }
}
