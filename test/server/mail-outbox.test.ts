import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { createSmtpTransport } from '../../server/providers/mail/smtp-transport';
import { createMailService } from '../../server/services/mail/mail-service';
import { createTestApp, type TestApp } from './harness';

describe('mail: local outbox and SMTP', () => {
  let t: TestApp;
  let smtp: SMTPServer;
  let smtpPort: number;
  const delivered: Array<{ from: string; to: string[]; raw: string }> = [];

  beforeAll(async () => {
    t = await createTestApp();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
        stream.on('end', () => {
          delivered.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpPort = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
    await t?.close();
  });

  it('records mail in the outbox by default and lists it newest first', async () => {
    expect(t.providers.mailTransport).toBe('outbox');
    const first = await t.ctx.mail.send({ to: 'pastor@example.org', subject: 'Welcome', text: 'Your username is pastor' });
    const second = await t.ctx.mail.send({ to: 'imam@example.org', subject: 'Reset', text: 'Open https://x/reset?t=abc' });
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/mail-outbox' });
    expect(res.statusCode).toBe(200);
    const { mails } = res.json() as { mails: Array<{ id: number; to: string; transport: string; sentAt: string | null; error: string | null }> };
    expect(mails.map((m) => m.id).slice(0, 2)).toEqual([second.id, first.id]);
    expect(mails[0]).toMatchObject({ to: 'imam@example.org', subject: 'Reset', text: 'Open https://x/reset?t=abc', transport: 'outbox', error: null });
    expect(mails[0]?.sentAt).not.toBeNull();
    const filtered = await t.app.inject({ method: 'GET', url: '/api/dev/mail-outbox?to=PASTOR@example.org' });
    expect(filtered.json().mails).toHaveLength(1);
    expect((await t.mailOutbox('pastor@example.org'))[0]?.subject).toBe('Welcome');
  });

  it('shows the outbox only to callers on this machine, whatever X-Forwarded-For claims', async () => {
    const remote = await t.app.inject({ method: 'GET', url: '/api/dev/mail-outbox', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(404);
    const spoofed = await t.app.inject({
      method: 'GET',
      url: '/api/dev/mail-outbox',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(spoofed.statusCode).toBe(404);
  });

  it('sends over SMTP with nodemailer and still records the row', async () => {
    const transport = createSmtpTransport(`smtp://127.0.0.1:${smtpPort}`);
    const mailer = createMailService({ raw: t.database.raw, transport, from: 'Sadaka <no-reply@sadaka.example>', now: t.ctx.now, log: { error: () => undefined } });
    const { id } = await mailer.send({ to: 'treasurer@example.org', subject: 'Approved', text: 'Your account was approved.' });
    transport.close();
    expect(delivered.at(-1)).toMatchObject({ from: 'no-reply@sadaka.example', to: ['treasurer@example.org'] });
    expect(delivered.at(-1)?.raw).toContain('Subject: Approved');
    const [row] = (await t.mailOutbox('treasurer@example.org')).filter((m) => m.id === id);
    expect(row).toMatchObject({ transport: 'smtp', error: null });
    expect(row?.sentAt).not.toBeNull();
  });

  it('records an SMTP failure on the row instead of failing the caller', async () => {
    const transport = createSmtpTransport('smtp://127.0.0.1:1');
    const mailer = createMailService({ raw: t.database.raw, transport, from: 'no-reply@sadaka.example', now: t.ctx.now, log: { error: () => undefined } });
    const { id } = await mailer.send({ to: 'nobody@example.org', subject: 'Lost', text: 'x' });
    transport.close();
    const [row] = (await t.mailOutbox('nobody@example.org')).filter((m) => m.id === id);
    expect(row).toMatchObject({ transport: 'smtp', sentAt: null });
    expect(row?.error).toMatch(/ECONNREFUSED|connect/i);
  });

  it('does not register the public outbox route when SMTP is configured', async () => {
    const config = { ...t.ctx.config, mail: { ...t.ctx.config.mail, smtpUrl: `smtp://127.0.0.1:${smtpPort}` } };
    const app = await buildApp({ ctx: { ...t.ctx, config } });
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/api/dev/mail-outbox' });
    expect(res.statusCode).toBe(404);
    await app.close();
  });
});
