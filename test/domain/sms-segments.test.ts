import { describe, expect, it } from 'vitest';
import { countSegments, smsEncoding } from '../../domain/sms-segments';

describe('SMS segment counting (GSM-7 160/153, UCS-2 70/67)', () => {
  it.each([
    ['', 'gsm7', 0, 0],
    ['a'.repeat(160), 'gsm7', 160, 1],
    ['a'.repeat(161), 'gsm7', 161, 2],
    ['a'.repeat(306), 'gsm7', 306, 2],
    ['a'.repeat(307), 'gsm7', 307, 3],
    // Extension characters take two septets: 80 euro signs fill one part exactly, 81 need two.
    ['€'.repeat(80), 'gsm7', 160, 1],
    ['€'.repeat(81), 'gsm7', 162, 2],
    ['[]{}', 'gsm7', 8, 1],
    ['ß'.repeat(70), 'gsm7', 70, 1],
    ['Bwana asifiwe! Ahadi yako ni TZS 50,000.', 'gsm7', 40, 1],
    ['ç'.repeat(70), 'ucs2', 70, 1],
    ['ç'.repeat(71), 'ucs2', 71, 2],
    ['ç'.repeat(134), 'ucs2', 134, 2],
    ['ç'.repeat(135), 'ucs2', 135, 3],
    // A curly quote or an emoji turns a Swahili text into UCS-2.
    ['Asante kwa “sadaka”', 'ucs2', 19, 1],
    ['Asante 🙏', 'ucs2', 9, 1],
  ] as const)('%j → %s, %i units, %i parts', (text, encoding, units, segments) => {
    const count = countSegments(text);
    expect(count).toMatchObject({ encoding, units, segments });
  });

  it('never splits an escape pair across parts: 152 letters then a euro sign start a second part at the euro', () => {
    const count = countSegments(`${'a'.repeat(152)}€${'a'.repeat(7)}`);
    // 161 septets: two parts, the second holding the euro (2) and 7 letters.
    expect(count).toMatchObject({ units: 161, segments: 2, remaining: 153 - 9 });
  });

  it('never splits an emoji across parts', () => {
    const count = countSegments(`${'ç'.repeat(66)}🙏${'ç'.repeat(4)}`);
    expect(count).toMatchObject({ encoding: 'ucs2', units: 72, segments: 2, remaining: 67 - 6 });
  });

  it('counts characters as people do (an emoji is one)', () => {
    expect(countSegments('🙏🙏').characters).toBe(2);
    expect(smsEncoding('Karibu')).toBe('gsm7');
  });
});
