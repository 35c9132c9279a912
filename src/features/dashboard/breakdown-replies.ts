import type { DashboardBreakdowns as DashboardBreakdownsShape, DashboardPeriod } from '../../../domain/api/stats';
import { integer, list, nullable, oneOf, record, replyParser, text } from '../../lib/reply-checks';

/** The dashboard's breakdowns (domain/api/stats.ts), read without zod like the rest of the dashboard's replies. */
// The periods are spelt here, not imported: a value from the contract's module would bring zod into the chunk.
export const PERIODS: readonly DashboardPeriod[] = ['week', 'month', 'year'];
const collected = { amount: integer, count: integer };
const range = record({ from: text, to: text });
export const DashboardBreakdowns = replyParser<DashboardBreakdownsShape>(
  record({
    period: oneOf(PERIODS),
    currency: text,
    institution: nullable(record({ id: integer, title: text })),
    current: range,
    previous: range,
    previousToDate: range,
    totals: record({ current: record(collected), previousToDate: record(collected), previous: record(collected) }),
    overTime: list(record({ index: integer, currentStart: nullable(text), previousStart: nullable(text), current: nullable(integer), previous: nullable(integer) })),
    byMethod: list(record({ method: text, ...collected })),
    byOperator: list(record({ operator: text, ...collected })),
    byOfferingType: list(record({ offeringTypeId: integer, title: text, total: integer, church: integer, field: integer, union: integer })),
    byOfferingTypeOther: nullable(record({ types: integer, total: integer, church: integer, field: integer, union: integer })),
    byChild: list(record({ id: integer, title: text, ...collected })),
    failedPayments: integer,
    failedCredits: nullable(integer),
    pledges: nullable(record({ overdue: record({ count: integer, remaining: integer }), dueIn7Days: record({ count: integer, remaining: integer }) })),
  }),
);
