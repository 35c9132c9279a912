// The bank's API as the back-office pages see it, for component tests: a small in-memory stand-in
// for the routes the pages call. Every body it receives is checked with the same domain schema the
// real server uses (a body the server would refuse is answered 400 here too). Answers are read by
// the client's reply readers, which the *-replies tests hold equal to the contract's schemas, so
// the fake cannot drift from domain/api/back-office*.ts unnoticed. The client code under test is real.
import { vi } from 'vitest';
import type { z } from 'zod';
import { ApproveInput, RejectInput, type RequestDetail } from '../../domain/api/back-office';
import type { RegistrationOptions, RegistrationView } from '../../domain/api/back-office-registration';
import { jsonResponse } from './helpers';

export type Call = { method: string; path: string; body: unknown; headers: Record<string, string> };
type Handler = (call: Call) => Response | Promise<Response>;

export const options: RegistrationOptions = {
  religions: [
    { id: 1, name: 'Christian' },
    { id: 2, name: 'Muslim' },
  ],
  levels: [
    { id: 1, religionId: 1, rank: 1, name: 'Union', holdsMembers: false },
    { id: 3, religionId: 1, rank: 3, name: 'District', holdsMembers: false },
    { id: 4, religionId: 1, rank: 4, name: 'Church', holdsMembers: true },
  ],
  parents: [
    { id: 30, title: 'Kinondoni District', levelId: 3, religionId: 1 },
    { id: 31, title: 'Temeke District', levelId: 3, religionId: 1 },
  ],
  customFields: [
    { id: 7, levelId: 4, label: 'Registration number', dataType: 'text', minChars: null, maxChars: 40, items: [] },
    { id: 8, levelId: 4, label: 'Founded', dataType: 'date', minChars: null, maxChars: null, items: [] },
  ],
};

export const branches = { data: [{ id: 1, name: 'Dar es Salaam', shortCode: 'DSM', region: 'Dar es Salaam', createdAt: '2026-01-01T00:00:00.000Z' }] };

/** A bad body, answered the way the server's error handler does. */
function badRequest(error: z.ZodError): Response {
  const fields = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  return jsonResponse(400, { statusCode: 400, code: 'validation', message: fields[0]?.message ?? 'bad request', fields });
}

export function checked<T>(schema: z.ZodType<T>, body: unknown, then: (value: T) => Response): Response {
  const parsed = schema.safeParse(body);
  return parsed.success ? then(parsed.data) : badRequest(parsed.error);
}

export class FakeBackOffice {
  readonly calls: Call[] = [];
  private readonly routes: Array<{ method: string; pattern: RegExp; handler: Handler }> = [];

  constructor() {
    this.on('GET', /^\/registration-options$/, () => jsonResponse(200, options));
    this.on('GET', /^\/branches$/, () => jsonResponse(200, branches));
    // The viewer in these tests cannot read role groups (a branch officer): the page must cope.
    this.on('GET', /^\/role-groups$/, () => jsonResponse(403, { statusCode: 403, code: 'forbidden', message: 'You have no permission to perform this task' }));
    // …and gets the groups it may assign from the users' own list (issue 11).
    this.on('GET', /^\/users\/role-groups$/, () => jsonResponse(200, { data: [{ id: 2, name: 'Branch Officer', locationLevel: 'branch' }] }));
  }

  /** Adds (or replaces, when added later) the answer for a method and path. */
  on(method: string, pattern: RegExp, handler: Handler): this {
    this.routes.unshift({ method, pattern, handler });
    return this;
  }

  callsTo(method: string, pattern: RegExp): Call[] {
    return this.calls.filter((call) => call.method === method && pattern.test(call.path));
  }

