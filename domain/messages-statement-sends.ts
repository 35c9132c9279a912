import type { Descriptor } from './messages-descriptor';

/** Sending year statements by SMS link or email, and the public link's page (ADR 064). Keys prefixed `ss`. */
export const statementSendMessages = {
  ssSms: /*i18n*/ { id: 'statements.send.sms', message: '{church}: your giving statement for {year} is ready. Open it by {until}: {link}' },
  ssMailSubject: /*i18n*/ { id: 'statements.send.mailSubject', message: '{church}: your giving statement for {year}' },
  ssMailBody: /*i18n*/ {
    id: 'statements.send.mailBody',
    message: 'Dear {name},\n\nYour giving statement for {year} from {church} is ready. Open it with this link, which works until {until}:\n{link}\n\nThank you for your faithful giving.',
  },
  ssRunning: /*i18n*/ { id: 'statements.send.running', message: 'These statements are already being sent. Wait until that send has finished.' },
  ssNobody: /*i18n*/ { id: 'statements.send.nobody', message: 'No member gave in {year}, so there is no statement to send.' },
  ssLinkTitle: /*i18n*/ { id: 'statements.link.title', message: 'Giving statement' },
  ssLinkUnknown: /*i18n*/ { id: 'statements.link.unknown', message: 'This link is not valid. Ask your church or mosque to send your statement again.' },
  ssLinkExpired: /*i18n*/ { id: 'statements.link.expired', message: 'This link has expired. Ask your church or mosque to send your statement again.' },
  ssLinkRevoked: /*i18n*/ { id: 'statements.link.revoked', message: 'This link was withdrawn. Ask your church or mosque to send your statement again.' },
  ssLinkTooMany: /*i18n*/ { id: 'statements.link.tooMany', message: 'Too many attempts from this network. Try again in a few minutes.' },
} satisfies Record<string, Descriptor>;
