-- Issue 15 (docs/decisions/068-transaction-search-newest-first.md): the dashboard's top institutions
-- of the year (services/shell/dashboard-top-institutions.ts) sum the year rows per institution: with
-- the amount in the index the sum reads the index alone, in institution order, instead of every year
-- row's heap page. (The dashboard's members figure reads member_totals, migration 0042.)
CREATE INDEX IF NOT EXISTS collection_year_totals_year_amounts ON collection_year_totals (starts_on, status, currency, institution_id) INCLUDE (amount);
