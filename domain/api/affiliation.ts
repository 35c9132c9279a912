import { z } from 'zod';
import { recordId } from './common';
import { InstitutionRef } from './structure';

/**
 * Affiliation (issue 12, ADR 052): moving an institution and everything below it under another
 * parent of the level directly above, in the same religion, through a maker-checker request.
 *
 * - `GET /api/institutions/{id}/affiliation` → AffiliationView (404 outside the caller's scope).
 * - `GET /api/institutions/{id}/affiliation/parents?search=` → ParentCandidates: the parents it may move under.
 * - `POST /api/institutions/{id}/affiliation` AffiliationInput → 201 SubmittedRequest; nothing moves
 *   until a different bank user approves it on /requests.
 */
export const AffiliationInput = z.object({ parentId: recordId });
export type AffiliationInput = z.infer<typeof AffiliationInput>;

export const AffiliationHistoryItem = z.object({
  id: z.number().int(),
  from: InstitutionRef.nullable(),
  to: InstitutionRef,
  requestId: z.number().int().nullable(),
  movedByName: z.string().nullable(),
  movedAt: z.string(),
});
export type AffiliationHistoryItem = z.infer<typeof AffiliationHistoryItem>;

export const AffiliationView = z.object({
  institution: InstitutionRef.extend({ levelRank: z.number().int(), institutionsBelow: z.number().int() }),
  parent: InstitutionRef.nullable(),
  /** The move waiting for a checker, if any: a second one cannot be made meanwhile. */
  pending: z
    .object({ requestId: z.number().int(), to: InstitutionRef, makerName: z.string().nullable(), createdAt: z.string() })
    .nullable(),
  /** Whether the caller may ask for a move of this institution (top-level institutions have no parent to change). */
  canRequest: z.boolean(),
  history: z.array(AffiliationHistoryItem),
});
export type AffiliationView = z.infer<typeof AffiliationView>;

export const MAX_PARENT_CANDIDATES = 50;
export const ParentCandidatesQuery = z.object({ search: z.string().trim().min(1).max(80).optional() });
export type ParentCandidatesQuery = z.input<typeof ParentCandidatesQuery>;
export const ParentCandidates = z.object({ data: z.array(InstitutionRef) });
export type ParentCandidates = z.infer<typeof ParentCandidates>;
