// No Lingui here: the service worker imports this through the flusher, and macros are not compiled there.
// Messages below are for developers and logs; people see error-messages.ts.
const STORAGE_FULL = 'Device storage is full';
const DRAFT_INVALID = 'The record is not valid';
const BATCH_CLOSED = 'The batch is closed';
const NOT_SIGNED_IN = 'No one is signed in';
const HAS_DEPENDENTS = 'Other unsent records depend on this one';

/** The device has no room left for new records (IndexedDB quota, a full phone). Nothing was written. */
export class StorageFullError extends Error {
  constructor(cause: unknown) {
    super(STORAGE_FULL, { cause });
    this.name = 'StorageFullError';
  }
}

/** A draft that the wire contract would refuse; nothing was written. `issues` name the fields. */
export class DraftInvalidError extends Error {
  readonly issues: { path: string; message: string }[];
  constructor(issues: { path: string; message: string }[]) {
    super(DRAFT_INVALID);
    this.name = 'DraftInvalidError';
    this.issues = issues;
  }
}

export class BatchClosedError extends Error {
  constructor() {
    super(BATCH_CLOSED);
    this.name = 'BatchClosedError';
  }
}

export class NotSignedInError extends Error {
  constructor() {
    super(NOT_SIGNED_IN);
    this.name = 'NotSignedInError';
  }
}

/** An outbox action that would strand other entries (a member or batch that receipts still wait for). */
export class HasDependentsError extends Error {
  readonly dependents: number;
  constructor(dependents: number) {
    super(HAS_DEPENDENTS);
    this.name = 'HasDependentsError';
    this.dependents = dependents;
  }
}

/** Dexie wraps the browser's error; either may carry the name. */
export function isQuotaError(error: unknown): boolean {
  const named = (value: unknown) => typeof value === 'object' && value !== null && (value as { name?: unknown }).name === 'QuotaExceededError';
  return named(error) || named((error as { inner?: unknown } | null)?.inner);
}

/** Runs a local write; a full disk becomes a StorageFullError the page can explain. */
export async function guardStorage<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isQuotaError(error)) throw new StorageFullError(error);
    throw error;
  }
}
