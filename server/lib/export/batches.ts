/**
 * Reads a large result in keyset-ordered batches: each query asks for the rows after the last one
 * seen (by the sort key, not an OFFSET that rescans what came before), so every batch costs the
 * same, no transaction or cursor stays open while the client downloads, and only one batch is in
 * memory. The generator reads the next batch only when its consumer asks (backpressure), and
 * stops reading when the consumer stops (a cancelled download returns it).
 */
export async function* inKeysetBatches<Row, Key>(
  fetchAfter: (after: Key | null, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  batchRows: number,
): AsyncGenerator<Row> {
  let after: Key | null = null;
  for (;;) {
    const rows = await fetchAfter(after, batchRows);
    yield* rows;
    const last = rows.at(-1);
    if (rows.length < batchRows || last === undefined) return;
    after = keyOf(last);
  }
}
