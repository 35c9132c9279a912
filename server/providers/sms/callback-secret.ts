import { createHmac, timingSafeEqual } from 'node:crypto';
import { API_BASE } from '../../../domain/paths';
import type { Config } from '../../config';

export const SMS_DELIVERY_PATH = `${API_BASE}/callbacks/sms/delivery`;

/**
 * Africa's Talking signs nothing, so the delivery-report URL registered with it carries a secret
 * token. It is derived from the API key (HMAC with a fixed label) so no new setting is needed and
 * it changes when the key is rotated; whoever can read the API key can already send our SMS.
 */
export function smsCallbackToken(config: Pick<Config, 'sms'>): string {
  return createHmac('sha256', config.sms.apiKey).update('sadaka:sms-delivery-callback:v1').digest('base64url');
}

export function isValidSmsCallbackToken(config: Pick<Config, 'sms'>, candidate: unknown): boolean {
  if (typeof candidate !== 'string') return false;
  const expected = Buffer.from(smsCallbackToken(config));
  const given = Buffer.from(candidate);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The URL to register in Africa's Talking's dashboard (and that the simulator posts to). */
export function smsDeliveryReportUrl(config: Pick<Config, 'sms'>, appBaseUrl: string): string {
  return `${appBaseUrl.replace(/\/+$/, '')}${SMS_DELIVERY_PATH}?token=${smsCallbackToken(config)}`;
}
