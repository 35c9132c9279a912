/** Crockford base32: no I, L, O or U, so a prefix read aloud or copied by hand cannot be misread. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const PREFIX_LENGTH = 5;
/** The meta row that holds the device identity. */
export const DEVICE_KEY = 'device';

/** Made once per device (per IndexedDB), kept across sign-outs so a number is never issued twice. */
export type DeviceIdentity = { prefix: string; receiptSeq: number };

export function randomDevicePrefix(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(PREFIX_LENGTH));
  return Array.from(bytes, (byte) => CROCKFORD[byte % 32]).join('');
}

/** Institution codes become the first part of a receipt number: upper case letters and digits only. */
export function receiptCodePart(institutionCode: string): string {
  const cleaned = institutionCode.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 20);
  return cleaned || 'R';
}

export function formatReceiptNo(institutionCode: string, prefix: string, seq: number): string {
  return `${receiptCodePart(institutionCode)}-${prefix}-${String(seq).padStart(6, '0')}`;
}

/**
 * The next receipt number of this device, from its identity as read INSIDE the transaction that
 * writes the receipt; the caller writes `next` back in that same transaction. The counter and the
 * receipt commit together, so a crash can neither reuse nor skip-and-lose a number (a rolled-back
 * transaction rolls the counter back with it). Pure, so the read and the writes can each go out
 * as one batch of requests.
 */
export function nextReceiptNo(institutionCode: string, current: DeviceIdentity | undefined): { receiptNo: string; next: DeviceIdentity } {
  const base = current ?? { prefix: randomDevicePrefix(), receiptSeq: 0 };
  const next = { prefix: base.prefix, receiptSeq: base.receiptSeq + 1 };
  return { receiptNo: formatReceiptNo(institutionCode, next.prefix, next.receiptSeq), next };
}
