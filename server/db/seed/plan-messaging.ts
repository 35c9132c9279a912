import type * as s from '../schema/index';
import type { MemberInfo } from './plan-members';
import { operatorOfPhone } from './names';
import type { Congregation, Row } from './plan-types';
import type { Random } from './prng';

const DAY = 86_400_000;

const TEXTS = {
  receipt: (name: string, amount: number) => `Ndugu ${name}, tumepokea sadaka yako ya TZS ${amount.toLocaleString('en-US')}. Mungu akubariki.`,
  reminder: (name: string) => `Ndugu ${name}, hii ni kumbukumbu ya ahadi yako ya ujenzi. Asante kwa moyo wako wa kutoa.`,
  custom: () => 'Karibu kwenye ibada ya shukrani Jumapili hii saa 3 asubuhi. Wote mnakaribishwa.',
};

/** Some sent, delivered and failed SMS per congregation, and the top-ups that paid for them. */
export function planMessaging(
  random: Random,
  now: Date,
  congregations: readonly Congregation[],
  unionIds: readonly number[],
  members: readonly MemberInfo[],
): { sms: Array<Row<typeof s.smsMessages>>; topups: Array<Row<typeof s.smsTopups>> } {
  const sms: Array<Row<typeof s.smsMessages>> = [];
  const topups: Array<Row<typeof s.smsTopups>> = [];
  for (const congregation of congregations) {
    const own = members.filter((member) => member.congregation.id === congregation.id);
    const count = random.int(20, 40);
    for (let i = 0; i < count; i += 1) {
      const member = random.pick(own);
      const purpose = random.weighted<'receipt' | 'pledge-reminder' | 'custom'>([['receipt', 60], ['pledge-reminder', 15], ['custom', 25]]);
      const message =
        purpose === 'receipt' ? TEXTS.receipt(member.name, random.int(1, 50) * 1000) : purpose === 'pledge-reminder' ? TEXTS.reminder(member.name) : TEXTS.custom();
      const status = random.weighted<'delivered' | 'sent' | 'failed'>([['delivered', 85], ['sent', 8], ['failed', 7]]);
      const createdAt = new Date(now.getTime() - random.int(0, 180) * DAY - random.int(0, 86_399) * 1000);
      sms.push({
        id: sms.length + 1,
        institutionId: congregation.id,
        receiver: member.phone,
        message,
        purpose,
        status,
        sender: 'SADAKA',
        operator: operatorOfPhone(member.phone),
        providerMessageId: `ATXid_${random.digits(10)}`,
        cost: 'TZS 22.0000',
        failureReason: status === 'failed' ? random.pick(['InsufficientCredit', 'UserInBlacklist', 'DeliveryFailure', 'AbsentSubscriber']) : null,
        createdAt,
        sentAt: new Date(createdAt.getTime() + 2000),
        deliveredAt: status === 'delivered' ? new Date(createdAt.getTime() + random.int(3, 90) * 1000) : null,
      });
    }
  }
  for (const institutionId of [...congregations.map((congregation) => congregation.id), ...unionIds]) {
    const count = random.int(1, 4);
    for (let i = 0; i < count; i += 1) {
      topups.push({
        id: topups.length + 1,
        institutionId,
        amount: random.pick([100, 250, 500, 1000]),
        createdAt: new Date(now.getTime() - random.int(5, 360) * DAY),
      });
    }
  }
  return { sms, topups };
}
