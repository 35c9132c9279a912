// A fake of the three sync routes that keeps the server's idempotency contract (domain/api/receipts.ts,
// issue 3): records are stored by client id; the same id and body again is `duplicate` with no new
// row; the same id with a different body is `conflict`; a receipt naming a member or batch the server
// does not have is `rejected`. Around it, a network that misbehaves on demand: it drops requests,
// drops answers AFTER the server applied them, cuts answers short, answers twice (a retrying proxy),
// shuffles the results, delays, and answers 429/500/503 with Retry-After or 401 (session expired).
// It is the outside world of the client under test, so faking it is fair; the client code is real.

export type Fault =
  | 'ok'
  | 'drop-request'
  | 'drop-response'
  | 'truncate-response'
  | 'replayed-by-proxy'
  | 'shuffle'
  | 'delay'
  | '429'
  | '500'
  | '503'
  | '401';

type Stored = { body: string; value: Record<string, unknown> };
type Result = { id: string; status: 'created' | 'duplicate' | 'conflict' | 'rejected'; receiptNo?: string; memberId?: number; memberCode?: string; message?: string; code?: string };

/** JSON with sorted keys, so two bodies that mean the same compare equal. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

export type FakeServerOptions = {
  /** Faults for successive requests; after the list runs out every request goes through. */
  faults?: Fault[];
  /** Awaited where the network would take its time (fast-check's scheduler decides the order). */
  delay?: () => Promise<void>;
  /** Seconds sent in Retry-After with 429/503. */
  retryAfterSeconds?: number;
  /**
   * Answer a receipt naming a member or batch not here yet as the real server does (`rejected`
   * with code waiting_for_member / waiting_for_batch, "send it again later"). Off by default, so
   * the property test sees any receipt sent before its member as a hard refusal.
   */
  tooEarlyCodes?: boolean;
};

export class FakeSyncServer {
  readonly batches = new Map<string, Stored & { closed: boolean }>();
  readonly members = new Map<string, Stored & { memberId: number; code: string }>();
  readonly receipts = new Map<string, Stored>();
  /** How many times each id was CREATED: anything but 1 means a record was doubled. */
  readonly creations = new Map<string, number>();
  /** Members the server already had before the device synced anything (server id → phone). */
  readonly existingMembers = new Map<number, { phone: string; institutionId: number; code: string }>();
  readonly requests: { path: string; count: number; fault: Fault }[] = [];
  private readonly tokens = new Set<string>();
  private faults: Fault[];
  private nextMemberId = 1000;
  private tokenSeq = 0;

  constructor(private readonly options: FakeServerOptions = {}) {
    this.faults = [...(options.faults ?? [])];
  }

  /** A sign-in: a new valid token. */
  signIn(): string {
    const token = `token-${++this.tokenSeq}`;
    this.tokens.add(token);
    return token;
  }

  addExistingMember(id: number, phone: string, institutionId: number): void {
    this.existingMembers.set(id, { phone, institutionId, code: `M-${id}` });
  }

  readonly fetch = async (input: string, init: RequestInit): Promise<Response> => {
    const fault = this.faults.shift() ?? 'ok';
    const path = new URL(input, 'http://device.test').pathname;
    const body = JSON.parse(String(init.body)) as Record<string, unknown[]>;
    const entries = Object.values(body)[0] ?? [];
    this.requests.push({ path, count: entries.length, fault });
    const delay = this.options.delay ?? (async () => undefined);
    if (fault === 'delay') await delay();
    if (fault === 'drop-request') throw new TypeError('Failed to fetch');
    const token = String((init.headers as Record<string, string>).Authorization ?? '').replace(/^Bearer /, '');
    if (fault === '401') this.tokens.delete(token);
    if (!this.tokens.has(token)) return json(401, { code: 'unauthorized', message: 'Please sign in again' });
    const retryAfter = String(this.options.retryAfterSeconds ?? 7);
    if (fault === '429') return json(429, { code: 'too_many_requests', message: 'Slow down' }, { 'Retry-After': retryAfter });
    if (fault === '503') return json(503, { code: 'unavailable', message: 'Down for maintenance' }, { 'Retry-After': retryAfter });
    if (fault === '500') return json(500, { code: 'internal', message: 'Something went wrong!' });

    let results = this.apply(path, entries);
    if (fault === 'replayed-by-proxy') results = this.apply(path, entries);
    if (fault === 'delay') await delay();
    if (fault === 'drop-response') throw new TypeError('Failed to fetch');
    if (fault === 'truncate-response') return new Response('{"results":[{"id', { status: 200, headers: { 'content-type': 'application/json' } });
    if (fault === 'shuffle') results = [...results].reverse();
    return json(200, { results });
  };

