// The export writer alone (no database, no HTTP): 100,000 rows of a transactions-like table of ten
// columns through CSV and XLSX, timed and with this process's CPU. It isolates the writer's own
// cost from the scale export bench (bench/scale-exports.bench.ts, which needs the scale database):
// the whole export must stream in ≤ 10 s (issue 16), so the writer's share should stay small.
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { writeExport, type ExportColumn, type ExportFormat } from '../server/lib/export/export-writer';
import { printTable, writeResult } from './lib/results';

const ROWS = Number(process.env.EXPORT_WRITER_ROWS ?? 100_000);
/** The writer's share of the 10 s export budget that this bench holds it to. */
const BUDGET_CPU_MS = 3_000;

type Row = { id: number; date: string; reference: string; payer: string; phone: string; type: string; church: string; method: string; status: string; amount: number };

function* rows(): Iterable<Row> {
  for (let i = 0; i < ROWS; i += 1) {
    yield {
      id: i,
      date: `2026-11-${String(1 + (i % 28)).padStart(2, '0')} 10:${String(i % 60).padStart(2, '0')}`,
      reference: `TXN${1_000_000_000 + i}`,
      payer: `Mwanachama ${i} Mwakyusa`,
      phone: `+255754${String(100_000 + (i % 900_000))}`,
      type: i % 3 ? 'Zaka' : 'Sadaka ya shukrani',
      church: 'Kanisa la Mwenge',
      method: i % 2 ? 'mobile' : 'card',
      status: 'completed',
      amount: 150_000 + i,
    };
  }
}

const keys = ['id', 'date', 'reference', 'payer', 'phone', 'type', 'church', 'method', 'status', 'amount'] as const;
const columns: ExportColumn<Row>[] = keys.map((key) => ({ header: key, value: (row) => row[key], numFmt: key === 'amount' ? '#,##0.00' : undefined }));

async function measure(format: ExportFormat) {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const file = await writeExport({ title: 'Transactions', columns, rows: rows() }, format);
  let bytes = 0;
  await pipeline(
    file.body,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done();
      },
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  return { format, rows: ROWS, ms: Math.round(performance.now() - started), cpuMs: Math.round((cpu.user + cpu.system) / 1000), megabytes: +(bytes / 1e6).toFixed(1) };
}

await measure('xlsx'); // warm-up: module loading and JIT are not the writer's cost
const results = [await measure('csv'), await measure('xlsx')];
const load = (await import('node:os')).loadavg()[0]!.toFixed(1);
printTable(results.map((r) => ({ ...r, budgetCpuMs: BUDGET_CPU_MS, load })));
writeResult('exportWriter', { rows: ROWS, results, budgetCpuMs: BUDGET_CPU_MS, load: Number(load) });
if (results.some((r) => r.cpuMs > BUDGET_CPU_MS)) process.exit(1);
