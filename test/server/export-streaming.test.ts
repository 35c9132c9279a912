import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { request as httpGet } from 'node:http';
import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../domain/csv-table';
import { transactions } from '../../server/db/schema/money';
import { writeExport, type ExportFormat } from '../../server/lib/export/export-writer';
import { PDF_MAX_ROWS } from '../../server/lib/export/pdf-cap';
import { sendExportFile } from '../../server/lib/export/send-export';
import { pdfText } from '../factories/pdf-text';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

// ADR 060: exports stream every matching row, read from the database in keyset batches. The batch
// is 40 rows here so a few hundred rows cross several batches (production reads 2,000 at a time).
const BATCH = 40;
const SAME_MOMENT = 150;
const SPREAD = 97;
const FORMULA = '=HYPERLINK("http://evil.example/","x")';

describe('streamed exports (transactions in keyset batches)', () => {
  let t: TestApp;
  let w: World;
  let headers: Record<string, string>;
  const references = new Set<string>();
  beforeAll(async () => {
    t = await createTestApp({ env: { EXPORT_BATCH_ROWS: String(BATCH) } });
    w = await createWorld(t.database.db);
    headers = (await signIn(t.app, w.users.admin)).headers;
    const row = (i: number, receivedAt?: Date) => {
      const referenceNo = `STREAM${String(i).padStart(5, '0')}`;
      references.add(referenceNo);
      return { id: randomUUID(), institutionId: w.churchA.id, method: 'mobile', status: 'completed', amount: 1_000 + i, currency: 'TZS', referenceNo, payerName: i === 7 ? FORMULA : `Payer ${i}`, ...(receivedAt ? { receivedAt } : {}) };
    };
    // One statement: every row gets the same received_at, to the microsecond — only the id orders them,
    // and a key cut to a JavaScript Date's milliseconds would lose all but the first batch.
    await t.database.db.insert(transactions).values(Array.from({ length: SAME_MOMENT }, (_, i) => row(i)));
    const start = Date.now() - 3 * 86_400_000;
    await t.database.db.insert(transactions).values(Array.from({ length: SPREAD }, (_, i) => row(SAME_MOMENT + i, new Date(start + Math.floor(i / 3) * 60_000))));
  });
  afterAll(() => t.close());

  /** The file's records keyed by the header row (the file's last line ends with a newline). */
  const recordsOf = (text: string) => {
    const [head = [], ...rows] = parseCsv(text).filter((row) => row.some((cell) => cell !== ''));
    return rows.map((row) => Object.fromEntries(head.map((name, i) => [name, row[i] ?? ''])));
  };
  const get = (format: 'csv' | 'xlsx') => t.app.inject({ method: 'GET', url: `/api/transactions/export?range=7d&format=${format}`, headers: { ...headers, lang: 'en' } });

  it('CSV: every row across the batches, once each, newest first, formulas neutralised, the count sent ahead', async () => {
    const res = await get('csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-export-count']).toBe(String(SAME_MOMENT + SPREAD));
    expect(res.headers['x-export-included']).toBe(String(SAME_MOMENT + SPREAD));
    const records = recordsOf(res.body);
    expect(records).toHaveLength(SAME_MOMENT + SPREAD);
    const seen = records.map((r) => r['Reference number']!);
    expect(new Set(seen)).toEqual(references);
    const times = records.map((r) => r['Date']!);
    expect([...times].sort().reverse()).toEqual(times);
    expect(records.find((r) => r['Reference number'] === 'STREAM00007')?.['Giver']).toBe(`'${FORMULA}`);
  });

  it('XLSX: the same rows read back with exceljs, amounts as numbers', async () => {
    const res = await get('xlsx');
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(1 + SAME_MOMENT + SPREAD);
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const refColumn = header.indexOf('Reference number');
    const amountColumn = header.indexOf('Amount');
    const refs = new Set<string>();
    for (let r = 2; r <= sheet.rowCount; r += 1) refs.add(String(sheet.getRow(r).getCell(refColumn).value));
    expect(refs).toEqual(references);
    expect(typeof sheet.getRow(2).getCell(amountColumn).value).toBe('number');
    const formulaRow = sheet.getRows(2, sheet.rowCount - 1)!.find((r) => r.getCell(refColumn).value === 'STREAM00007')!;
    expect((formulaRow.values as unknown[]).map(String)).toContain(`'${FORMULA}`);
  });

  it('a scoped reader streams only their own rows (another church gets an empty file)', async () => {
    const other = (await signIn(t.app, w.users.churchB)).headers;
    const res = await t.app.inject({ method: 'GET', url: '/api/transactions/export?range=7d&format=csv', headers: { ...other, lang: 'en' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-export-count']).toBe('0');
    expect(recordsOf(res.body)).toEqual([]);
  });
});

describe('the export writer when rows fail part-way', () => {
  /** Rows that break after `n`, as a lost database connection does in the middle of an export. */
  async function* failingAfter(n: number) {
    for (let i = 0; i < n; i += 1) yield { name: `row ${i}` };
    throw new Error('connection lost');
  }
  const spec = (n: number) => ({ title: 'Broken', columns: [{ header: 'Name', value: (r: { name: string }) => r.name }], rows: failingAfter(n) });

  it.each<ExportFormat>(['csv', 'xlsx', 'pdf'])('%s: the body errors instead of ending', async (format) => {
    const file = await writeExport(spec(1_200), format);
    const outcome = await new Promise<string>((resolve) => {
      file.body.on('data', () => undefined);
      file.body.on('end', () => resolve('ended'));
      file.body.on('error', (error) => resolve(error.message));
    });
    expect(outcome).toBe('connection lost');
  });

  it('over HTTP the connection is aborted after the first bytes, so the download cannot look complete', async () => {
    const app = Fastify({ logger: false });
    app.get('/broken', async (_request, reply) => sendExportFile(reply, { ...(await writeExport(spec(5_000), 'csv')), filename: 'broken.csv', count: 9_000, included: 9_000 }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      const result = await new Promise<{ status: number; bytes: number; complete: boolean; error: string | null }>((resolve) => {
        httpGet({ host: '127.0.0.1', port, path: '/broken' }, (res) => {
          let bytes = 0;
          res.on('data', (chunk: Buffer) => (bytes += chunk.length));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, complete: res.complete, error: null }));
          res.on('error', (error) => resolve({ status: res.statusCode ?? 0, bytes, complete: res.complete, error: error.message }));
        }).end();
      });
      expect(result.status).toBe(200);
      expect(result.bytes).toBeGreaterThan(0);
      expect(result.complete).toBe(false);
      expect(result.error).toBe('aborted');
    } finally {
      await app.close();
    }
  });

  it(`PDF stops reading after ${PDF_MAX_ROWS} rows (the cap) when the count is known, still a whole PDF that says so`, async () => {
    let pulled = 0;
    function* many() {
      for (let i = 0; i < PDF_MAX_ROWS + 500; i += 1) {
        pulled += 1;
        yield { name: `r${i}` };
      }
    }
    const columns = [{ header: 'Name', value: (r: { name: string }) => r.name }];
    const file = await writeExport({ title: 'Big', columns, rows: many(), rowCount: PDF_MAX_ROWS + 500 }, 'pdf');
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(chunk as Buffer);
    expect(pdfText(Buffer.concat(chunks))).toContain(`This PDF shows the first ${PDF_MAX_ROWS} of ${PDF_MAX_ROWS + 500} rows.`);
    expect(pulled).toBe(PDF_MAX_ROWS + 1);
  });
});
