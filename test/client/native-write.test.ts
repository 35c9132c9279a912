import { liveQuery } from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../src/lib/db';
import { writeNatively } from '../../src/lib/offline/native-write';
import { newOutboxEntry } from '../../src/lib/offline/outbox-entries';
import { freshDevice, INSTITUTION, TREASURER } from './outbox-helpers';

beforeEach(freshDevice);

const batchPayload = (id: string) => ({ id, institutionId: INSTITUTION.id, name: 'Ibada ya kwanza', serviceDate: '2026-11-15', currency: 'TZS' });

describe('writeNatively', () => {
  it('commits every queued write together and resolves only once they are stored', async () => {
    const result = await writeNatively(db, ['meta', 'outbox'], async (write) => {
      write.put('meta', { key: 'probe', value: 1 });
      write.add('outbox', newOutboxEntry('batch', batchPayload('b-1'), TREASURER.id));
      return 'done';
    });
    expect(result).toBe('done');
    expect(await db.meta.get('probe')).toEqual({ key: 'probe', value: 1 });
    expect(await db.outbox.where('id').equals('b-1').count()).toBe(1);
  });

  it('stores nothing when one request fails after others were queued, and rejects with the reason', async () => {
    await db.outbox.add(newOutboxEntry('batch', batchPayload('taken'), TREASURER.id));
    const failed = writeNatively(db, ['meta', 'outbox'], async (write) => {
      write.put('meta', { key: 'probe', value: 2 });
      // The outbox's client id is unique: this one is refused by IndexedDB, not by our code.
      write.add('outbox', newOutboxEntry('batch', batchPayload('taken'), TREASURER.id));
    });
    await expect(failed).rejects.toMatchObject({ name: 'ConstraintError' });
    expect(await db.meta.get('probe')).toBeUndefined();
    expect(await db.outbox.count()).toBe(1);
  });

  it('stores nothing when the body throws, and passes its error on', async () => {
    const refused = new Error('closed batch');
    const failed = writeNatively(db, ['meta'], async (write) => {
      const before = await write.get<{ value: number }>('meta', 'probe');
      write.put('meta', { key: 'probe', value: (before?.value ?? 0) + 1 });
      throw refused;
    });
    await expect(failed).rejects.toBe(refused);
    expect(await db.meta.get('probe')).toBeUndefined();
  });

  it('tells Dexie live queries about the write afterwards, as if Dexie had made it', async () => {
    const seen: number[] = [];
    const subscription = liveQuery(() => db.outbox.count()).subscribe((count) => seen.push(count));
    try {
      // The first answer (an empty outbox) may come more than once; the write must bring a 1.
      await expect.poll(() => seen.at(-1)).toBe(0);
      await writeNatively(db, ['outbox'], async (write) => write.add('outbox', newOutboxEntry('batch', batchPayload('b-2'), TREASURER.id)));
      await expect.poll(() => seen.at(-1)).toBe(1);
    } finally {
      subscription.unsubscribe();
    }
  });
});
