-- Issue 16 (docs/decisions/072-offering-types-ranked-by-total.md): the dashboard's top offering
-- types and the first page of the offerings report, for bank staff with no institution chosen, read
-- the month and year rows of offering_rollup in total order (services/read-model/offering-type-top.ts)
-- instead of summing and sorting every type of the bank (60,040 month rows at 10x). Indexes on the two
-- partitions only: day rows are never read whole-row-first, and they are nine tenths of the table.
CREATE INDEX IF NOT EXISTS offering_rollup_month_by_total ON offering_rollup_month (starts_on, currency, (share_church + share_field + share_union) DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS offering_rollup_year_by_total ON offering_rollup_year (starts_on, currency, (share_church + share_field + share_union) DESC);
