import { and, asc, eq, sql } from 'drizzle-orm';
import { type AmendmentPayload, ApplicationPayload, type RegistrationPayload } from '../../../../domain/api/back-office';
import { messages } from '../../../../domain/messages';
import { registrations } from '../../../db/schema/approvals';
import { bankAccounts, institutions, signatories } from '../../../db/schema/institutions';
import { institutionLevels } from '../../../db/schema/reference';
import { roleGroups, users } from '../../../db/schema/users';
import { storeNewInstitutionAnswers } from '../../structure/custom-field-values';
import { sendCredentials } from '../../users/credentials';
import { freeUsername, insertNewUser, loginTaken } from '../../users/new-user';
import { ExecutionDenied } from '../denied';
import type { AfterCommit, ExecutionEnv, Executor } from '../executor';
import { executeAffiliation } from './affiliation';

/** The entity role group for a default user: the one at the institution's level, else the first entity group. */
async function roleGroupFor(env: ExecutionEnv, levelCode: string): Promise<number> {
  const entityGroups = await env.db.select().from(roleGroups).where(eq(roleGroups.userType, 'entity')).orderBy(asc(roleGroups.id));
  const group = entityGroups.find((candidate) => candidate.locationLevel === levelCode) ?? entityGroups[0];
  if (!group) throw new ExecutionDenied(messages.boDeniedNoRoleGroup);
  return group.id;
}

/** Nothing of a registration exists before approval; approving creates all of it, active, at once. */
async function executeRegistration(env: ExecutionEnv, p: RegistrationPayload): Promise<AfterCommit[]> {
  const db = env.db;
  const [level] = await db.select().from(institutionLevels).where(eq(institutionLevels.id, p.institution.levelId));
  if (!level) throw new ExecutionDenied(messages.boDeniedSubjectGone);
  let parentPath = '/';
  if (p.institution.parentId !== null) {
    const [parent] = await db.select().from(institutions).where(eq(institutions.id, p.institution.parentId));
    if (!parent || parent.status !== 'active') throw new ExecutionDenied(messages.boDeniedSubjectGone);
    parentPath = parent.path;
  }
  const code = p.institution.abbreviation.toUpperCase();
  const [codeTaken] = await db.select({ id: institutions.id }).from(institutions).where(sql`upper(${institutions.code}) = ${code}`);
  if (codeTaken) throw new ExecutionDenied(messages.boDeniedCodeTaken);
  const [accountTaken] = await db.select({ id: bankAccounts.id }).from(bankAccounts).where(eq(bankAccounts.accountNumber, p.bankAccount.accountNumber));
  if (accountTaken) throw new ExecutionDenied(messages.boDeniedAccountTaken);
  const roleGroupId = await roleGroupFor(env, level.code);
  const username = await freeUsername(db, `${code.toLowerCase()}.admin`);
  if (await loginTaken(db, username, p.defaultUser.email)) throw new ExecutionDenied(messages.boDeniedUsernameTaken);

  const [created] = await db
    .insert(institutions)
    .values({
      religionId: p.institution.religionId,
      levelId: level.id,
      parentId: p.institution.parentId,
      title: p.institution.title,
      abbreviation: p.institution.abbreviation,
      code,
      accountNumber: p.bankAccount.accountNumber,
      accountName: p.bankAccount.accountName,
      branchId: p.bankAccount.branchId,
      region: p.institution.region,
      district: p.institution.district,
      street: p.institution.street,
      logoUploadId: p.institution.logoUploadId,
      referralCode: p.referralCode,
      registrationChannel: p.registrationChannel,
      status: 'active',
      createdAt: env.now,
    })
    .returning({ id: institutions.id });
  const institutionId = created!.id;
  await db.update(institutions).set({ path: `${parentPath}${institutionId}/` }).where(eq(institutions.id, institutionId));
  if (!(await storeNewInstitutionAnswers(db, institutionId, level.id, p.institution.customFields, env.now))) throw new ExecutionDenied(messages.customFieldAnswerStale);
  await db.insert(bankAccounts).values({
    institutionId,
    accountNumber: p.bankAccount.accountNumber,
    accountName: p.bankAccount.accountName,
    branchId: p.bankAccount.branchId,
    currency: p.bankAccount.currency,
    status: 'activated',
    isDefault: true,
    createdAt: env.now,
  });
  if (p.signatories.length > 0) {
    await db.insert(signatories).values(p.signatories.map((s) => ({ institutionId, name: s.name, phone: s.phone, email: s.email, documentUploadId: s.documentUploadId })));
  }
  const { user, password } = await insertNewUser(db, {
    username,
    name: p.defaultUser.name,
    email: p.defaultUser.email,
    phone: p.defaultUser.phone,
    userType: 'entity',
    roleGroupId,
    branchId: null,
    institutionId,
    now: env.now,
  });
  await db.update(institutions).set({ defaultUserId: user.id }).where(eq(institutions.id, institutionId));
  if (p.registrationId !== null) await db.update(registrations).set({ status: 'completed', institutionId, updatedAt: env.now }).where(eq(registrations.id, p.registrationId));
  return [() => sendCredentials(env.ctx, user, password, env.checkerId)];
}

/** "Change institution details": the institution and its default user take the stored changes. */
async function executeAmendment(env: ExecutionEnv, p: AmendmentPayload): Promise<AfterCommit[]> {
  const db = env.db;
  const [institution] = await db.select().from(institutions).where(eq(institutions.id, p.institutionId));
  if (!institution || institution.status !== 'active') throw new ExecutionDenied(messages.boDeniedSubjectGone);
  const { defaultUser, ...fields } = p.changes;
  if (Object.keys(fields).length > 0) await db.update(institutions).set(fields).where(eq(institutions.id, institution.id));
  if (defaultUser && institution.defaultUserId !== null) {
    const [user] = await db.select().from(users).where(and(eq(users.id, institution.defaultUserId)));
    if (!user || user.deletedAt) throw new ExecutionDenied(messages.boDeniedSubjectGone);
    if (await loginTaken(db, user.username, defaultUser.email, user.id)) throw new ExecutionDenied(messages.boDeniedUsernameTaken);
    await db.update(users).set({ name: defaultUser.name, phone: defaultUser.phone, email: defaultUser.email.toLowerCase() }).where(eq(users.id, user.id));
  }
  return [];
}

/** `application`: an institution's registration, an amendment of an existing one, or its move (affiliation). */
export const applicationExecutor: Executor<ApplicationPayload> = {
  schema: ApplicationPayload,
  execute: (env, payload) => {
    if (payload.kind === 'registration') return executeRegistration(env, payload);
    return payload.kind === 'affiliation' ? executeAffiliation(env, payload) : executeAmendment(env, payload);
  },
  async rejected(env, payload, reason) {
    if (payload.kind !== 'registration' || payload.registrationId === null) return;
    await env.db.update(registrations).set({ status: 'rejected', rejectionReason: reason, updatedAt: env.now }).where(eq(registrations.id, payload.registrationId));
  },
  async withdrawn(db, payload) {
    // Back to "submitted, waiting at the branch": staff may forward it again.
    if (payload.kind === 'registration' && payload.registrationId !== null) await db.update(registrations).set({ requestId: null }).where(eq(registrations.id, payload.registrationId));
  },
  documents: (payload) =>
    payload.kind === 'registration'
      ? [...payload.signatories.map((s) => s.documentUploadId), ...(payload.institution.logoUploadId === null ? [] : [payload.institution.logoUploadId])]
      : [],
};
