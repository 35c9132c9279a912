import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { formatMoney } from '../../../domain/money';
import { detailCodeLabels, fieldLabels } from './activity-labels';

/*
 * A log row's details are written by the services as short machine text: a reason code, a list of
 * changed fields, or "<receipt> <method> <amount> <currency> institution <id>". Stored that way they
 * stay stable for exports; here each known shape is read back and said in the reader's language.
 * What matches no shape (a zone's name, a bank reference) is data and shown as written.
 */

const methodLabels: Record<string, MessageDescriptor> = {
  mobile: msg`Mobile money`,
  card: msg`Card`,
  bank: msg`Bank transfer`,
  cash: msg`Cash`,
  cheque: msg`Cheque`,
};

const label = (i18n: I18n, map: Record<string, MessageDescriptor>, code: string): string => (map[code] ? i18n._(map[code]) : code);

/** "name,nameSw" → "name, Swahili name" (a field no map knows stays as written). */
function changedFields(i18n: I18n, list: string): string {
  const fields = list
    .split(',')
    .map((field) => label(i18n, fieldLabels, field))
    .join(', ');
  return i18n._(msg`changed: ${fields}`);
}

function money(i18n: I18n, amount: string, currency: string): string {
  return formatMoney(Number(amount), currency, i18n.locale);
}

/** A server message id (a refused approval's reason) in the reader's language, or nothing if the catalog lacks it. */
function serverMessage(i18n: I18n, id: string): string {
  return id in i18n.messages ? i18n._(id) : '';
}

const joined = (...parts: string[]) => parts.filter((part) => part !== '').join(' · ');

export function activityDetails(i18n: I18n, action: string, details: string | null): string {
  if (!details) return '';
  if (detailCodeLabels[details]) return i18n._(detailCodeLabels[details]);
  if (action.endsWith('.updated') && /^[A-Za-z]+(,[A-Za-z]+)*$/.test(details)) return changedFields(i18n, details);
  let match: RegExpMatchArray | null;
  switch (action) {
    case 'access.denied': {
      const [code = '', ...where] = details.split(' ');
      return joined(label(i18n, detailCodeLabels, code), where.join(' '));
    }
    case 'payment.cancel':
    case 'payment.credit-retry': {
      const [status = '', ...reason] = details.split(' ');
      return joined(label(i18n, detailCodeLabels, status), reason.join(' '));
    }
    case 'request.submitted':
    case 'request.approved':
    case 'request.rejected':
    case 'request.withdrawn':
    case 'request.denied': {
      match = details.match(/^(\S+) (.*?)(?:: (\S+))?$/);
      if (!match) return details;
      return joined(label(i18n, detailCodeLabels, match[1]!), match[2]!, match[3] ? serverMessage(i18n, match[3]) : '');
    }
    case 'cash-receipt.recorded':
      match = details.match(/^(\S+) (\w+) (\d+) ([A-Z]{3}) institution (\d+)$/);
      return match ? joined(match[1]!, label(i18n, methodLabels, match[2]!), money(i18n, match[3]!, match[4]!)) : details;
    case 'payment.push':
      match = details.match(/^(\w+) (\d+) ([A-Z]{3}) institution (\d+)$/);
      return match ? joined(label(i18n, methodLabels, match[1]!), money(i18n, match[2]!, match[3]!)) : details;
    case 'pledge.created': {
      match = details.match(/^member (\d+) total (\d+) due (\S+)$/);
      if (!match) return details;
      const [, member = '', , due = ''] = match;
      return i18n._(msg`member ${member}, due ${due}`);
    }
    case 'pledge.reminded': {
      match = details.match(/^sms (\d+)$/);
      if (!match) return details;
      const sms = match[1] ?? '';
      return i18n._(msg`SMS ${sms}`);
    }
    case 'zone.membersMoved': {
      match = details.match(/^(\d+) members$/);
      if (!match) return details;
      const count = match[1] ?? '';
      return i18n._(msg`${count} members`);
    }
    case 'zone.merged': {
      match = details.match(/^(.*) -> (\d+)$/);
      if (!match) return details;
      const [, name = '', into = ''] = match;
      return i18n._(msg`${name} into zone ${into}`);
    }
    case 'offering-type.created':
    case 'offering-type.updated': {
      match = details.match(/^(.*) (\d+)\/(\d+)\/(\d+)(?: active=(true|false))?$/);
      if (!match) return details;
      const [, title = '', church, field, union, active] = match;
      const percent = (basisPoints?: string) => new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 2 }).format(Number(basisPoints) / 100);
      const shares = i18n._(msg`church ${percent(church)}%, field ${percent(field)}%, union ${percent(union)}%`);
      return joined(title, shares, active === undefined ? '' : active === 'true' ? i18n._(msg`active`) : i18n._(msg`not active`));
    }
    case 'currency.updated': {
      match = details.match(/^value (\S+)$/);
      if (!match) return details;
      const value = match[1] ?? '';
      return i18n._(msg`value ${value}`);
    }
    case 'receipt-batch.created':
    case 'receipt-batch.closed':
      // "<institution id> <batch name>": the name is what a person recognises.
      return details.replace(/^\d+ /, '');
    default:
      return details;
  }
}
