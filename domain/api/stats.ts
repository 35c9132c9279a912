import { z } from 'zod';
import { isDay } from '../calendar';

/**
 * Statistics and reports (issue 16). Days are calendar days (`YYYY-MM-DD`) in the zone of the
 * institution the report is about (domain/calendar.ts); money is integer minor units.
 *
 * - `GET /reports/offerings?from&to&institutionId&currency&format` → OfferingsReport, or the file
 *   when `format` is csv, xlsx or pdf: per offering type, what the ledger credited to the church,
 *   field and union shares of the givings of that institution (and everything below it) on those days.
 * - `GET /members/{id}/statement?year=YYYY` → application/pdf: a member's giving statement.
 */
export const REPORT_FORMATS = ['json', 'csv', 'xlsx', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const CalendarDay = z.string().refine(isDay, { message: 'not a calendar day (YYYY-MM-DD)' });

export const OfferingsReportQuery = z
  .object({
    from: CalendarDay,
    to: CalendarDay,
    institutionId: z.coerce.number().int().positive().optional(),
    currency: z.string().trim().toUpperCase().length(3).default('TZS'),
    format: z.enum(REPORT_FORMATS).default('json'),
  })
  .refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['to'] });
export type OfferingsReportQuery = z.output<typeof OfferingsReportQuery>;

export const ShareTotals = z.object({ total: z.number().int(), church: z.number().int(), field: z.number().int(), union: z.number().int() });
export type ShareTotals = z.output<typeof ShareTotals>;

export const OfferingsReportRow = ShareTotals.extend({ offeringTypeId: z.number().int(), title: z.string() });
export type OfferingsReportRow = z.output<typeof OfferingsReportRow>;

export const OfferingsReport = z.object({
  rows: z.array(OfferingsReportRow),
  totals: ShareTotals,
  currency: z.string(),
  from: z.string(),
  to: z.string(),
  institution: z.object({ id: z.number().int(), title: z.string() }).nullable(),
});
export type OfferingsReport = z.output<typeof OfferingsReport>;

export const StatementQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100) });

/**
 * `GET /stats/overview?institutionId&from&to&currency` → StatsOverview: one institution (or the
 * caller's whole scope) over a period, with the level below to drill into.
 */
export const StatsOverviewQuery = z
  .object({
    from: CalendarDay,
    to: CalendarDay,
    institutionId: z.coerce.number().int().positive().optional(),
    currency: z.string().trim().toUpperCase().length(3).default('TZS'),
  })
  .refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['to'] });
export type StatsOverviewQuery = z.output<typeof StatsOverviewQuery>;

const Collected = z.object({ amount: z.number().int(), count: z.number().int() });
const InstitutionRef = z.object({ id: z.number().int(), title: z.string() });
export const StatsOverview = z.object({
  institution: InstitutionRef.nullable(),
  parent: InstitutionRef.nullable(),
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  total: Collected,
  byMethod: z.array(Collected.extend({ method: z.string() })),
  children: z.array(Collected.extend({ id: z.number().int(), title: z.string() })),
  /** Given to the institution itself, not to one below it. */
  direct: Collected,
  participation: z.object({ gave: z.number().int(), registered: z.number().int() }),
  newMembers: z.number().int(),
});
export type StatsOverview = z.output<typeof StatsOverview>;