  /** Installs itself as the browser's fetch for the current test. */
  install(): void {
    vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://sadaka.test');
      const path = url.pathname.replace(/^\/api/, '');
      const method = (init.method ?? 'GET').toUpperCase();
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
      const call: Call = { method, path: `${path}${url.search}`, body, headers: (init.headers ?? {}) as Record<string, string> };
      this.calls.push(call);
      const route = this.routes.find((candidate) => candidate.method === method && candidate.pattern.test(path));
      if (!route) return jsonResponse(404, { statusCode: 404, code: 'not_found', message: 'This page could not be found' });
      return route.handler(call);
    });
  }
}

/** One pending request, as GET /requests/{id} answers it; overrides shape the scenario. */
export function requestDetail(overrides: Partial<RequestDetail> = {}): RequestDetail {
  return {
    id: 7,
    type: 'bank-account',
    status: 'requested',
    subject: 'account:0101555000123',
    title: 'Mwenge Church — MWENGE CHURCH BUILDING FUND',
    makerId: 2,
    makerName: 'Baraka Mrema',
    checkerId: null,
    checkerName: null,
    branchId: 1,
    branchName: 'Dar es Salaam',
    religionId: 1,
    reason: null,
    createdAt: '2026-11-20T06:00:00.000Z',
    resolvedAt: null,
    canCheck: true,
    payload: { institutionId: 12, accountNumber: '0101555000123', accountName: 'MWENGE CHURCH BUILDING FUND', branchId: 1, currency: 'TZS' },
    documents: [],
    ...overrides,
  };
}

/**
 * The maker-checker routes over one request held in memory: a decision resolves it once; the
 * scenario can make the server answer 403 or 409 instead, as the real one does.
 */
export function serveRequest(api: FakeBackOffice, initial: RequestDetail, refusal?: { status: 403 | 409; code: string; message: string; resolvedAs?: RequestDetail['status'] }) {
  let current = initial;
  api.on('GET', new RegExp(`^/requests/${initial.id}$`), () => jsonResponse(200, current));
  const decide = (status: 'approved' | 'rejected', schema: z.ZodType<unknown>) => (call: Call) =>
    checked(schema, call.body, (value) => {
      if (refusal) {
        if (refusal.resolvedAs) current = { ...current, status: refusal.resolvedAs, canCheck: false, checkerName: 'Joseph Temba', resolvedAt: '2026-11-21T08:00:00.000Z' };
        return jsonResponse(refusal.status, { statusCode: refusal.status, code: refusal.code, message: refusal.message });
      }
      const reason = (value as { reason?: string } | null | undefined)?.reason ?? null;
      current = { ...current, status, reason, canCheck: false, checkerId: 6, checkerName: 'Joseph Temba', resolvedAt: '2026-11-21T08:00:00.000Z' };
      return jsonResponse(200, { id: current.id, status, reason });
    });
  api.on('POST', new RegExp(`^/requests/${initial.id}/approve$`), decide('approved', ApproveInput));
  api.on('POST', new RegExp(`^/requests/${initial.id}/withdraw$`), () => {
    if (current.status !== 'requested') return jsonResponse(409, { statusCode: 409, code: 'not_pending', message: 'This request has already been resolved' });
    current = { ...current, status: 'not_approved', canCheck: false, resolvedAt: '2026-11-21T08:00:00.000Z' };
    return jsonResponse(200, { id: current.id, status: 'not_approved', reason: null });
  });
  api.on('POST', new RegExp(`^/requests/${initial.id}/reject$`), decide('rejected', RejectInput));
}

/** A registration draft as GET /registrations/current answers it. */
export function draft(overrides: Partial<RegistrationView> = {}): RegistrationView {
  return {
    id: 41,
    status: 'unfinished',
    rejectionReason: null,
    applicantPhone: '+255754123456',
    applicantEmail: 'applicant@example.co.tz',
    data: {},
    missingSteps: ['institution', 'bankAccount', 'signatories', 'defaultUser', 'extras'],
    uploads: [],
    requestId: null,
    institutionId: null,
    createdAt: '2026-11-20T06:00:00.000Z',
    updatedAt: '2026-11-20T06:00:00.000Z',
    submittedAt: null,
    ...overrides,
  };
}
