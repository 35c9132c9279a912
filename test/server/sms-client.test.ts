import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AfricasTalkingError, createAfricasTalkingClient } from '../../server/providers/sms/africas-talking-client';
import { type AfricasTalkingSimulator, startAfricasTalkingSimulator } from '../../server/providers/sms/africas-talking-simulator';

/** The real client against the simulator over loopback HTTP; no database needed. */
describe("Africa's Talking client and simulator", () => {
  let sim: AfricasTalkingSimulator;
  let receiver: Server;
  let received: Array<Record<string, string>>;
  const creds = { username: 'sandbox', apiKey: 'test-key' };

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        received.push({ ...Object.fromEntries(new URLSearchParams(body)), contentType: req.headers['content-type'] ?? '', url: req.url ?? '' });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const port = (receiver.address() as AddressInfo).port;
    sim = await startAfricasTalkingSimulator({ ...creds, deliveryDelayMs: 5, deliveryReportUrl: `http://127.0.0.1:${port}/dlr?token=t` });
  });
  beforeEach(() => {
    received = [];
    sim.reset();
  });
  afterAll(async () => {
    await sim.close();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  const client = () => createAfricasTalkingClient({ baseUrl: sim.baseUrl, ...creds });

  it('sends, answers 201 with AT recipients, fills the inbox and posts a form-encoded delivery report', async () => {
    const result = await client().send({ to: ['+255712345678'], message: 'Code 123456', from: 'SADAKA' });
    expect(result.message).toBe('Sent to 1/1 Total Cost: TZS 20.0000');
    const [recipient] = result.recipients;
    expect(recipient).toMatchObject({ statusCode: 101, number: '+255712345678', status: 'Success', cost: 'TZS 20.0000' });
    expect(recipient?.messageId).toMatch(/^ATXid_/);
    expect(sim.inbox('+255712345678')[0]).toMatchObject({ message: 'Code 123456', from: 'SADAKA' });

    await sim.settle();
    expect(received).toEqual([
      expect.objectContaining({ id: recipient?.messageId, status: 'Success', phoneNumber: '+255712345678', networkCode: '64002', contentType: 'application/x-www-form-urlencoded', url: '/dlr?token=t' }),
    ]);
  });

  it('keeps the inbox newest first and serves it as JSON and HTML', async () => {
    await client().send({ to: ['+255754000001'], message: 'first <b>' });
    await client().send({ to: ['+255754000001'], message: 'second' });
    const json = (await (await fetch(`${sim.baseUrl}/inbox.json?phone=${encodeURIComponent('+255754000001')}`)).json()) as Array<{ message: string }>;
    expect(json.map((m) => m.message)).toEqual(['second', 'first <b>']);
    const html = await (await fetch(`${sim.baseUrl}/inbox`)).text();
    expect(html).toContain('http-equiv="refresh"');
    expect(html).toContain('first &lt;b&gt;');
    expect(html.indexOf('>second<')).toBeGreaterThan(0);
    expect(html.indexOf('>second<')).toBeLessThan(html.indexOf('>first &lt;b&gt;<'));
  });

  it('answers an invalid number per recipient with 403 InvalidPhoneNumber, like AT', async () => {
    const result = await client().send({ to: ['+2557123', '+255612345678'], message: 'hi' });
    expect(result.recipients.map((r) => [r.statusCode, r.status])).toEqual([
      [403, 'InvalidPhoneNumber'],
      [101, 'Success'],
    ]);
    expect(result.recipients[0]?.messageId).toBe('None');
  });

  it('refuses a wrong apiKey or username with a typed auth error that is not retryable', async () => {
    const wrongKey = createAfricasTalkingClient({ baseUrl: sim.baseUrl, username: 'sandbox', apiKey: 'nope' });
    const error = await wrongKey.send({ to: ['+255712345678'], message: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AfricasTalkingError);
    expect(error).toMatchObject({ kind: 'auth', httpStatus: 401, retryable: false });
    const wrongUser = createAfricasTalkingClient({ baseUrl: sim.baseUrl, username: 'other', apiKey: 'test-key' });
    await expect(wrongUser.balance()).rejects.toMatchObject({ kind: 'auth' });
    expect(sim.inbox('+255712345678')).toEqual([]);
  });

  it('reads the balance', async () => {
    await expect(client().balance()).resolves.toBe('TZS 100000.0000');
  });

  it('turns scripted failures into retryable typed errors or recipient codes', async () => {
    sim.script('+255712345678', 'serverError');
    sim.script('+255712345678', 'networkError');
    sim.script('+255712345678', 'insufficientBalance');
    await expect(client().send({ to: ['+255712345678'], message: 'x' })).rejects.toMatchObject({ kind: 'server', retryable: true });
    await expect(client().send({ to: ['+255712345678'], message: 'x' })).rejects.toMatchObject({ kind: 'network', retryable: true });
    const result = await client().send({ to: ['+255712345678'], message: 'x' });
    expect(result.recipients[0]).toMatchObject({ statusCode: 405, status: 'InsufficientBalance' });
  });

  it('scripts failed and duplicate delivery reports', async () => {
    sim.script('+255712345678', 'deliveryFailed');
    sim.script('+255712345678', 'duplicateDeliveryReport');
    await client().send({ to: ['+255712345678'], message: 'a' });
    await client().send({ to: ['+255712345678'], message: 'b' });
    await sim.settle();
    expect(received.map((r) => [r.status, r.failureReason])).toEqual(
      expect.arrayContaining([
        ['Failed', 'DeliveryFailure'],
        ['Success', undefined],
        ['Success', undefined],
      ]),
    );
    expect(received).toHaveLength(3);
  });

  it('times out with a typed error when the provider never answers', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    const slow = createAfricasTalkingClient({ baseUrl: `http://127.0.0.1:${port}`, ...creds, timeoutMs: 100 });
    await expect(slow.send({ to: ['+255712345678'], message: 'x' })).rejects.toMatchObject({ kind: 'timeout', retryable: true });
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });
});
