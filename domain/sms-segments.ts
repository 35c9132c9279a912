/**
 * How many SMS parts a text costs, as networks count them (3GPP TS 23.038 / 23.040):
 * - GSM-7 when every character is in the default alphabet or its extension table: 160 septets in one
 *   part, 153 per part when split (the other 7 carry the concatenation header). Extension characters
 *   ( ^ { } \ [ ~ ] | € and form feed) take two septets (escape + char) and never straddle two parts.
 * - Otherwise UCS-2: 70 UTF-16 units in one part, 67 per part when split; a character outside the
 *   basic plane (an emoji) takes two units and is never split either.
 * A Swahili text with a curly quote or an emoji therefore becomes UCS-2 and costs more parts.
 */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '\f^{}\\[~]|€';
const basic = new Set(GSM_BASIC);
const extension = new Set(GSM_EXTENSION);

export type SmsEncoding = 'gsm7' | 'ucs2';
export const SMS_LIMITS = { gsm7: { single: 160, part: 153 }, ucs2: { single: 70, part: 67 } } as const;

export type SegmentCount = {
  encoding: SmsEncoding;
  /** Characters as a person counts them (code points). */
  characters: number;
  /** Septets (GSM-7) or UTF-16 units (UCS-2) the text takes. */
  units: number;
  segments: number;
  /** Units one part holds at this length (160/153 or 70/67). */
  perSegment: number;
  /** Units still free in the last part before another part is needed. */
  remaining: number;
};

export function smsEncoding(text: string): SmsEncoding {
  for (const char of text) if (!basic.has(char) && !extension.has(char)) return 'ucs2';
  return 'gsm7';
}

/** Each character's cost in units, in order: 1 or 2 septets, or 1 or 2 UTF-16 units. */
function unitCosts(text: string, encoding: SmsEncoding): number[] {
  return Array.from(text, (char) => (encoding === 'gsm7' ? (extension.has(char) ? 2 : 1) : char.length));
}

export function countSegments(text: string): SegmentCount {
  const encoding = smsEncoding(text);
  const costs = unitCosts(text, encoding);
  const units = costs.reduce((sum, cost) => sum + cost, 0);
  const { single, part } = SMS_LIMITS[encoding];
  if (units <= single) return { encoding, characters: costs.length, units, segments: units === 0 ? 0 : 1, perSegment: single, remaining: single - units };
  // Fill parts greedily; a two-unit character that does not fit starts the next part.
  let segments = 1;
  let used = 0;
  for (const cost of costs) {
    if (used + cost > part) {
      segments += 1;
      used = 0;
    }
    used += cost;
  }
  return { encoding, characters: costs.length, units, segments, perSegment: part, remaining: part - used };
}
