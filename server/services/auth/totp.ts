import { generateSecret, generateURI, verify } from 'otplib';

const ISSUER = 'Sadaka';

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(secret: string, account: string): string {
  return generateURI({ issuer: ISSUER, label: account, secret });
}

/** Checks a code against the injected clock, allowing one 30-second step either way for phone clock drift. */
export async function checkTotp(secret: string, token: string, now: Date): Promise<boolean> {
  try {
    const result = await verify({ secret, token, epoch: Math.floor(now.getTime() / 1000), epochTolerance: 30 });
    return result.valid;
  } catch {
    return false;
  }
}
