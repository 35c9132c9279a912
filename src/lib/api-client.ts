import { LANG_HEADER, type Locale } from '../../domain/locale';
import { API_BASE } from '../../domain/paths';
import { getCurrentLocale } from './current-locale';
import { getToken } from './session';

export type FieldError = { path: string; message: string };

/** An answer from the server that is not a success. `status` is one the app knows (else 500). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: FieldError[];

  constructor(status: number, code: string, message: string, fields: FieldError[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

// Developer-facing only: people see a localised offline message chosen by the page.
const NETWORK_ERROR = 'Network request failed';

/** The request never reached the server (offline, DNS, CORS, aborted): callers may fall back to cache. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(NETWORK_ERROR, { cause });
    this.name = 'NetworkError';
  }
}

// Spec section 8: any status the app has no rule for is handled as a 500.
const KNOWN_STATUSES = new Set([400, 401, 403, 404, 409, 413, 422, 423, 429, 500, 503]);

export function normaliseStatus(status: number): number {
  return KNOWN_STATUSES.has(status) ? status : 500;
}

function isErrorBody(body: unknown): body is { code: string; message: string; fields?: FieldError[] } {
  if (typeof body !== 'object' || body === null) return false;
  const candidate = body as Record<string, unknown>;
  return typeof candidate.code === 'string' && typeof candidate.message === 'string';
}

export async function toApiError(response: Response): Promise<ApiError> {
  const status = normaliseStatus(response.status);
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Proxies and crashed servers answer with HTML or nothing; the status alone must do.
  }
  if (isErrorBody(body)) {
    const fields = Array.isArray(body.fields) ? body.fields : [];
    return new ApiError(status, body.code, body.message, fields);
  }
  return new ApiError(status, `http_${response.status}`, response.statusText);
}

type Parser<T> = { parse: (data: unknown) => T };

export type RequestOptions<T> = {
  /** Overrides the current language, for data cached per language (the menu). */
  locale?: Locale;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  schema?: Parser<T>;
  signal?: AbortSignal;
};

/** Calls `${API_BASE}${path}` with JSON, the Lang header and the bearer token. Never toasts or redirects. */
export async function apiRequest<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const token = getToken();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [LANG_HEADER]: options.locale ?? getCurrentLocale(),
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  if (method !== 'GET') headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: method === 'GET' ? undefined : JSON.stringify(options.body ?? {}),
      signal: options.signal,
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    throw new ApiError(500, 'invalid_response', response.statusText);
  }
  if (!options.schema) return data as T;
  try {
    return options.schema.parse(data);
  } catch {
    // A reply that breaks the shared contract is a server fault, never something to render.
    throw new ApiError(500, 'invalid_response', response.statusText);
  }
}

export const api = {
  get: <T>(path: string, schema?: Parser<T>, signal?: AbortSignal) => apiRequest<T>(path, { schema, signal }),
  post: <T>(path: string, body: unknown, schema?: Parser<T>, signal?: AbortSignal) =>
    apiRequest<T>(path, { method: 'POST', body, schema, signal }),
};

/** For useQuery's throwOnError: only server faults replace the page with the 500 page. */
export function isServerFault(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 500;
}
