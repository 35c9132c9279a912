import type { BatchInput, CashReceiptInput, MemberInput, SyncStatus } from '../../../domain/api/receipts';

/**
 * What the device keeps for the offline desk (issue 3). The outbox is the only durable record of
 * unsent work; the rows below are what the pages show, written in the same Dexie transaction as
 * their outbox entry.
 */

/**
 * Where a record stands between this device and the server. `sending` means a request carrying it
 * has left the device and no answer has come back yet (it may or may not have reached the server;
 * the next flush resends it under the same id, so either way it is stored once).
 */
export type SyncState = 'pending' | 'sending' | 'synced' | 'rejected' | 'conflict';

/** A member the device can find: from the server cache, or registered here and not yet synced. */
export type LocalMember = {
  /** `s:<server id>` for cached and synced members, `c:<client uuid>` for offline registrations not yet synced. */
  key: string;
  serverId: number | null;
  /** Kept after sync, so receipts that named the member by client id still find it. */
  clientId: string | null;
  institutionId: number;
  code: string | null;
  firstName: string;
  lastName: string;
  phone: string;
  preferredLanguage: 'sw' | 'en';
  pending: boolean;
};

/** The row in Dexie: the member plus its search tokens (`<institutionId>:<token>`, a multiEntry index). */
export type StoredMember = LocalMember & { tokens: string[] };

/**
 * What the server said about a batch at the last cache refresh (issue 11): the receipts of every
 * device that had reached it then. `at` is this device's clock when the answer arrived, so a
 * receipt this device synced later (`LocalReceipt.syncedAt`) is known not to be in it yet.
 */
export type BatchSnapshot = { receiptCount: number; total: number; lateCount: number; lateTotal: number; stale: boolean; at: number };

/**
 * A counting batch on this device: opened here (and maybe not yet sent), or one of the
 * congregation's batches the cache brought down from the server (opened on another device), which
 * any device may continue and close.
 */
export type LocalBatch = {
  id: string;
  institutionId: number;
  name: string;
  serviceDate: string;
  currency: string;
  closedAt: string | null;
  createdAt: string;
  syncState: SyncState;
  server?: BatchSnapshot;
  /** The cache learnt that the batch was closed on another device while it was open here. */
  closedElsewhere?: boolean;
};

export type LocalReceipt = {
  id: string;
  receiptNo: string;
  institutionId: number;
  batchId: string | null;
  /** What is (or will be) sent; kept whole so the receipt can be printed and fixed offline. */
  payload: CashReceiptInput;
  /** Display names captured at entry, for printing and lists without another lookup. */
  giverName: string;
  giverPhone: string | null;
  recordedBy: { id: number; name: string };
  createdAt: string;
  syncState: SyncState;
  /** The server's localised reason for a rejected or conflicting entry. */
  syncMessage: string | null;
  /** This device's clock when the server accepted it (compared with BatchSnapshot.at). */
  syncedAt?: number;
};

export type OutboxKind = 'batch' | 'member' | 'receipt';
export type OutboxState = 'pending' | 'rejected' | 'conflict';

export type OutboxEntry = {
  /** Auto-increment: the order entries were written in. */
  seq?: number;
  /** The record's client id (UUID v7) — also the idempotency key on the server. */
  id: string;
  kind: OutboxKind;
  payload: BatchInput | MemberInput | CashReceiptInput;
  state: OutboxState;
  /** Who recorded it: only that person's session sends it (another person's token never carries their work). */
  userId: number;
  institutionId: number;
  /** How many requests carried it; > 0 means the server may already hold it, so its payload is never rewritten. */
  attempts: number;
  lastError: string | null;
  lastStatus: SyncStatus | null;
  /** The server's machine reason (`phone_taken`, `content_differs`, `invalid`, …) when it gave one. */
  lastCode?: string | null;
  /** For a member conflict: the member the server already has under that phone. */
  conflictMemberId: number | null;
  /** Batches only: the server has the batch (open), so receipts may go into it and the close may follow. */
  batchCreated?: boolean;
  createdAt: number;
};

/** Why the queue is not moving, for the top bar and the outbox page. */
export type FlushBlock = null | 'offline' | 'signed-out' | 'backing-off' | 'quota';

/** The flusher's memory between runs (one row in the meta table), shared by page and service worker. */
export type FlushState = {
  block: FlushBlock;
  /** Epoch ms of the last flush that reached the server and finished. */
  lastFlushAt: number | null;
  /** Epoch ms before which no flush sends (back-off or the server's Retry-After). */
  backoffUntil: number;
  /** `server` when the server asked us to wait (429/503/5xx); `network` when it could not be reached. */
  backoffCause: 'network' | 'server' | null;
  /** Consecutive failed sends, for exponential back-off. */
  failures: number;
  lastError: string | null;
  /** A short hash of the token that got 401, so the same dead token is not tried again (never the token). */
  signedOutFingerprint: string | null;
};

/** Who may send right now; read at send time, never stored in an entry. */
export type SendAuth = { token: string; userId: number; locale: 'sw' | 'en' };
