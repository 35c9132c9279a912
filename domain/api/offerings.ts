import { z } from 'zod';
import { recordId, recordIdText } from './common';
import { DIVISION_PROBLEM_MESSAGE, divisionsProblem } from '../offering-rules';

export const MAX_OFFERING_TITLE = 80;

const Bp = z.number().int().min(0).max(10_000);
const OfferingTypeFields = z.object({
  title: z.string().trim().min(1).max(MAX_OFFERING_TITLE),
  churchBp: Bp,
  fieldBp: Bp,
  unionBp: Bp,
  active: z.boolean().optional(),
});

/** The spec's 100% rule, reported on `churchBp` with its own words (cannot exceed / fall below). */
function exactlyWhole(value: z.infer<typeof OfferingTypeFields>, context: z.RefinementCtx) {
  const problem = divisionsProblem(value);
  if (problem) context.addIssue({ code: 'custom', path: ['churchBp'], message: DIVISION_PROBLEM_MESSAGE[problem] });
}

/** POST /api/offering-types: defined at `institutionId` (default: the caller's own institution). */
export const OfferingTypeInput = OfferingTypeFields.extend({ institutionId: recordId.optional() }).superRefine(exactlyWhole);
export type OfferingTypeInput = z.input<typeof OfferingTypeInput>;
/** PUT /api/offering-types/{id}: the whole type again. */
export const OfferingTypeUpdate = OfferingTypeFields.superRefine(exactlyWhole);
export type OfferingTypeUpdate = z.input<typeof OfferingTypeUpdate>;

export const DivisionPeriodItem = z.object({ effectiveFrom: z.string(), churchBp: z.number().int(), fieldBp: z.number().int(), unionBp: z.number().int() });

export const OfferingTypeDetails = z.object({
  id: z.number().int(),
  institutionId: z.number().int(),
  title: z.string(),
  churchBp: z.number().int(),
  fieldBp: z.number().int(),
  unionBp: z.number().int(),
  active: z.boolean(),
  /** A congregation's copy of a type defined above it: changed only where it is defined. */
  inherited: z.boolean(),
  /** Money was received with it: it can be deactivated, not deleted. */
  used: z.boolean(),
  /** Its divisions over time, oldest first. */
  history: z.array(DivisionPeriodItem),
});
export type OfferingTypeDetails = z.infer<typeof OfferingTypeDetails>;

export const OfferingSettingsQuery = z.object({ institutionId: recordIdText.optional() });
/** GET /api/offering-types/settings: every type of one institution, and who manages them. */
export const OfferingSettings = z.object({
  institution: z.object({ id: z.number().int(), title: z.string() }),
  /** True when this institution defines its own types (a union or field always; a church per getEntityTypeCount). */
  manages: z.boolean(),
  /** The institution whose types a non-self-managing congregation uses. */
  managedBy: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  data: z.array(OfferingTypeDetails),
});
export type OfferingSettings = z.infer<typeof OfferingSettings>;
