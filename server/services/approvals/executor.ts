import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';

export type ExecutionEnv = {
  ctx: AppContext;
  /** The approval's transaction (a savepoint inside it): every write here commits with the status change or not at all. */
  db: Db;
  now: Date;
  requestId: number;
  makerId: number | null;
  checkerId: number;
};

/** Work that must wait until the approval has committed (sending credentials). */
export type AfterCommit = () => Promise<void>;

/**
 * What approving (or rejecting) one type of request does. `execute` applies the stored payload
 * or throws ExecutionDenied; `rejected` and `closed` let the subject follow the outcome (a
 * registration shows "rejected" with the reason).
 */
export type Executor<T> = {
  schema: z.ZodType<T>;
  execute: (env: ExecutionEnv, payload: T) => Promise<AfterCommit[]>;
  rejected?: (env: ExecutionEnv, payload: T, reason: string) => Promise<void>;
  /** Withdrawn by the maker: the subject goes back to where it was before the request. */
  withdrawn?: (db: Db, payload: T) => Promise<void>;
  /** Upload ids the checker should see beside the payload. */
  documents?: (payload: T) => number[];
};
