import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderInboxPage } from './simulator-inbox-page';

/**
 * A protocol-faithful stand-in for Africa's Talking's SMS API on loopback: same paths, same
 * form-encoded requests, same `apiKey` check, same response shapes and recipient status codes,
 * and the same form-encoded delivery report POSTed to our callback URL afterwards. It keeps an
 * inbox per phone so a person (HTML page) or a test (JSON, or `inbox()`) can read what arrived.
 */

export type SimulatedSms = { id: string; to: string; from: string; message: string; receivedAt: string; delivery: string };

/** What the next send to a phone (or to any phone, with '*') should run into. */
export type SimulatorOutcome =
  | 'invalidNumber' // recipient 403 InvalidPhoneNumber
  | 'insufficientBalance' // recipient 405 InsufficientBalance
  | 'serverError' // HTTP 500, nothing sent
  | 'networkError' // connection dropped before any answer
  | 'deliveryFailed' // accepted, then a Failed delivery report
  | 'deliveryRejected' // accepted, then a Rejected delivery report
  | 'noDeliveryReport' // accepted, report lost
  | 'duplicateDeliveryReport'; // accepted, report sent twice

const OUTCOMES = ['invalidNumber', 'insufficientBalance', 'serverError', 'networkError', 'deliveryFailed', 'deliveryRejected', 'noDeliveryReport', 'duplicateDeliveryReport'] as const satisfies readonly SimulatorOutcome[];

export type AfricasTalkingSimulator = {
  baseUrl: string;
  /** Messages received for a phone, newest first. */
  inbox(phone: string): SimulatedSms[];
  /** Scripts the next send to `phone` ('*' = any phone). Outcomes queue up in order. */
  script(phone: string, outcome: SimulatorOutcome): void;
  /** Where delivery reports go (our callback URL with its secret); null keeps them unsent. */
  setDeliveryReportUrl(url: string | null): void;
  /** Resolves once every scheduled delivery report has been POSTed (bounded by their delays). */
  settle(): Promise<void>;
  /** Every delivery report POST and the status our callback answered, oldest first. */
  reports(): Array<{ id: string; status: string; answeredWith: number | 'error' }>;
  reset(): void;
  close(): Promise<void>;
};

const TZ_NETWORKS: Record<string, string> = { '74': '64004', '75': '64004', '76': '64004', '71': '64002', '65': '64002', '67': '64002', '68': '64005', '69': '64005', '78': '64005', '62': '64009', '73': '64007' };

/** E.164; Tanzanian numbers must also be a 9-digit mobile number after +255. */
export function isValidAtNumber(number: string): boolean {
  if (!/^\+[1-9]\d{7,14}$/.test(number)) return false;
  if (number.startsWith('+255')) return /^\+255[67]\d{8}$/.test(number);
  return true;
}

