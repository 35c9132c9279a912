import { randomInt } from 'node:crypto';
import { toLocale } from '../../../domain/locale';
import { messages } from '../../../domain/messages';
import { localizedPath, paths } from '../../../domain/paths';
import type { AppContext } from '../../context';

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const SPECIAL = '@#$%&*!?';

/**
 * A one-time initial password that meets the policy (12 characters from a secure source, no
 * look-alike letters). The user must change it at first sign-in (force_change_password).
 */
export function temporaryPassword(): string {
  const pick = (set: string) => set[randomInt(0, set.length)]!;
  const all = UPPER + LOWER + DIGITS + SPECIAL;
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SPECIAL), ...Array.from({ length: 8 }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(0, i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

export type CredentialsRecipient = {
  name: string;
  username: string;
  phone: string | null;
  email: string | null;
  institutionId: number | null;
  preferredLanguage: string;
};

/**
 * Sends the sign-in details by SMS and by mail, after the approval has committed (a rolled-back
 * approval must never have sent a password). Neither failure undoes the approval: the SMS service
 * queues and retries, the mail service records delivery errors in its outbox.
 */
export async function sendCredentials(ctx: AppContext, user: CredentialsRecipient, password: string, createdBy: number | null): Promise<void> {
  const locale = toLocale(user.preferredLanguage);
  const values = { name: user.name, username: user.username, password };
  if (user.phone) {
    await ctx.sms.send({
      to: user.phone,
      message: ctx.translator.t(locale, messages.boSmsCredentials, values),
      // Credentials are the bank's message, not charged to the institution's SMS wallet.
      institutionId: null,
      purpose: 'credentials',
      createdBy,
    });
  }
  if (user.email) {
    const link = `${ctx.links.base()}${localizedPath(paths.login, locale)}`;
    await ctx.mail.send({
      to: user.email,
      subject: ctx.translator.t(locale, messages.boMailCredentialsSubject),
      text: ctx.translator.t(locale, messages.boMailCredentialsBody, { ...values, link }),
    });
  }
}
