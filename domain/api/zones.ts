import { z } from 'zod';
import { recordId, recordIdText } from './common';

/** Zones (groups) of a congregation, spec §1/§3: a tree by parent zone, with a community. */
export const MAX_ZONE_NAME = 80;
export const MAX_ZONE_COMMUNITY = 120;
/** A bulk move names at most this many members (a page of the member list, with room). */
export const MAX_ZONE_MOVE = 500;

const ZoneName = z.string().trim().min(1).max(MAX_ZONE_NAME);
const Community = z.string().trim().max(MAX_ZONE_COMMUNITY).nullable();

export const Zone = z.object({
  id: z.number().int(),
  /** Our addition to the contract: a union's list spans several congregations. */
  institutionId: z.number().int(),
  name: z.string(),
  parentId: z.number().int().nullable(),
  community: z.string().nullable(),
  /** Members placed directly in this zone (not in its sub-zones), deleted members not counted. */
  memberCount: z.number().int(),
});
export type Zone = z.infer<typeof Zone>;
export const ZoneList = z.object({ data: z.array(Zone) });
export type ZoneList = z.infer<typeof ZoneList>;

export const ZoneQuery = z.object({ institutionId: recordIdText.optional() });

/** `institutionId` may be left out by a congregation's own user: their congregation is meant. */
export const ZoneInput = z.object({
  name: ZoneName,
  parentId: recordId.nullable().optional(),
  community: Community.optional(),
  institutionId: recordId.optional(),
});
export type ZoneInput = z.input<typeof ZoneInput>;

/** Rename, move (another parent, or null for the top) or change the community. */
export const ZonePatch = z
  .object({ name: ZoneName.optional(), parentId: recordId.nullable().optional(), community: Community.optional() })
  .refine((patch) => Object.keys(patch).length > 0, { message: 'error.badRequest' });
export type ZonePatch = z.input<typeof ZonePatch>;

export const ZoneMergeInput = z.object({ intoZoneId: recordId });
export type ZoneMergeInput = z.input<typeof ZoneMergeInput>;

/** Moves the chosen members into a zone, or out of every zone with `zoneId: null`. */
export const ZoneMoveMembersInput = z.object({
  memberIds: z.array(z.number().int().positive()).min(1).max(MAX_ZONE_MOVE),
  zoneId: recordId.nullable(),
});
export type ZoneMoveMembersInput = z.input<typeof ZoneMoveMembersInput>;
export const ZoneMoveMembersResult = z.object({ moved: z.number().int() });