export async function startAfricasTalkingSimulator(options: {
  username: string;
  apiKey: string;
  port?: number;
  deliveryReportUrl?: string | null;
  deliveryDelayMs?: number;
  costPerMessage?: string;
  balance?: string;
}): Promise<AfricasTalkingSimulator> {
  const cost = options.costPerMessage ?? 'TZS 20.0000';
  const delay = options.deliveryDelayMs ?? 30;
  let reportUrl = options.deliveryReportUrl ?? null;
  const inboxes = new Map<string, SimulatedSms[]>();
  const scripts = new Map<string, SimulatorOutcome[]>();
  const pending = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  const reportLog: Array<{ id: string; status: string; answeredWith: number | 'error' }> = [];
  let closed = false;

  const takeScript = (phone: string): SimulatorOutcome | undefined => scripts.get(phone)?.shift() ?? scripts.get('*')?.shift();

  function scheduleReport(sms: SimulatedSms, status: string, failureReason: string | undefined, times: number) {
    const work = new Promise<void>((resolve) => {
      const timer = setTimeout(async () => {
        timers.delete(timer);
        for (let i = 0; i < times && !closed; i++) await postReport(sms, status, failureReason);
        resolve();
      }, delay);
      timers.add(timer);
    });
    pending.add(work);
    void work.finally(() => pending.delete(work));
  }

  async function postReport(sms: SimulatedSms, status: string, failureReason: string | undefined) {
    sms.delivery = status;
    if (!reportUrl) return;
    const form = new URLSearchParams({ id: sms.id, status, phoneNumber: sms.to, networkCode: TZ_NETWORKS[sms.to.slice(4, 6)] ?? '63902', retryCount: '0' });
    if (failureReason) form.set('failureReason', failureReason);
    try {
      const res = await fetch(reportUrl, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form.toString(), signal: AbortSignal.timeout(5000) });
      await res.arrayBuffer();
      reportLog.push({ id: sms.id, status, answeredWith: res.status });
    } catch {
      reportLog.push({ id: sms.id, status, answeredWith: 'error' });
    }
  }

  function handleSend(form: URLSearchParams, res: ServerResponse) {
    const to = (form.get('to') ?? '').split(',').map((n) => n.trim()).filter(Boolean);
    const message = form.get('message') ?? '';
    if (to.length === 0 || message === '') return text(res, 400, 'Request is missing required form field');
    const from = form.get('from') || 'AFRICASTKNG';
    const recipients: Array<{ statusCode: number; number: string; status: string; cost: string; messageId: string }> = [];
    for (const number of to) {
      const outcome = takeScript(number);
      if (outcome === 'networkError') return res.socket?.destroy();
      if (outcome === 'serverError') return text(res, 500, 'Internal Server Error');
      if (outcome === 'invalidNumber' || !isValidAtNumber(number)) {
        recipients.push({ statusCode: 403, number, status: 'InvalidPhoneNumber', cost: '0', messageId: 'None' });
        continue;
      }
      if (outcome === 'insufficientBalance') {
        recipients.push({ statusCode: 405, number, status: 'InsufficientBalance', cost: '0', messageId: 'None' });
        continue;
      }
      const sms: SimulatedSms = { id: `ATXid_${randomUUID().replaceAll('-', '')}`, to: number, from, message, receivedAt: new Date().toISOString(), delivery: 'Sent' };
      const list = inboxes.get(number) ?? [];
      list.unshift(sms);
      inboxes.set(number, list);
      recipients.push({ statusCode: 101, number, status: 'Success', cost, messageId: sms.id });
      if (outcome === 'noDeliveryReport') continue;
      if (outcome === 'deliveryFailed') scheduleReport(sms, 'Failed', 'DeliveryFailure', 1);
      else if (outcome === 'deliveryRejected') scheduleReport(sms, 'Rejected', 'UserInBlacklist', 1);
      else scheduleReport(sms, 'Success', undefined, outcome === 'duplicateDeliveryReport' ? 2 : 1);
    }
    const sent = recipients.filter((r) => r.statusCode === 101).length;
    const total = sent === 0 ? '0' : `${cost.split(' ')[0]} ${(Number(cost.split(' ')[1] ?? 0) * sent).toFixed(4)}`;
    json(res, 201, { SMSMessageData: { Message: `Sent to ${sent}/${to.length} Total Cost: ${total}`, Recipients: recipients } });
  }

  const server = createServer((req, res) => {
    void route(req, res).catch(() => {
      if (!res.headersSent) text(res, 500, 'Internal Server Error');
    });
  });

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://simulator');
    if (req.method === 'POST' && url.pathname === '/version1/messaging') {
      const form = new URLSearchParams(await readBody(req));
      if (req.headers.apikey !== options.apiKey || form.get('username') !== options.username) {
        return text(res, 401, 'The supplied authentication is invalid');
      }
      return handleSend(form, res);
    }
    if (req.method === 'GET' && url.pathname === '/version1/user') {
      if (req.headers.apikey !== options.apiKey || url.searchParams.get('username') !== options.username) {
        return text(res, 401, 'The supplied authentication is invalid');
      }
      return json(res, 200, { UserData: { balance: options.balance ?? 'TZS 100000.0000' } });
    }
    // Scripting a phone's next outcome over HTTP, for the browser tests (they cannot call script()).
    // Loopback only, like the inbox; an outcome the simulator does not know is refused.
    if (req.method === 'POST' && url.pathname === '/script') {
      const phone = url.searchParams.get('phone') ?? '';
      const outcome = url.searchParams.get('outcome') ?? '';
      if (!phone || !(OUTCOMES as readonly string[]).includes(outcome)) return text(res, 400, 'phone and a known outcome are required');
      const list = scripts.get(phone) ?? [];
      list.push(outcome as SimulatorOutcome);
      scripts.set(phone, list);
      res.writeHead(204);
      return res.end();
    }
    // The inbox is for the person trying the product and for tests; it needs no key.
    if (req.method === 'GET' && url.pathname === '/inbox.json') {
      const phone = url.searchParams.get('phone');
      return json(res, 200, phone ? (inboxes.get(phone) ?? []) : Object.fromEntries(inboxes));
    }
    if (req.method === 'GET' && (url.pathname === '/' || url.pathname === '/inbox')) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      return res.end(renderInboxPage(inboxes, url.searchParams.get('phone')));
    }
    return text(res, 404, 'Not Found');
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    inbox: (phone) => [...(inboxes.get(phone) ?? [])],
    script(phone, outcome) {
      const list = scripts.get(phone) ?? [];
      list.push(outcome);
      scripts.set(phone, list);
    },
    setDeliveryReportUrl(url) {
      reportUrl = url;
    },
    async settle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    reports: () => [...reportLog],
    reset() {
      inboxes.clear();
      scripts.clear();
      reportLog.length = 0;
    },
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 100_000) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

function text(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(body);
}
