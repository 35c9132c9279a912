import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { SMS_TEMPLATE_TEXTS, type SmsTemplateId } from '../../../domain/sms-templates';

/** The composer's templates: a name in the page's language, the texts in both (domain/sms-templates.ts). */
export type SmsTemplate = { id: SmsTemplateId; label: MessageDescriptor; text: { sw: string; en: string } };

const LABELS: Record<SmsTemplateId, MessageDescriptor> = {
  pledge: msg`Pledge reminder`,
  service: msg`Service announcement`,
  thanks: msg`Thank you`,
};

export const SMS_TEMPLATES: readonly SmsTemplate[] = (Object.keys(SMS_TEMPLATE_TEXTS) as SmsTemplateId[]).map((id) => ({ id, label: LABELS[id], text: SMS_TEMPLATE_TEXTS[id] }));
