import nodemailer from 'nodemailer';

export type MailTransport = {
  name: 'smtp' | 'outbox';
  /** Delivers one message; resolves when the server accepted it, rejects with its reason. */
  deliver(message: { from: string; to: string; subject: string; text: string }): Promise<void>;
  close(): void;
};

/** nodemailer over SMTP (smtp://user:pass@host:port or smtps://…), with bounded timeouts. */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    name: 'smtp',
    async deliver(message) {
      await transporter.sendMail(message);
    },
    close: () => transporter.close(),
  };
}

/** The default: the row in mail_outbox is the delivery; a local page reads it. */
export function createOutboxTransport(): MailTransport {
  return { name: 'outbox', deliver: async () => undefined, close: () => undefined };
}
