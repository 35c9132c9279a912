import type { I18n } from '@lingui/core';
import { locationLevelNames, seededRoleGroupNames } from '../../domain/messages-reference-names';

/** A role group's name as the reader says it: a seeded group's in their language, a group people named as typed. */
export function roleGroupName(i18n: I18n, name: string): string {
  const seeded = seededRoleGroupNames[name];
  return seeded ? i18n._(seeded) : name;
}

/** A role group's location level (a code) in the reader's language; a level no catalog knows shows as stored. */
export function locationLevelName(i18n: I18n, code: string): string {
  const known = locationLevelNames[code];
  return known ? i18n._(known) : code;
}
