-- ADR 075: the transactions list filtered by an offering type reads the type's lines, then their
-- transactions. Without it the filter probed every transaction of the period (8.3 s p95 at the default
-- scale for the largest type this year; 25.7 ms with it).
CREATE INDEX "transaction_lines_offering_type" ON "transaction_lines" USING btree ("offering_type_id","transaction_id");