import { z } from 'zod';
import { recordIdText } from './common';
import { isDay } from '../calendar';
import { OFFERINGS_REPORT_MAX_LIMIT } from '../limits';

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
    institutionId: recordIdText.optional(),
    currency: z.string().trim().toUpperCase().length(3).default('TZS'),
    format: z.enum(REPORT_FORMATS).default('json'),
    /**
     * JSON only: the first `limit` offering types (a bank's scope names tens of thousands, one per
     * congregation's own type; a page shows a few dozen). Without it, every type; the files
     * (csv, xlsx, pdf) always carry every type.
     */
    limit: z.coerce.number<number | string>().int().min(1).max(OFFERINGS_REPORT_MAX_LIMIT).optional(),
  })
  .refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['to'] });
export type OfferingsReportQuery = z.output<typeof OfferingsReportQuery>;

export const ShareTotals = z.object({ total: z.number().int(), church: z.number().int(), field: z.number().int(), union: z.number().int() });
export type ShareTotals = z.output<typeof ShareTotals>;

export const OfferingsReportRow = ShareTotals.extend({ offeringTypeId: z.number().int(), title: z.string() });
export type OfferingsReportRow = z.output<typeof OfferingsReportRow>;

export const OfferingsReport = z.object({
  /** Per offering type, largest total first (then title, then id): every type, or the first `limit`. */
  rows: z.array(OfferingsReportRow),
  /**
   * The period's shares over every type. Without `limit` these are the sums of `rows`; with `limit`
   * cutting the list they are not (the types after the cut count here but are not in `rows`).
   */
  totals: ShareTotals,
  /** How many offering types have a share in the period: `rows.length` unless `limit` cut the list. */
  types: z.number().int(),
  currency: z.string(),
  from: z.string(),
  to: z.string(),
  institution: z.object({ id: z.number().int(), title: z.string() }).nullable(),
});
export type OfferingsReport = z.output<typeof OfferingsReport>;

export const StatementQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100) });

/**
 * `GET /institutions/{id}/statements?year=YYYY&format=zip|pdf`: every member's year statement of a
 * congregation, one PDF per member in a ZIP, or one PDF with each member from a new page.
 */
export const CongregationStatementsQuery = StatementQuery.extend({ format: z.enum(['zip', 'pdf']).default('zip') });

/**
 * `GET /stats/overview?institutionId&from&to&currency` → StatsOverview: one institution (or the
 * caller's whole scope) over a period, with the level below to drill into.
 */
export const StatsOverviewQuery = z
  .object({
    from: CalendarDay,
    to: CalendarDay,
    institutionId: recordIdText.optional(),
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
  /** Completed mobile-money givings per network operator (cash, cheque, card and bank name none). */
  byOperator: z.array(Collected.extend({ operator: z.string() })),
  children: z.array(Collected.extend({ id: z.number().int(), title: z.string() })),
  /** Given to the institution itself, not to one below it. */
  direct: Collected,
  participation: z.object({ gave: z.number().int(), registered: z.number().int() }),
  newMembers: z.number().int(),
});
export type StatsOverview = z.output<typeof StatsOverview>;

/**
 * `GET /stats/dashboard?period=week|month|year` → DashboardBreakdowns: the dashboard's breakdowns
 * over this period so far (in the viewer's zone) against the last one, all from the read model.
 * Week: Monday to today by day; month: the 1st to today by day of the month; year: by month.
 */
export const DASHBOARD_PERIODS = ['week', 'month', 'year'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DashboardBreakdownsQuery = z.object({
  period: z.enum(DASHBOARD_PERIODS).default('month'),
  currency: z.string().trim().toUpperCase().length(3).default('TZS'),
});
export type DashboardBreakdownsQuery = z.output<typeof DashboardBreakdownsQuery>;

const DayRange = z.object({ from: z.string(), to: z.string() });
export const DashboardBreakdowns = z.object({
  period: z.enum(DASHBOARD_PERIODS),
  currency: z.string(),
  institution: InstitutionRef.nullable(),
  /** This period so far (to = today) and the whole last period. */
  current: DayRange,
  previous: DayRange,
  previousToDate: DayRange,
  totals: z.object({
    current: Collected,
    /** The last period up to the same point (same day of the week, month or year), for a like-for-like comparison. */
    previousToDate: Collected,
    previous: Collected,
  }),
  /** One bucket per day of the week or month, or per month of the year; `null` days lie outside that period. */
  overTime: z.array(
    z.object({
      index: z.number().int(),
      currentStart: z.string().nullable(),
      previousStart: z.string().nullable(),
      current: z.number().int().nullable(),
      previous: z.number().int().nullable(),
    }),
  ),
  byMethod: z.array(Collected.extend({ method: z.string() })),
  /** Completed mobile-money givings per network operator (cash, cheque, card and bank name none). */
  byOperator: z.array(Collected.extend({ operator: z.string() })),
  /** The ten offering types with the largest shares (a bank has thousands across its congregations)… */
  byOfferingType: z.array(OfferingsReportRow),
  /** …and the rest summed in one row (null when there are ten or fewer), so the rows still add up to the period's shares. */
  byOfferingTypeOther: ShareTotals.extend({ types: z.number().int() }).nullable(),
  /** The institutions one level below the viewer (each with its subtree), this period. */
  byChild: z.array(Collected.extend({ id: z.number().int(), title: z.string() })),
  /** Failed payments this period (from the read model). */
  failedPayments: z.number().int(),
  /** Completed payments whose credit to an account failed and waits for a retry (the failed-credits list, now); null without transactions:view. */
  failedCredits: z.number().int().nullable(),
  /** Institutions with the pledges grant: open pledges overdue and due in the next 7 days (the pledges list's filters). */
  pledges: z
    .object({ overdue: z.object({ count: z.number().int(), remaining: z.number().int() }), dueIn7Days: z.object({ count: z.number().int(), remaining: z.number().int() }) })
    .nullable(),
});
export type DashboardBreakdowns = z.output<typeof DashboardBreakdowns>;
