import { describe, expect, it, vi } from 'vitest';
import { createSessionErrorHandler } from '../../src/app/session-errors';
import { ApiError, NetworkError } from '../../src/lib/api-client';
import { setCurrentLocale } from '../../src/lib/current-locale';
import { getToken, saveSession } from '../../src/lib/session';
import { makeProfile } from './helpers';

function setup() {
  const navigate = vi.fn();
  const resetCache = vi.fn();
  return { navigate, resetCache, handle: createSessionErrorHandler({ navigate, resetCache }) };
}

describe('session error rules', () => {
  it('ends the session on 401 and returns to sign-in in the current language', async () => {
    saveSession('tok', makeProfile());
    setCurrentLocale('en');
    const { navigate, resetCache, handle } = setup();
    handle(new ApiError(401, 'session_expired', 'expired'));
    expect(getToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/en');
    await Promise.resolve();
    expect(resetCache).toHaveBeenCalled();
    setCurrentLocale('sw');
  });

  it('sends 423 to the locked page', () => {
    const { navigate, handle } = setup();
    handle(new ApiError(423, 'network_locked', 'locked'));
    expect(navigate).toHaveBeenCalledWith('/locked');
  });

  it('leaves other failures to the page', () => {
    saveSession('tok', makeProfile());
    const { navigate, handle } = setup();
    handle(new ApiError(500, 'boom', 'boom'));
    handle(new NetworkError(new TypeError('offline')));
    expect(navigate).not.toHaveBeenCalled();
    expect(getToken()).toBe('tok');
  });
});
