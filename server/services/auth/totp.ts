import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';

const ISSUER = 'Sadaka';

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(secret: string, account: string): string {
  return generateURI({ issuer: ISSUER, label: account, secret });
}

/**
 * Checks a code against the injected clock, allowing one 30-second step either way for phone clock
 * drift, and spends it: the accepted time step is claimed in the same UPDATE that checks it is newer
 * than the last one, so a code seen over someone's shoulder (or replayed twice at once) fails.
 */
export async function consumeTotp(db: Db, userId: number, secret: string, token: string, now: Date): Promise<boolean> {
  const [row] = await db.select({ lastStep: users.totpLastStep }).from(users).where(eq(users.id, userId));
  const lastStep = row?.lastStep ?? null;
  let timeStep: number;
  try {
    const result = await verify({
      secret,
      token,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: 30,
      ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
    });
    if (!result.valid || !('timeStep' in result)) return false;
    timeStep = result.timeStep;
  } catch {
    return false;
  }
  const claimed = await db
    .update(users)
    .set({ totpLastStep: timeStep })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, timeStep))))
    .returning({ id: users.id });
  return claimed.length === 1;
}
