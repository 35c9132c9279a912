/** The giving page's pledges behind an SMS code (issue 14, ADR 056). */
export const givingPledgeMessages = {
  givingPledgeCodeSent: /*i18n*/ {
    id: 'givingPledges.codeSent',
    message: 'If this number belongs to a member of this church or mosque, we have sent it a code by SMS.',
  },
  givingPledgeCodeSms: /*i18n*/ {
    id: 'givingPledges.codeSms',
    message: 'Sadaka: your code to see your pledges at {church} is {code}. It expires in 10 minutes. Do not share it.',
  },
  givingPledgePhoneLocked: /*i18n*/ {
    id: 'givingPledges.phoneLocked',
    message: 'Too many wrong codes for this phone number. Wait 15 minutes, then ask for a new code.',
  },
  givingPledgeNotPayable: /*i18n*/ {
    id: 'givingPledges.notPayable',
    message: 'This pledge cannot be paid with this payment: choose one of your open pledges at this church or mosque and its offering type.',
  },
};
