import type * as PhoneModule from '../../../domain/phone';

/** domain/phone.ts: E.164 checks and conversion, search words of a number (libphonenumber). */
export type PhoneRules = typeof PhoneModule;

let loading: Promise<PhoneRules> | null = null;
let loaded: PhoneRules | null = null;

/**
 * The phone rules, fetched once on first use. libphonenumber's metadata (~29 KiB gzip) is larger
 * than a desk page's own code, and most saves never meet a phone (a member's envelope), so it is
 * not part of any page's chunk: a walk-in giver, a member registration, a cache refresh or a sync
 * answer about a member waits for it (from the service worker's precache when offline).
 * docs/decisions/013-desk-bundle.md.
 */
export function loadPhoneRules(): Promise<PhoneRules> {
  loading ??= import('../../../domain/phone').then(
    (rules) => (loaded = rules),
    (error: unknown) => {
      loading = null; // a dropped download may be tried again
      throw error;
    },
  );
  return loading;
}

/** The rules if they have arrived, else null: lets a form check synchronously when it can. */
export function phoneRulesIfLoaded(): PhoneRules | null {
  return loaded;
}
