import type { Descriptor } from './messages-descriptor';

/** Members for staff (issue 13): edits, zone moves, phone change, deletion, transfer, import. */
export const memberMessages = {
  memberConfirmNeeded: /*i18n*/ { id: 'members.confirmNeeded', message: 'Confirm with your password or a one-time code' },
  memberConfirmWrong: /*i18n*/ { id: 'members.confirmWrong', message: 'The password or code is not correct. Nothing was changed.' },
  memberDeleteCodeSent: /*i18n*/ { id: 'members.deleteCodeSent', message: 'We sent a code to your phone. Enter it to confirm.' },
  memberSmsDeleteCode: /*i18n*/ { id: 'members.smsDeleteCode', message: 'Sadaka: your code to confirm deleting a member is {code}. It expires in 10 minutes.' },
  memberPhoneSame: /*i18n*/ { id: 'members.phoneSame', message: 'This is already the member’s phone number' },
  memberPhoneTakenHere: /*i18n*/ { id: 'members.phoneTakenHere', message: 'Another member of this church or mosque already has this phone number' },
  memberPhoneCodeSms: /*i18n*/ {
    id: 'members.phoneCodeSms',
    message: 'Sadaka: {church} is changing your member phone number to this one. Your code is {code}. It expires in 10 minutes.',
  },
  memberPhoneChangedSms: /*i18n*/ {
    id: 'members.phoneChangedSms',
    message: 'Sadaka: your member phone number at {church} was changed to {phone}. If you did not ask for this, contact your church or mosque.',
  },
  memberPhoneNoChange: /*i18n*/ { id: 'members.phoneNoChange', message: 'No phone change is waiting for a code. Start again.' },
  memberTransferSelf: /*i18n*/ { id: 'members.transferSelf', message: 'The member already belongs to this church or mosque' },
  memberTransferReligion: /*i18n*/ { id: 'members.transferReligion', message: 'Choose a church or mosque of the same religion that keeps members' },
  memberTransferPending: /*i18n*/ { id: 'members.transferPending', message: 'A transfer of this member is already waiting for an answer' },
  memberTransferNotPending: /*i18n*/ { id: 'members.transferNotPending', message: 'This transfer has already been answered' },
  memberTransferOwn: /*i18n*/ { id: 'members.transferOwn', message: 'The receiving church or mosque answers a transfer, not the person who asked for it' },
  memberTransferPhoneTaken: /*i18n*/ {
    id: 'members.transferPhoneTaken',
    message: 'A member of the receiving church or mosque already has this phone number',
  },
  memberTransferredSms: /*i18n*/ {
    id: 'members.transferredSms',
    message: 'Sadaka: welcome to {church}. You are now its member, number {code}. What you gave before stays recorded where you gave it.',
  },
  memberCardsNothing: /*i18n*/ { id: 'members.cardsNothing', message: 'Choose the members or the zone whose cards to print' },
  memberCardsNone: /*i18n*/ { id: 'members.cardsNone', message: 'No member to print: none of them is in your list' },
  memberCardsTitle: /*i18n*/ { id: 'members.cardsTitle', message: 'Member cards' },
  importFileType: /*i18n*/ { id: 'members.importFileType', message: 'Only CSV or Excel (.xlsx) files are accepted' },
  importFileMissing: /*i18n*/ { id: 'members.importFileMissing', message: 'Choose a file to upload' },
  importTooLarge: /*i18n*/ { id: 'members.importTooLarge', message: 'The file is larger than 15 MB' },
  importColumnsMissing: /*i18n*/ { id: 'members.importColumnsMissing', message: 'The first row must name the columns; missing: {columns}' },
  importZoneUnknown: /*i18n*/ { id: 'members.importZoneUnknown', message: 'Zone {zone} does not exist in this church or mosque' },
  importPhoneDuplicate: /*i18n*/ { id: 'members.importPhoneDuplicate', message: 'The phone number {phone} already belongs to member {code}' },
  importCodeTaken: /*i18n*/ { id: 'members.importCodeTaken', message: 'Member number {code} already belongs to another member' },
  importChooseInstitution: /*i18n*/ { id: 'members.importChooseInstitution', message: 'Choose the church or mosque the members join' },
} satisfies Record<string, Descriptor>;

export const memberFieldLabels = {
  memberZone: /*i18n*/ { id: 'members.field.zone', message: 'Zone' },
  memberCode: /*i18n*/ { id: 'members.field.code', message: 'Member number' },
  importFile: /*i18n*/ { id: 'members.field.file', message: 'File' },
} satisfies Record<string, Descriptor>;

/** Export's extra column (the others are the import headers, so an export can be imported again). */
export const memberExportColumns = {
  institution: /*i18n*/ { id: 'members.export.institution', message: 'churchOrMosque' },
} satisfies Record<string, Descriptor>;
