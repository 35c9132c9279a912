import type { Descriptor } from '../../../domain/messages-descriptor';

/**
 * Thrown by an executor when the stored payload can no longer be applied (a username or account
 * number taken since the request was made). The request ends `denied` with this reason; the
 * executor's partial writes are rolled back to the savepoint.
 */
export class ExecutionDenied extends Error {
  constructor(readonly descriptor: Descriptor) {
    super(descriptor.message);
    this.name = 'ExecutionDenied';
  }
}
