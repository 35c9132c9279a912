import type { CachedMember, MemberInput } from '../../../domain/api/receipts';
import { memberTokens, type NationalNumberOf } from './member-tokens';
import type { LocalMember, StoredMember } from './types';

export const serverMemberKey = (id: number) => `s:${id}`;
export const clientMemberKey = (clientId: string) => `c:${clientId}`;

/** The row with its search words; `phone` reads the number's national part (./phone-rules.ts, loaded first). */
export function storedMember(member: LocalMember, phone: NationalNumberOf): StoredMember {
  return { ...member, tokens: memberTokens(member.institutionId, member, phone) };
}

/** A member from the server's cache feed; `clientId` survives when this device registered them. */
export function fromCachedMember(member: CachedMember, clientId: string | null, phone: NationalNumberOf): StoredMember {
  return storedMember(
    {
      key: serverMemberKey(member.id),
      serverId: member.id,
      clientId,
      institutionId: member.institutionId,
      code: member.code,
      firstName: member.firstName,
      lastName: member.lastName,
      phone: member.phone,
      preferredLanguage: member.preferredLanguage,
      pending: false,
    },
    phone,
  );
}

/** An offline registration, findable at once under its client id. */
export function fromMemberInput(input: MemberInput, phone: NationalNumberOf): StoredMember {
  return storedMember(
    {
      key: clientMemberKey(input.id),
      serverId: null,
      clientId: input.id,
      institutionId: input.institutionId,
      code: null,
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      phone: input.phone.trim(),
      preferredLanguage: input.preferredLanguage,
      pending: true,
    },
    phone,
  );
}
