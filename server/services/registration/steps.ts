import { and, eq, inArray } from 'drizzle-orm';
import type {
  BankAccountStep,
  DefaultUserStep,
  ExtrasStep,
  FoundAccount,
  InstitutionStep,
  RegistrationView,
  SignatoriesStep,
} from '../../../domain/api/back-office-registration';
import { messages } from '../../../domain/messages';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { registrations } from '../../db/schema/approvals';
import { bankAccounts, institutions, referrers, uploads } from '../../db/schema/institutions';
import { institutionLevels, religions } from '../../db/schema/reference';
import { AppError } from '../../lib/app-error';
import { answerProblemsError, checkAnswers } from '../structure/custom-field-values';
import { loginTaken } from '../users/new-user';
import type { BankCore } from './bank-core';
import { type ApplicantClient, assertEditable, draftData, missingSteps, type RegistrationRow, saveStep, toView } from './drafts';
import { logActivity } from '../auth/activity';

const invalid = (path: string, descriptor: { id: string; message: string }) => new AppError(422, 'validation', descriptor, {}, [{ path, descriptor }]);

/** Level of the chosen religion; a parent exactly one level up (none at the top level). */
export async function checkInstitution(db: Db, step: InstitutionStep, registrationId: number | null): Promise<void> {
  const [religion] = await db.select({ id: religions.id }).from(religions).where(eq(religions.id, step.religionId));
  if (!religion) throw invalid('religionId', messages.boLevelInvalid);
  const [level] = await db.select().from(institutionLevels).where(and(eq(institutionLevels.id, step.levelId), eq(institutionLevels.religionId, step.religionId)));
  if (!level) throw invalid('levelId', messages.boLevelInvalid);
  if (level.rank === 1) {
    if (step.parentId !== null) throw invalid('parentId', messages.boParentInvalid);
  } else {
    if (step.parentId === null) throw invalid('parentId', messages.boParentInvalid);
    const [parent] = await db
      .select({ rank: institutionLevels.rank, religionId: institutions.religionId, status: institutions.status })
      .from(institutions)
      .innerJoin(institutionLevels, eq(institutionLevels.id, institutions.levelId))
      .where(eq(institutions.id, step.parentId));
    if (!parent || parent.status !== 'active' || parent.religionId !== step.religionId || parent.rank !== level.rank - 1) throw invalid('parentId', messages.boParentInvalid);
  }
  const [codeTaken] = await db.select({ id: institutions.id }).from(institutions).where(eq(institutions.code, step.abbreviation));
  if (codeTaken) throw invalid('abbreviation', messages.boDeniedCodeTaken);
  if (step.logoUploadId !== null) await checkUploads(db, registrationId, [step.logoUploadId], 'logo', 'logoUploadId');
  // The level's custom fields, with the rules the staff edit applies (ADR 047).
  const answers = await checkAnswers(db, level.id, step.customFields);
  if (answers.foreign) throw invalid('customFields', messages.customFieldNotOfLevel);
  if (answers.problems.length > 0) throw answerProblemsError(422, 'customFields', answers.problems);
}

async function checkUploads(db: Db, registrationId: number | null, ids: number[], purpose: 'document' | 'logo', path: string): Promise<void> {
  const unique = [...new Set(ids)];
  const rows =
    registrationId === null
      ? []
      : await db.select({ id: uploads.id }).from(uploads).where(and(inArray(uploads.id, unique), eq(uploads.registrationId, registrationId), eq(uploads.purpose, purpose)));
  if (rows.length !== unique.length) throw invalid(path, messages.boUploadUnknown);
}

/** The account must exist at the bank, be active, and not already belong to an institution. */
export async function lookUpAccount(db: Db, core: BankCore, accountNumber: string): Promise<FoundAccount> {
  const found = await core.findAccount(accountNumber);
  if (!found) throw invalid('accountNumber', messages.boAccountNotFound);
  const [taken] = await db.select({ id: bankAccounts.id }).from(bankAccounts).where(eq(bankAccounts.accountNumber, accountNumber));
  if (taken) throw new AppError(409, 'account_taken', messages.boDeniedAccountTaken);
  return found;
}

export async function saveInstitution(ctx: AppContext, row: RegistrationRow, step: InstitutionStep): Promise<RegistrationView> {
  assertEditable(row);
  await checkInstitution(ctx.database.db, step, row.id);
  // An empty answer is no answer: the draft keeps only those given.
  return saveStep(ctx, row, 'institution', { ...step, customFields: step.customFields.filter((entry) => entry.value !== '') });
}

export async function saveBankAccount(ctx: AppContext, core: BankCore, row: RegistrationRow, step: BankAccountStep): Promise<RegistrationView> {
  assertEditable(row);
  return saveStep(ctx, row, 'bankAccount', await lookUpAccount(ctx.database.db, core, step.accountNumber));
}

export async function saveSignatories(ctx: AppContext, row: RegistrationRow, step: SignatoriesStep): Promise<RegistrationView> {
  assertEditable(row);
  await checkUploads(ctx.database.db, row.id, step.signatories.map((s) => s.documentUploadId), 'document', 'signatories');
  return saveStep(ctx, row, 'signatories', step.signatories);
}

export async function saveDefaultUser(ctx: AppContext, row: RegistrationRow, step: DefaultUserStep): Promise<RegistrationView> {
  assertEditable(row);
  if (await loginTaken(ctx.database.db, step.email, step.email)) throw new AppError(409, 'duplicate', messages.boDeniedUsernameTaken);
  return saveStep(ctx, row, 'defaultUser', step);
}

export async function saveExtras(ctx: AppContext, row: RegistrationRow, step: ExtrasStep): Promise<RegistrationView> {
  assertEditable(row);
  if (step.referralCode) {
    const [referrer] = await ctx.database.db.select({ id: referrers.id }).from(referrers).where(eq(referrers.referralCode, step.referralCode));
    if (!referrer) throw invalid('referralCode', messages.boReferralUnknown);
  }
  return saveStep(ctx, row, 'extras', step);
}

/**
 * Submits a complete draft: every step is checked again (the world may have moved since it was
 * saved), then it waits at the branch that holds the account, which forwards it for approval.
 */
export async function submitRegistration(ctx: AppContext, core: BankCore, row: RegistrationRow, client: ApplicantClient): Promise<RegistrationView> {
  assertEditable(row);
  const db = ctx.database.db;
  const data = draftData(row);
  const missing = missingSteps(data);
  if (missing.length > 0) throw new AppError(422, 'incomplete', messages.boRegistrationIncomplete, { steps: missing.join(', ') });
  const { institution, bankAccount, signatories, defaultUser } = data as Required<typeof data>;
  await checkInstitution(db, institution, row.id);
  const account = await lookUpAccount(db, core, bankAccount.accountNumber);
  await checkUploads(db, row.id, signatories.map((s) => s.documentUploadId), 'document', 'signatories');
  if (await loginTaken(db, defaultUser.email, defaultUser.email)) throw new AppError(409, 'duplicate', messages.boDeniedUsernameTaken);
  const now = ctx.now();
  const [updated] = await db
    .update(registrations)
    .set({ status: 'submitted', submittedAt: now, updatedAt: now, branchId: account.branchId, religionId: institution.religionId })
    .where(and(eq(registrations.id, row.id), eq(registrations.status, 'unfinished')))
    .returning();
  if (!updated) throw new AppError(409, 'registration_locked', messages.boRegistrationLocked);
  await logActivity(db, { action: 'registration.submitted', entityType: 'registration', entityId: String(row.id), ipAddress: client.ip, userAgent: client.userAgent, at: now });
  return toView(db, updated);
}
