import { z } from 'zod';

/**
 * HTTP client for Africa's Talking's SMS API (the same code talks to the simulator in tests and in
 * the default start). Message bodies carry one-time codes, so nothing here logs them, and errors
 * never include the request body.
 */

export type AtRecipient = { statusCode: number; number: string; status: string; cost: string; messageId: string };
export type AtSendResult = { message: string; recipients: AtRecipient[] };

/** Why a call failed; `retryable` tells the job whether trying again later can help. */
export type AtErrorKind = 'auth' | 'rejected' | 'server' | 'timeout' | 'network' | 'protocol';

export class AfricasTalkingError extends Error {
  constructor(
    readonly kind: AtErrorKind,
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'AfricasTalkingError';
  }

  get retryable(): boolean {
    return this.kind === 'server' || this.kind === 'timeout' || this.kind === 'network';
  }
}

/** AT recipient codes meaning the message was accepted (100 Processed, 101 Sent, 102 Queued). */
export const AT_ACCEPTED_CODES: readonly number[] = [100, 101, 102];

const SendResponse = z.object({
  SMSMessageData: z.object({
    Message: z.string(),
    Recipients: z.array(
      z.object({
        statusCode: z.number().int(),
        number: z.string(),
        status: z.string(),
        cost: z.string(),
        messageId: z.string(),
      }),
    ),
  }),
});

const UserResponse = z.object({ UserData: z.object({ balance: z.string() }) });

export type AfricasTalkingClient = {
  send(input: { to: string[]; message: string; from?: string | undefined }): Promise<AtSendResult>;
  balance(): Promise<string>;
};

export function createAfricasTalkingClient(options: {
  baseUrl: string;
  username: string;
  apiKey: string;
  timeoutMs?: number;
}): AfricasTalkingClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function call(url: string, init: RequestInit): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(url, {
        ...init,
        headers: { apiKey: options.apiKey, Accept: 'application/json', ...init.headers },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new AfricasTalkingError('timeout', `Africa's Talking did not answer within ${timeoutMs} ms`);
      throw new AfricasTalkingError('network', `Africa's Talking could not be reached: ${(error as Error).message}`);
    }
    const text = await response.text().catch(() => '');
    if (response.status === 401 || response.status === 403) {
      throw new AfricasTalkingError('auth', `Africa's Talking refused the credentials (${response.status})`, response.status);
    }
    if (response.status >= 500) throw new AfricasTalkingError('server', `Africa's Talking failed (${response.status})`, response.status);
    if (response.status >= 400) {
      // AT answers 4xx with a short plain-text reason ("Invalid sender id" …); it never echoes the body.
      throw new AfricasTalkingError('rejected', `Africa's Talking rejected the request (${response.status}): ${text.slice(0, 200)}`, response.status);
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new AfricasTalkingError('protocol', `Africa's Talking answered ${response.status} with a body that is not JSON`, response.status);
    }
  }

  return {
    async send({ to, message, from }) {
      const form = new URLSearchParams({ username: options.username, to: to.join(','), message });
      if (from) form.set('from', from);
      const body = await call(`${base}/version1/messaging`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
      const parsed = SendResponse.safeParse(body);
      if (!parsed.success) throw new AfricasTalkingError('protocol', "Africa's Talking answered with an unexpected shape");
      return { message: parsed.data.SMSMessageData.Message, recipients: parsed.data.SMSMessageData.Recipients };
    },
    async balance() {
      const body = await call(`${base}/version1/user?${new URLSearchParams({ username: options.username })}`, { method: 'GET' });
      const parsed = UserResponse.safeParse(body);
      if (!parsed.success) throw new AfricasTalkingError('protocol', "Africa's Talking answered with an unexpected shape");
      return parsed.data.UserData.balance;
    },
  };
}
