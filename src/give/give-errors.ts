import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { ApiError, NetworkError } from '../lib/api-client';

const offline = msg`No connection. Check your internet and try again.`;
const somethingWrong = msg`Something went wrong!`;

/**
 * Words for a failed call, in the page's language. The server's own message is already in the
 * language of the Lang header (validation, "too many requests"); server faults never show details.
 */
export function giveErrorText(error: unknown, i18n: I18n): string {
  if (error instanceof NetworkError) return i18n._(offline);
  if (error instanceof ApiError && error.status < 500 && error.message) return error.fields[0]?.message ?? error.message;
  return i18n._(somethingWrong);
}
