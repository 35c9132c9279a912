import type { Random } from './prng';
import type * as s from '../schema';
import type { Congregation, Row, StructurePlan } from './plan-types';
import { branchSeeds, currencySeeds, levelSeeds, religionSeeds } from './reference-data';
import { christianTree, muslimTree, type NodeSeed, offeringTypeSeeds, zoneNames } from './structure-data';
import { christianNames, muslimNames } from './names';
import { randomPhone } from './phones';

/** Reference data and the two institution trees, with bank accounts, offering types and zones. */
export function planStructure(random: Random, now: Date): StructurePlan {
  const plan: StructurePlan = {
    branches: [],
    religions: [],
    levels: [],
    currencies: [],
    referrers: [],
    institutions: [],
    signatories: [],
    bankAccounts: [],
    offeringTypes: [],
    zones: [],
    customFields: [],
    customFieldValues: [],
    congregations: [],
    branchIdByCode: {},
    religionIdByCode: {},
    institutionIdByCode: {},
  };

  branchSeeds.forEach((branch, index) => {
    plan.branches.push({ id: index + 1, ...branch, createdAt: now });
    plan.branchIdByCode[branch.shortCode] = index + 1;
  });
  currencySeeds.forEach((currency, index) => plan.currencies.push({ id: index + 1, ...currency, valueSetAt: now }));

  const levelIds: Record<string, number[]> = {};
  religionSeeds.forEach((religion, index) => {
    const religionId = index + 1;
    plan.religions.push({ id: religionId, ...religion, createdAt: now });
    plan.religionIdByCode[religion.code] = religionId;
    levelIds[religion.code] = levelSeeds[religion.code].map((level, rank) => {
      const id = plan.levels.length + 1;
      const holdsMembers = rank === levelSeeds[religion.code].length - 1;
      plan.levels.push({ id, religionId, rank: rank + 1, ...level, holdsMembers });
      planLevelFields(plan, religionId, id, holdsMembers, now);
      return id;
    });
  });

  // Referrers: bank staff by employee number, freelancers by phone; institutions carry their codes.
  const referralCodes: string[] = [];
  for (let i = 0; i < 6; i += 1) {
    const staff = i < 4;
    const pool = i % 2 === 0 ? christianNames : muslimNames;
    const code = `REF${String(101 + i)}`;
    referralCodes.push(code);
    plan.referrers.push({
      id: i + 1,
      kind: staff ? 'staff' : 'freelancer',
      name: `${random.pick(pool.male)} ${random.pick(pool.surnames)}`,
      employeeNo: staff ? `EMP${random.digits(5)}` : null,
      phone: staff ? null : randomPhone(random),
      referralCode: code,
      branchId: plan.branchIdByCode[branchSeeds[i % branchSeeds.length]!.shortCode] ?? null,
      createdAt: now,
    });
  }

  for (const tree of [christianTree, muslimTree]) {
    const religionId = plan.religionIdByCode[tree.religion]!;
    const levels = levelIds[tree.religion]!;
    const visit = (node: NodeSeed, depth: number, parentId: number | null, parentPath: string, ancestors: number[]) => {
      const id = plan.institutions.length + 1;
      const path = `${parentPath}${id}/`;
      const branchId = plan.branchIdByCode[node.branch]!;
      const isCongregation = !node.children;
      const accountNumber = `01${String(branchId).padStart(2, '0')}${random.digits(9)}`;
      plan.institutions.push({
        id,
        religionId,
        levelId: levels[depth]!,
        parentId,
        path,
        title: node.title,
        abbreviation: node.abbreviation,
        code: node.code,
        accountNumber,
        accountName: node.title.toUpperCase(),
        branchId,
        region: node.region,
        district: node.district,
        street: node.street,
        referralCode: random.pick(referralCodes),
        registrationChannel: random.chance(0.3) ? 'online' : 'branch',
        status: 'active',
        selfManageOfferings: false,
        smsLeft: isCongregation ? random.int(40, 900) : depth === 0 ? random.int(2000, 5000) : 0,
        smsCap: isCongregation ? 1000 : depth === 0 ? 5000 : 0,
        createdAt: now,
      });
      plan.institutionIdByCode[node.code] = id;
      planFieldValues(plan, id, levels[depth]!, node.code);
      plan.bankAccounts.push({
        id: plan.bankAccounts.length + 1,
        institutionId: id,
        accountNumber,
        accountName: node.title.toUpperCase(),
        branchId,
        currency: 'TZS',
        status: 'activated',
        isDefault: true,
        createdAt: now,
      });
      const pool = tree.religion === 'christian' ? christianNames : muslimNames;
      for (let i = 0; i < 2; i += 1) {
        const first = random.pick(random.chance(0.5) ? pool.female : pool.male);
        const last = random.pick(pool.surnames);
        plan.signatories.push({
          id: plan.signatories.length + 1,
          institutionId: id,
          name: `${first} ${last}`,
          phone: randomPhone(random),
          email: `${first}.${last}@example.co.tz`.toLowerCase(),
        });
      }
      if (isCongregation) plan.congregations.push(planCongregation(plan, random, now, tree.religion, id, node, [...ancestors, id]));
      node.children?.forEach((child) => visit(child, depth + 1, id, path, [...ancestors, id]));
    };
    visit(tree.root, 0, null, '/', []);
  }
  return plan;
}

