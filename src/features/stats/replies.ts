import type { OfferingsReport as OfferingsReportShape, StatsOverview as StatsOverviewShape } from '../../../domain/api/stats';
import { integer, list, nullable, record, replyParser, text } from '../../lib/reply-checks';

/**
 * The statistics replies (domain/api/stats.ts), read without zod (docs/decisions/013-desk-bundle.md):
 * unknown fields dropped, a reply that breaks the contract is a server fault.
 */
const collected = { amount: integer, count: integer };
const institutionRef = record({ id: integer, title: text });

export const StatsOverview = replyParser<StatsOverviewShape>(
  record({
    institution: nullable(institutionRef),
    parent: nullable(institutionRef),
    from: text,
    to: text,
    currency: text,
    total: record(collected),
    byMethod: list(record({ method: text, ...collected })),
    byOperator: list(record({ operator: text, ...collected })),
    children: list(record({ id: integer, title: text, ...collected })),
    direct: record(collected),
    participation: record({ gave: integer, registered: integer }),
    newMembers: integer,
  }),
);

const shares = { total: integer, church: integer, field: integer, union: integer };
export const OfferingsReport = replyParser<OfferingsReportShape>(
  record({
    rows: list(record({ offeringTypeId: integer, title: text, ...shares })),
    totals: record(shares),
    types: integer,
    currency: text,
    from: text,
    to: text,
    institution: nullable(institutionRef),
  }),
);

export type TransactionBrief = { id: string; referenceNo: string; receiptNo: string | null; payer: string | null; method: string; amount: number; currency: string; createdAt: string };
export const TransactionBriefPage = replyParser<{ data: TransactionBrief[]; count: number }>(
  record({
    data: list(record({ id: text, referenceNo: text, receiptNo: nullable(text), payer: nullable(text), method: text, amount: integer, currency: text, createdAt: text })),
    count: integer,
  }),
);
