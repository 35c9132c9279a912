import { describe, expect, it } from 'vitest';
import { DATE_RANGES, IDEMPOTENCY_HEADER as CONTRACT_HEADER, TRANSACTION_STATUS_FILTERS, paymentApiPaths } from '../../domain/api/payments';
import { DATE_RANGE_OPTIONS, IDEMPOTENCY_HEADER, STATUS_FILTERS, paymentPaths } from '../../src/features/payments/contract';
import { bankTransferPaths } from '../../domain/api/bank-transfers';
import { pendingTransfersPath } from '../../src/features/payments/bank-transfers-api';

// The staff screens repeat a few values of domain/api/payments.ts instead of importing its module
// (zod and libphonenumber would join every route chunk): these tests keep them equal.
describe('staff payment screens against the payments contract', () => {
  it('call the same paths', () => {
    const id = '0190a1b2-c3d4-4e5f-8a6b-7c8d9e0f1a2b';
    for (const key of Object.keys(paymentPaths) as Array<keyof typeof paymentPaths>) {
      const ours = paymentPaths[key];
      const theirs = paymentApiPaths[key];
      if (typeof ours === 'function') expect((ours as (value: never) => string)(key === 'institutionById' ? (7 as never) : (id as never)), key).toBe((theirs as (value: never) => string)(key === 'institutionById' ? (7 as never) : (id as never)));
      else expect(ours, key).toBe(theirs);
    }
    expect(IDEMPOTENCY_HEADER).toBe(CONTRACT_HEADER);
    expect(pendingTransfersPath).toBe(bankTransferPaths.pending);
  });

  it('offer exactly the status filters and date ranges the server takes', () => {
    expect([...STATUS_FILTERS]).toEqual([...TRANSACTION_STATUS_FILTERS]);
    expect([...DATE_RANGE_OPTIONS]).toEqual([...DATE_RANGES]);
  });
});
