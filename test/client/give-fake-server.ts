// A fake of the public giving API (domain/api/payments.ts) that keeps its promises: the same
// Idempotency-Key and body answer with the same payment, a key reused with another body is 422,
// GET /payments/{id} answers what the test scripted for that payment. Around it, a network that
// drops requests or answers on demand. It is the outside world of the giving page, so faking it is
// fair; the page's code under test is real.
import { vi } from 'vitest';
import type { GivingInstitution, KnownGiver, PaymentCreated, PaymentInput, PaymentStatusView } from '../../domain/api/payments';
import type { TransactionStatus } from '../../domain/statuses';

export type Fault = 'ok' | 'drop-request' | 'drop-response' | '500';

export const MWENGE: GivingInstitution = {
  id: 11,
  title: 'Mwenge Church',
  code: 'MWG',
  religion: 'Christianity',
  offeringTypes: [
    { id: 101, title: 'Tithe' },
    { id: 102, title: 'Thanksgiving' },
  ],
  hasBankAccount: true,
};

type StoredPayment = { body: PaymentInput; key: string; view: PaymentStatusView };

export class FakeGivingServer {
  readonly payments = new Map<string, StoredPayment>();
  /** Every POST /payments the page sent: key and body, whatever the network then did to it. */
  readonly posts: Array<{ key: string | undefined; body: PaymentInput }> = [];
  readonly requests: string[] = [];
  members: KnownGiver[] = [];
  institutions: GivingInstitution[] = [MWENGE];
  private faults: Fault[] = [];
  private statusScript = new Map<string, Array<Partial<PaymentStatusView> & { status: TransactionStatus }>>();
  private seq = 0;

  /** Faults for the next requests (any route), in order; after them every request goes through. */
  failNext(...faults: Fault[]): void {
    this.faults.push(...faults);
  }

  /** What successive GETs of the payment answer; the last one repeats. */
  scriptStatus(id: string, ...answers: Array<Partial<PaymentStatusView> & { status: TransactionStatus }>): void {
    this.statusScript.set(id, answers);
  }

  /** The id the next new payment will get. */
  nextPaymentId(): string {
    return `00000000-0000-4000-8000-${String(this.seq + 1).padStart(12, '0')}`;
  }

  install(): ReturnType<typeof vi.fn> {
    const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => this.handle(url, init));
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  private async handle(url: string, init: RequestInit): Promise<Response> {
    const method = init.method ?? 'GET';
    this.requests.push(`${method} ${url}`);
    if (method === 'POST' && url.endsWith('/payments')) {
      this.posts.push({ key: (init.headers as Record<string, string> | undefined)?.['idempotency-key'], body: JSON.parse(String(init.body)) as PaymentInput });
    }
    const fault = this.faults.shift() ?? 'ok';
    if (fault === 'drop-request') throw new TypeError('Failed to fetch');
    if (fault === '500') return json(500, { code: 'internal', message: 'Internal Server Error' });
    const response = this.route(method, url, init);
    if (fault === 'drop-response') throw new TypeError('Failed to fetch');
    return response;
  }

  private route(method: string, url: string, init: RequestInit): Response {
    const path = url.replace(/^\/api/, '');
    const headers = (init.headers ?? {}) as Record<string, string>;
    if (method === 'POST' && path === '/giving/lookup-phone') {
      const { phone } = JSON.parse(String(init.body)) as { phone: string };
      const found = this.members.filter((member) => member.memberId > 0 && phone.length > 0);
      return json(200, { found: found.length > 0, members: found });
    }
    if (method === 'GET' && path.startsWith('/giving/institutions?')) {
      const search = new URLSearchParams(path.split('?')[1]).get('search')?.toLowerCase() ?? '';
      return json(200, { data: this.institutions.filter((i) => i.title.toLowerCase().includes(search) || i.code.toLowerCase() === search) });
    }
    const byId = /^\/giving\/institutions\/(\d+)$/.exec(path);
    if (method === 'GET' && byId) {
      const institution = this.institutions.find((i) => i.id === Number(byId[1]));
      return institution ? json(200, institution) : json(404, { code: 'not_found', message: 'Not found' });
    }
    if (method === 'POST' && path === '/payments') return this.createPayment(headers['idempotency-key'], JSON.parse(String(init.body)) as PaymentInput);
    const payment = /^\/payments\/([0-9a-f-]+)$/.exec(path);
    if (method === 'GET' && payment) {
      const stored = this.payments.get(payment[1]!);
      if (!stored) return json(404, { code: 'not_found', message: 'Not found' });
      const script = this.statusScript.get(stored.view.id) ?? [];
      const next = script.length > 1 ? script.shift() : script[0];
      if (next) stored.view = { ...stored.view, ...next };
      return json(200, stored.view);
    }
    return json(404, { code: 'not_found', message: 'Not found' });
  }

  private createPayment(key: string | undefined, body: PaymentInput): Response {
    if (!key) return json(400, { code: 'idempotency_key_required', message: 'Send an Idempotency-Key header' });
    const bodyText = JSON.stringify(body);
    const earlier = [...this.payments.values()].find((stored) => stored.key === key);
    if (earlier) {
      if (JSON.stringify(earlier.body) !== bodyText) return json(422, { code: 'idempotency_key_reused', message: 'This Idempotency-Key was already used for a different payment' });
      return json(201, created(earlier.view));
    }
    this.seq += 1;
    const id = `00000000-0000-4000-8000-${String(this.seq).padStart(12, '0')}`;
    const institution = this.institutions.find((i) => i.id === body.institutionId) ?? MWENGE;
    const amount = body.lines.reduce((sum, line) => sum + line.amount, 0);
    const view: PaymentStatusView = {
      id,
      status: 'pending',
      referenceNo: `SDK${String(this.seq).padStart(6, '0')}`,
      method: body.method,
      operator: body.method === 'mobile' ? 'vodacom' : null,
      amount,
      currency: body.currency,
      institution: { id: institution.id, title: institution.title },
      lines: body.lines.map((line) => ({ ...line, title: institution.offeringTypes.find((type) => type.id === line.offeringTypeId)?.title ?? '?' })),
      payerPhone: '+255 7•• ••• 678',
      createdAt: '2026-11-22T07:30:00.000Z',
      completedAt: null,
      ...(body.method === 'card' ? { checkoutUrl: `http://127.0.0.1:1/checkout/card/${id}` } : {}),
      ...(body.method === 'bank'
        ? {
            bankTransfer: {
              bankName: 'Sadaka Bank',
              accountName: 'MWENGE CHURCH',
              accountNumber: '0101000000001',
              branch: 'Dar es Salaam',
              reference: `SDK${String(this.seq).padStart(6, '0')}`,
              amount,
              currency: body.currency,
              expiresAt: '2026-11-29T07:30:00.000Z',
            },
          }
        : {}),
    };
    this.payments.set(id, { body, key, view });
    return json(201, created(view));
  }
}

function created(view: PaymentStatusView): PaymentCreated {
  return {
    id: view.id,
    status: view.status,
    referenceNo: view.referenceNo,
    method: view.method,
    operator: view.operator,
    amount: view.amount,
    fee: 0,
    currency: view.currency,
    ...(view.checkoutUrl ? { checkoutUrl: view.checkoutUrl } : {}),
    ...(view.bankTransfer ? { bankTransfer: view.bankTransfer } : {}),
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
