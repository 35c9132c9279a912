/**
 * Where links sent to people (password reset, credentials) point. Only configuration decides:
 * PUBLIC_URL, or in the demo the address this process listens on. Never the request's Host or
 * X-Forwarded-* headers: a forged Host once put an attacker's domain in a reset mail.
 */
export type PublicLinks = {
  /** The base URL without a trailing slash. */
  base(): string;
  /** Called once after listen(); ignored when PUBLIC_URL is configured. */
  attach(listenUrl: string): void;
};

export function createPublicLinks(publicUrl: string | undefined, fallback: string): PublicLinks {
  let listening = fallback;
  return {
    base: () => (publicUrl ?? listening).replace(/\/+$/, ''),
    attach(listenUrl) {
      listening = listenUrl;
    },
  };
}
