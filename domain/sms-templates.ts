/**
 * Ready texts for the SMS composer, in the language the SENDER picks (not the page's): a church
 * writes to its members in Swahili or English whatever language its treasurer reads the portal in.
 * They keep to GSM-7 (no curly quotes, no emoji) so one part holds 160 characters, and use the
 * placeholders of domain/sms-placeholders.ts.
 */
export const SMS_TEMPLATE_TEXTS = {
  pledge: {
    sw: '{church}: Ndugu {name}, ahadi yako ya {amount} inatakiwa {dueDate}. Asante kwa moyo wako wa kutoa.',
    en: '{church}: Dear {name}, your pledge of {amount} is due on {dueDate}. Thank you for your generosity.',
  },
  service: {
    sw: '{church}: Ndugu {name}, unakaribishwa kwenye ibada Jumapili hii saa 3 asubuhi. Karibu sana.',
    en: '{church}: Dear {name}, you are welcome to the service this Sunday at 9 am. Be blessed.',
  },
  thanks: {
    sw: '{church}: Ndugu {name}, asante kwa sadaka na michango yako. Mungu akubariki.',
    en: '{church}: Dear {name}, thank you for your offerings and contributions. God bless you.',
  },
} as const;
export type SmsTemplateId = keyof typeof SMS_TEMPLATE_TEXTS;
