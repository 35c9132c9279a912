import type { Descriptor } from './messages-descriptor';

/** Pledges, reminders and the SMS module (issue 14). Keys are prefixed by area so the merged `messages` never collides. */
export const pledgeMessages = {
  pledgeMemberUnknown: /*i18n*/ { id: 'pledge.memberUnknown', message: 'This member was not found among the members you manage' },
  pledgeOfferingTypeUnknown: /*i18n*/ { id: 'pledge.offeringTypeUnknown', message: 'This offering type does not belong to the member\'s church or mosque' },
  pledgeCampaignUnknown: /*i18n*/ { id: 'pledge.campaignUnknown', message: 'This campaign does not belong to the member\'s church or mosque' },
  pledgeCampaignExists: /*i18n*/ { id: 'pledge.campaignExists', message: 'A campaign with this name already exists' },
  fieldRequiredInstitution: /*i18n*/ { id: 'pledge.institutionRequired', message: 'Choose the church or mosque' },
  pledgeFulfilledNoReminder: /*i18n*/ { id: 'pledge.fulfilledNoReminder', message: 'This pledge is paid in full: no reminder is sent' },
  pledgeReminderSms: /*i18n*/ {
    id: 'pledge.reminderSms',
    message: '{church}: Dear {name}, your pledge of {amount} is due on {dueDate}. Remaining: {remaining}. Thank you.',
  },
  pledgeOverdueSms: /*i18n*/ {
    id: 'pledge.overdueSms',
    message: '{church}: Dear {name}, your pledge of {amount} was due on {dueDate}. Remaining: {remaining}. Thank you for completing it.',
  },
  smsZoneUnknown: /*i18n*/ { id: 'sms.zoneUnknown', message: 'This zone does not belong to the church or mosque sending the SMS' },
  smsNoRecipients: /*i18n*/ { id: 'sms.noRecipients', message: 'Nobody matches these recipients: no SMS was sent' },
  smsScheduleInPast: /*i18n*/ { id: 'sms.scheduleInPast', message: 'Choose a time in the future to schedule the SMS' },
  smsInstitutionRequired: /*i18n*/ { id: 'sms.institutionRequired', message: 'Choose the church or mosque the SMS is sent for' },
  smsTooManyRecipients: /*i18n*/ { id: 'sms.tooManyRecipients', message: 'One send can reach at most {max} people' },
} satisfies Record<string, Descriptor>;

/** Column headings of the pledge export, in the caller's language. */
export const pledgeExportColumns = {
  memberCode: /*i18n*/ { id: 'pledge.export.memberCode', message: 'Member code' },
  member: /*i18n*/ { id: 'pledge.export.member', message: 'Member' },
  phone: /*i18n*/ { id: 'pledge.export.phone', message: 'Phone' },
  offeringType: /*i18n*/ { id: 'pledge.export.offeringType', message: 'Offering type' },
  currency: /*i18n*/ { id: 'pledge.export.currency', message: 'Currency' },
  total: /*i18n*/ { id: 'pledge.export.total', message: 'Pledged' },
  paid: /*i18n*/ { id: 'pledge.export.paid', message: 'Paid' },
  remaining: /*i18n*/ { id: 'pledge.export.remaining', message: 'Remaining' },
  dueDate: /*i18n*/ { id: 'pledge.export.dueDate', message: 'Due date' },
  state: /*i18n*/ { id: 'pledge.export.state', message: 'State' },
  remindedAt: /*i18n*/ { id: 'pledge.export.remindedAt', message: 'Reminded at' },
} satisfies Record<string, Descriptor>;

export const pledgeStateLabels = {
  open: /*i18n*/ { id: 'pledge.state.open', message: 'Open' },
  overdue: /*i18n*/ { id: 'pledge.state.overdue', message: 'Overdue' },
  fulfilled: /*i18n*/ { id: 'pledge.state.fulfilled', message: 'Fulfilled' },
} satisfies Record<string, Descriptor>;
