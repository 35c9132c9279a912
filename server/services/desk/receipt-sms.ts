import type { Locale } from '../../../domain/locale';
import { messages } from '../../../domain/messages';
import { formatMoney } from '../../../domain/money';
import type { AppContext } from '../../context';

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

/** Made once per language: a formatter costs far more to make than to use, and a request texts up to 100 givers. */
const dateFormats = new Map<Locale, Intl.DateTimeFormat>();
function receiptDate(language: Locale, at: Date): string {
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'sw' ? 'sw-TZ' : 'en-GB', { timeZone: RECEIPT_TIME_ZONE, dateStyle: 'medium' });
    dateFormats.set(language, format);
  }
  return plainSpaces(format.format(at));
}

export function receiptSmsText(ctx: AppContext, sms: ReceiptSms): string {
  const money = (amount: number) => plainSpaces(formatMoney(amount, sms.currency, sms.language));
  const date = receiptDate(sms.language, sms.receivedAt);
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
 * Sends the SMS receipts of a request's new receipts AFTER they committed (the SMS service uses its
 * own connection; on PGlite it would wait for an open transaction forever), in one charge: the
 * wallet pays for as many as it has units, in the order given, and the rest wait
 * ('waiting_balance'); the receipts stand regardless. Each receipt then points at its message, all
 * in one UPDATE. A failure here is logged, never turned into a failed receipt.
 */
export async function sendReceiptSmsMany(ctx: AppContext, log: { warn: (o: object, m: string) => void }, all: readonly ReceiptSms[]): Promise<void> {
  if (all.length === 0) return;
  try {
    const sent = await ctx.sms.sendMany(
      all.map((sms) => ({ to: sms.to, message: receiptSmsText(ctx, sms), institutionId: sms.institution.id, purpose: 'receipt', createdBy: sms.createdBy })),
    );
    await ctx.database.raw.query(
      `update transactions t set receipt_sms_id = u.sms_id
         from unnest($1::uuid[], $2::int[]) as u(transaction_id, sms_id)
        where t.id = u.transaction_id`,
      [all.map((sms) => sms.transactionId), sent.map((message) => message.id)],
    );
  } catch (error) {
    log.warn({ err: error, transactionIds: all.map((sms) => sms.transactionId) }, 'SMS receipts could not be recorded; the receipts stand');
  }
}
