import { prefixWeights } from './names';
import type { Random } from './prng';

/** An E.164 Tanzanian mobile number on a real network prefix. */
export function randomPhone(random: Random): string {
  const [prefix] = random.weighted(prefixWeights);
  return `+255${prefix}${random.digits(7)}`;
}

/** Hands out numbers never given before, so a phone identifies one person across the demo. */
export function createPhoneBook(random: Random) {
  const used = new Set<string>();
  return {
    next(): string {
      for (;;) {
        const phone = randomPhone(random);
        if (!used.has(phone)) {
          used.add(phone);
          return phone;
        }
      }
    },
    reserve(phone: string) {
      used.add(phone);
    },
  };
}
