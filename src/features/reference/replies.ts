import type { CurrencyDetails as CurrencyShape } from '../../../domain/api/back-office-reference';
import { ACTIONS, FEATURES } from '../../../domain/permissions';
import { flag, integer, list, nullable, oneOf, record, replyParser, text, type Reader } from '../../lib/reply-checks';

/**
 * The replies only the reference pages read (domain/api/back-office-reference.ts), without zod: with
 * it (and the phone rules its module brings) each page's first visit cost ~55 KiB gzip more
 * (docs/decisions/013-desk-bundle.md). Branches, religions, role groups and bank accounts, which
 * other pages read too, are in lib/replies/. Unknown fields are dropped and a reply that breaks the
 * contract is a server fault, as with the schemas; test/client/reference-replies.test.ts holds the
 * two equal.
 */

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

export const FeatureCatalogue = replyParser(record({ features: list(oneOf(FEATURES)), actions: list(oneOf(ACTIONS)) }));
