import { getTableName } from 'drizzle-orm';
import * as s from '../schema/index';
import type { Db } from '../client';
import { insertChunked, resetSequences } from './insert';
import { planApprovals } from './plan-approvals';
import { planDeskBatches } from './plan-desk-batches';
import { planGiving } from './plan-giving';
import { planMembers } from './plan-members';
import { planMessaging } from './plan-messaging';
import { planStructure } from './plan-structure';
import { planUsers } from './plan-users';
import { createPhoneBook } from './phones';
import { createRandom } from './prng';
import { demoUsers } from './demo-users';

/** Fixed so every run (and every machine) gets the same demo data. */
export const DEMO_SEED = 20_260_101;

export type SeedCounts = Record<string, number>;

/**
 * Writes the demo bank into an empty database. Everything is planned in memory first (ids
 * included, from a seeded PRNG) and then bulk-inserted; dates count back from `now`'s day, so a
 * fixed `now` gives byte-identical data.
 */
export async function seedDemo(db: Db, options: { demoPassword: string; now: Date }): Promise<SeedCounts> {
  const random = createRandom(DEMO_SEED);
  const now = startOfDay(options.now);
  const structure = planStructure(random, now);
  const users = await planUsers(structure, options.demoPassword, now);
  const approvals = planApprovals(structure, users, now);
  const phoneBook = createPhoneBook(random);
  for (const user of demoUsers) phoneBook.reserve(user.phone);
  const regionOf = new Map(structure.institutions.map((row) => [row.id!, row.region ?? 'Dar es Salaam']));
  const members = planMembers(random, now, structure.congregations, (id) => regionOf.get(id) ?? 'Dar es Salaam', phoneBook);
  const cashiers: Record<number, number> = {
    [structure.institutionIdByCode.MWG!]: users.userIdByName.treasurer!,
    [structure.institutionIdByCode.MWT!]: users.userIdByName.imam!,
  };
  const giving = planGiving(random, now, members.info, (id) => cashiers[id] ?? null);
  const unionIds = structure.institutions.filter((row) => row.parentId === null).map((row) => row.id!);
  const messaging = planMessaging(random, now, structure.congregations, unionIds, members.info);
  // Planned last so it draws from the PRNG after everything else: the rows before it do not move.
  const mwenge = structure.congregations.find((congregation) => congregation.code === 'MWG')!;
  const desk = planDeskBatches(random, now, {
    congregation: mwenge,
    institution: { id: mwenge.id, path: structure.institutions.find((row) => row.id === mwenge.id)!.path! },
    members: members.info.filter((member) => member.congregation.id === mwenge.id),
    treasurerId: users.userIdByName.treasurer!,
    idsAfter: { lines: giving.lines.length, ledgerEntries: giving.ledgerEntries.length, ledgerLines: giving.ledgerLines.length },
  });

  // Parents before children; the order follows the foreign keys.
  const writes = [
    [s.bankBranches, structure.branches],
    [s.religions, structure.religions],
    [s.institutionLevels, structure.levels],
    [s.currencies, structure.currencies],
    [s.referrers, structure.referrers],
    [s.institutions, structure.institutions],
    [s.signatories, structure.signatories],
    [s.bankAccounts, structure.bankAccounts],
    [s.offeringTypes, structure.offeringTypes],
    [s.zones, structure.zones],
    [s.customFields, structure.customFields],
    [s.customFieldValues, structure.customFieldValues],
    [s.roleGroups, users.roleGroups],
    [s.roleGroupFeatures, users.features],
    [s.users, users.users],
    [s.coreBankAccounts, approvals.coreAccounts],
    [s.uploads, approvals.uploads],
    [s.registrations, approvals.registrations],
    [s.approvalRequests, approvals.requests],
    [s.members, members.rows],
    [s.receiptBatches, desk.batches],
    // Before the money, so the allocation triggers count each gift toward its giver's pledges.
    [s.pledges, giving.pledges],
    [s.transactions, [...giving.transactions, ...desk.transactions]],
    [s.transactionLines, [...giving.lines, ...desk.lines]],
    [s.ledgerEntries, [...giving.ledgerEntries, ...desk.ledgerEntries]],
    [s.ledgerLines, [...giving.ledgerLines, ...desk.ledgerLines]],
    [s.smsMessages, messaging.sms],
    [s.smsTopups, messaging.topups],
  ] as const;
  const counts: SeedCounts = {};
  for (const [table, rows] of writes) {
    await insertChunked(db, table, rows as never);
    counts[getTableName(table)] = rows.length;
  }
  await resetSequences(
    db,
    // core_bank_accounts is keyed by account number, transactions and receipt_batches by uuid: no serial to move.
    writes
      .map(([table]) => table)
      .filter((table) => table !== s.roleGroupFeatures && table !== s.transactions && table !== s.receiptBatches && table !== s.coreBankAccounts && table !== s.customFieldValues),
  );
  return counts;
}

function startOfDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}
