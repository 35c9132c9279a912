/**
 * Messages the server (and shared validation) shows to people. Each is a Lingui descriptor with a
 * stable id; the `/*i18n*\/` mark lets `lingui extract` collect them into the catalogs without a
 * macro, so the server can run them through the same sw/en catalogs as the PWA.
 */
import { adminFieldLabels, adminMessages } from './messages-admin';
import { coreMessages } from './messages-core';
import { exportMessages } from './messages-exports';
import { givingPledgeMessages } from './messages-giving-pledges';
import { backOfficeFieldLabels, backOfficeMessages } from './messages-back-office';
import type { Descriptor } from './messages-descriptor';
import { memberFieldLabels, memberMessages } from './messages-members';
import { paymentFieldLabels, paymentMessages } from './messages-payments';
import { pledgeMessages } from './messages-pledges';
import { smsTopUpMessages } from './messages-sms-topups';
import { receiptFieldLabels, receiptMessages } from './messages-receipts';
import { statsMessages } from './messages-stats';
import { statementSendMessages } from './messages-statement-sends';

/** Core messages plus each area's own file (one file per area, so areas never edit the same list). */
export const messages = { ...coreMessages, ...receiptMessages, ...paymentMessages, ...backOfficeMessages, ...adminMessages, ...statsMessages, ...memberMessages, ...pledgeMessages, ...givingPledgeMessages, ...smsTopUpMessages, ...exportMessages, ...statementSendMessages };

export type MessageKey = keyof typeof messages;
export type MessageId = (typeof messages)[MessageKey]['id'];

/** Field names used in validation messages ("<field> can not be empty"). */
const coreFieldLabels = {
  username: /*i18n*/ { id: 'field.username', message: 'Email or username' },
  password: /*i18n*/ { id: 'field.password', message: 'Password' },
  newPassword: /*i18n*/ { id: 'field.newPassword', message: 'New password' },
  currentPassword: /*i18n*/ { id: 'field.currentPassword', message: 'Current password' },
  confirmPassword: /*i18n*/ { id: 'field.confirmPassword', message: 'Confirm new password' },
  otp: /*i18n*/ { id: 'field.otp', message: 'Code' },
  value: /*i18n*/ { id: 'field.search', message: 'Search' },
  religionId: /*i18n*/ { id: 'field.religion', message: 'Religion' },
  phone: /*i18n*/ { id: 'field.phone', message: 'Phone number' },
  email: /*i18n*/ { id: 'field.email', message: 'Email' },
  name: /*i18n*/ { id: 'field.name', message: 'Name' },
  code: /*i18n*/ { id: 'field.code', message: 'Code' },
  channel: /*i18n*/ { id: 'field.channel', message: 'Channel' },
} satisfies Record<string, Descriptor>;

export const fieldLabels = { ...coreFieldLabels, ...receiptFieldLabels, ...paymentFieldLabels, ...backOfficeFieldLabels, ...adminFieldLabels, ...memberFieldLabels };
