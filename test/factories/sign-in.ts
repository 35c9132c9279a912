import type { FastifyInstance } from 'fastify';

type Credentials = { username: string; password: string };

/** Signs in through the real endpoint and returns the bearer headers for later calls. */
export async function signIn(app: FastifyInstance, user: Credentials, extra: { otp?: string; remember?: boolean; ip?: string } = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: extra.ip ?? '127.0.0.1',
    payload: { username: user.username, password: user.password, otp: extra.otp, remember: extra.remember },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${user.username} failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { token: string; profile: { id: number } };
  return { token: body.token, profile: body.profile, headers: { authorization: `Bearer ${body.token}` } };
}