function planCongregation(
  plan: StructurePlan,
  random: Random,
  now: Date,
  religion: 'christian' | 'muslim',
  id: number,
  node: NodeSeed,
  chain: number[],
): Congregation {
  // chain is [union/council, field/region, district, congregation]
  const offeringTypes = offeringTypeSeeds[religion].map((seed) => {
    const typeId = plan.offeringTypes.length + 1;
    plan.offeringTypes.push({
      id: typeId,
      institutionId: id,
      title: seed.title,
      churchBp: seed.church,
      fieldBp: seed.field,
      unionBp: seed.union,
      active: 1,
      createdAt: now,
    });
    return { id: typeId, ...seed };
  });
  const zoneCount = random.int(3, zoneNames[religion].length);
  const zoneIds = zoneNames[religion].slice(0, zoneCount).map((name) => {
    const zoneId = plan.zones.length + 1;
    plan.zones.push({ id: zoneId, institutionId: id, parentId: null, name, community: node.street, createdAt: now });
    return zoneId;
  });
  return {
    id,
    code: node.code,
    religion,
    branchId: plan.branchIdByCode[node.branch]!,
    unionId: chain[0]!,
    fieldId: chain[1]!,
    offeringTypes,
    zoneIds,
  };
}

/** Every level's default field (ADR 047); congregations also record when they were founded and how they worship. */
function planLevelFields(plan: StructurePlan, religionId: number, levelId: number, holdsMembers: boolean, now: Date) {
  const add = (field: Omit<Row<typeof s.customFields>, 'id' | 'religionId' | 'levelId' | 'createdAt'>) =>
    plan.customFields.push({ id: plan.customFields.length + 1, religionId, levelId, createdAt: now, ...field });
  add({ label: 'Registration number', dataType: 'text', minChars: null, maxChars: 40, items: null, isDefault: true });
  if (!holdsMembers) return;
  add({ label: 'Year founded', dataType: 'number', minChars: 4, maxChars: 4, items: null, isDefault: false });
  add({ label: 'Service language', dataType: 'choice', minChars: null, maxChars: null, items: ['Kiswahili', 'English', 'Arabic'], isDefault: false });
}

/** Values follow from the institution's id, not from `random`, so the rest of the demo data stays as it was. */
function planFieldValues(plan: StructurePlan, institutionId: number, levelId: number, code: string) {
  for (const field of plan.customFields.filter((candidate) => candidate.levelId === levelId)) {
    let value: string;
    if (field.isDefault) value = `SO-${code}-${1000 + ((institutionId * 7919) % 9000)}`;
    else if (field.dataType === 'number') value = String(1950 + ((institutionId * 37) % 66));
    else value = (field.items ?? ['Kiswahili'])[institutionId % (field.items?.length ?? 1)]!;
    plan.customFieldValues.push({ institutionId, fieldId: field.id!, value });
  }
}