  private apply(path: string, entries: unknown[]): Result[] {
    const route = path.replace(/^\/api/, '');
    return entries.map((raw) => {
      const entry = raw as Record<string, unknown>;
      if (route === '/receipt-batches/sync') return this.applyBatch(entry);
      if (route === '/members/sync') return this.applyMember(entry);
      if (route === '/cash-receipts/sync') return this.applyReceipt(entry);
      throw new Error(`no route ${path}`);
    });
  }

  private created(id: string): void {
    this.creations.set(id, (this.creations.get(id) ?? 0) + 1);
  }

  private applyBatch(entry: Record<string, unknown>): Result {
    const id = String(entry.id);
    const { closedAt, ...rest } = entry;
    const body = canonical(rest);
    const stored = this.batches.get(id);
    if (!stored) {
      this.batches.set(id, { body, value: entry, closed: closedAt != null });
      this.created(id);
      return { id, status: 'created' };
    }
    if (stored.body !== body) return { id, status: 'conflict', message: 'Batch differs' };
    // Open → closed is the one change allowed; a close replayed is a duplicate; reopening is refused.
    if (closedAt != null && !stored.closed) {
      this.batches.set(id, { body, value: entry, closed: true });
      return { id, status: 'created' };
    }
    if (closedAt == null && stored.closed) return { id, status: 'conflict', message: 'Batch is closed' };
    return { id, status: 'duplicate' };
  }

  /** A registration that reached the server some other way (another device, the members page). */
  acceptMember(entry: Record<string, unknown>): void {
    this.applyMember(entry);
  }

  private applyMember(entry: Record<string, unknown>): Result {
    const id = String(entry.id);
    const body = canonical(entry);
    const stored = this.members.get(id);
    if (stored) {
      return stored.body === body
        ? { id, status: 'duplicate', memberId: stored.memberId, memberCode: stored.code }
        : { id, status: 'conflict', memberId: stored.memberId, memberCode: stored.code, message: 'Member differs', code: 'content_differs' };
    }
    const owner = this.phoneOwner(String(entry.phone), Number(entry.institutionId));
    if (owner !== null) {
      return { id, status: 'conflict', memberId: owner, memberCode: `M-${owner}`, message: 'Phone already belongs to a member', code: 'phone_taken' };
    }
    const memberId = ++this.nextMemberId;
    this.members.set(id, { body, value: entry, memberId, code: `M-${memberId}` });
    this.created(id);
    return { id, status: 'created', memberId, memberCode: `M-${memberId}` };
  }

  private phoneOwner(phone: string, institutionId: number): number | null {
    for (const [memberId, member] of this.existingMembers) if (member.phone === phone && member.institutionId === institutionId) return memberId;
    for (const member of this.members.values()) if (member.value.phone === phone && member.value.institutionId === institutionId) return member.memberId;
    return null;
  }

  private applyReceipt(entry: Record<string, unknown>): Result {
    const id = String(entry.id);
    const body = canonical(entry);
    const stored = this.receipts.get(id);
    if (stored) return stored.body === body ? { id, status: 'duplicate', receiptNo: String(entry.receiptNo) } : { id, status: 'conflict', message: 'Receipt differs' };
    const early = (code: string) => (this.options.tooEarlyCodes ? { code } : {});
    if (entry.memberClientId !== undefined && !this.members.has(String(entry.memberClientId))) return { id, status: 'rejected', message: 'Unknown member', ...early('waiting_for_member') };
    if (entry.memberId !== undefined && !this.existingMembers.has(Number(entry.memberId)) && ![...this.members.values()].some((m) => m.memberId === entry.memberId)) {
      return { id, status: 'rejected', message: 'Unknown member' };
    }
    if (entry.batchId !== undefined) {
      const batch = this.batches.get(String(entry.batchId));
      if (!batch) return { id, status: 'rejected', message: 'Unknown batch', ...early('waiting_for_batch') };
      if (batch.closed) return { id, status: 'rejected', message: 'Batch is closed' };
    }
    this.receipts.set(id, { body, value: entry });
    this.created(id);
    return { id, status: 'created', receiptNo: String(entry.receiptNo) };
  }
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}
