import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { BatchClosedError, DraftInvalidError, HasDependentsError, NotSignedInError, StorageFullError } from './errors';

const storageFull = msg`This device is out of storage space, so the record was not saved. Free some space (delete photos or unused apps) and try again; records already saved are safe.`;

/** Words for the offline desk's errors, for toasts and form banners; null for errors the caller handles itself. */
export function offlineErrorMessage(error: unknown): MessageDescriptor | null {
  if (error instanceof StorageFullError) return storageFull;
  if (error instanceof BatchClosedError) return msg`This batch is closed. Open a new batch to record more envelopes.`;
  if (error instanceof NotSignedInError) return msg`Your session has ended. Sign in again to record.`;
  if (error instanceof HasDependentsError) return msg`Other unsent records depend on this one. Resolve or discard them first.`;
  if (error instanceof DraftInvalidError) return msg`Some details are missing or not valid. Check the form and try again.`;
  return null;
}
