import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError, api, normaliseStatus } from '../../src/lib/api-client';
import { setCurrentLocale } from '../../src/lib/current-locale';
import { saveSession } from '../../src/lib/session';
import { jsonResponse, makeProfile } from './helpers';

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  setCurrentLocale('sw');
});

describe('api client', () => {
  it('sends JSON to /api with the Lang header and the stored bearer token', async () => {
    saveSession('tok-123', makeProfile());
    setCurrentLocale('en');
    const fetchMock = stubFetch(jsonResponse(200, { ok: true }));
    await expect(api.post('/login', { username: 'a' })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/login');
    const headers = init.headers as Record<string, string>;
    expect(headers.lang).toBe('en');
    expect(headers.Authorization).toBe('Bearer tok-123');
    expect(headers.Accept).toBe('application/json');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init.body).toBe(JSON.stringify({ username: 'a' }));
  });

  it('sends no Authorization header without a token', async () => {
    const fetchMock = stubFetch(jsonResponse(200, []));
    await api.get('/getReligion');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('GET');
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('types a 401 with its code and message', async () => {
    stubFetch(jsonResponse(401, { statusCode: 401, code: 'otp_required', message: 'Weka msimbo' }));
    const error = await failure(api.post('/login', {}));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'otp_required', message: 'Weka msimbo', fields: [] });
  });

  it('types a 423 lock', async () => {
    stubFetch(jsonResponse(423, { statusCode: 423, code: 'network_locked', message: 'Locked' }));
    expect(await failure(api.post('/login', {}))).toMatchObject({ status: 423, code: 'network_locked' });
  });

  it('keeps validation field errors', async () => {
    const fields = [{ path: 'newPassword', message: 'Nenosiri ni fupi' }];
    stubFetch(jsonResponse(400, { statusCode: 400, code: 'validation', message: 'Invalid', fields }));
    expect(await failure(api.post('/profile/password', {}))).toMatchObject({ status: 400, code: 'validation', fields });
  });

  it('turns a 500 without a JSON body into a typed 500', async () => {
    stubFetch(new Response('<html>bad gateway</html>', { status: 500, statusText: 'Internal Server Error' }));
    const error = await failure(api.get('/profile'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 500, code: 'http_500' });
  });

  it('treats an unknown status as 500', async () => {
    stubFetch(jsonResponse(418, { statusCode: 418, code: 'teapot', message: 'no' }));
    expect(await failure(api.get('/profile'))).toMatchObject({ status: 500, code: 'teapot' });
    expect(normaliseStatus(502)).toBe(500);
    expect(normaliseStatus(423)).toBe(423);
  });

  it('reports an unreachable server as a NetworkError, not an ApiError', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    const error = await failure(api.get('/profile'));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).not.toBeInstanceOf(ApiError);
  });

  it('rejects a success body that breaks the schema as a 500', async () => {
    stubFetch(jsonResponse(200, { nope: true }));
    const schema = {
      parse: (data: unknown) => {
        if (typeof data !== 'object' || data === null || !('value' in data)) throw new Error('bad');
        return data as { value: number };
      },
    };
    expect(await failure(api.get('/getEntityTypeCount/1', schema))).toMatchObject({ status: 500, code: 'invalid_response' });
  });
});
