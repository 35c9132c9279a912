import type { Descriptor } from './messages-descriptor';

/** Church and mosque administration (issue 12): structure, zones, offering types, custom fields. */
export const adminMessages = {
  // Zones
  zoneNeedsCongregation: /*i18n*/ { id: 'admin.zone.needsCongregation', message: 'Zones belong to a church or mosque: choose one' },
  zoneParentUnknown: /*i18n*/ { id: 'admin.zone.parentUnknown', message: 'The parent zone must be a zone of the same church or mosque' },
  zoneParentCycle: /*i18n*/ { id: 'admin.zone.parentCycle', message: 'A zone cannot be placed inside itself or one of its own sub-zones' },
  zoneNotEmpty: /*i18n*/ {
    id: 'admin.zone.notEmpty',
    message: 'This zone still has {members} members and {zones} sub-zones. Move them or merge the zone first.',
  },
  zoneMergeSelf: /*i18n*/ { id: 'admin.zone.mergeSelf', message: 'Choose another zone of the same church or mosque to merge into' },
  zoneMembersUnknown: /*i18n*/ { id: 'admin.zone.membersUnknown', message: 'Some chosen members are not members of this church or mosque' },
  // Offering types
  divisionsOver: /*i18n*/ { id: 'admin.divisions.over', message: 'The total of the divisions cannot exceed 100%' },
  divisionsUnder: /*i18n*/ { id: 'admin.divisions.under', message: 'The total of the divisions cannot fall below 100%' },
  offeringsInherited: /*i18n*/ {
    id: 'admin.offerings.inherited',
    message: 'This church or mosque uses the offering types of {parent}; they are managed there',
  },
  offeringInUseNotDeleted: /*i18n*/ { id: 'admin.offerings.inUse', message: 'This offering type has been used, so it can only be deactivated' },
  // Custom fields
  customFieldDefault: /*i18n*/ { id: 'admin.customField.default', message: 'The default custom field cannot be removed' },
  customFieldChars: /*i18n*/ { id: 'admin.customField.chars', message: 'The minimum characters cannot be more than the maximum' },
  customFieldItems: /*i18n*/ { id: 'admin.customField.items', message: 'A choice field needs at least one item' },
  customFieldValue: /*i18n*/ { id: 'admin.customField.value', message: '{field} is not valid' },
  customFieldAnswerStale: /*i18n*/ { id: 'admin.customField.answerStale', message: 'An answer no longer meets the rules of its custom field; the field was changed after the answer was given' },
  // Levels and structure
  levelOrder: /*i18n*/ { id: 'admin.level.order', message: 'In this order some institutions would sit at or above the level of their parent' },
  customFieldLevelUnknown: /*i18n*/ { id: 'admin.customField.levelUnknown', message: 'Choose a level of the structure' },
  customFieldNotOfLevel: /*i18n*/ { id: 'admin.customField.notOfLevel', message: 'This field does not belong to the level of this institution' },
  structureExportTitle: /*i18n*/ { id: 'admin.structure.exportTitle', message: 'Churches and mosques' },
  structureColLevel: /*i18n*/ { id: 'admin.structure.colLevel', message: 'Level' },
  structureColReligion: /*i18n*/ { id: 'admin.structure.colReligion', message: 'Religion' },
  structureColRegion: /*i18n*/ { id: 'admin.structure.colRegion', message: 'Region' },
  structureColParent: /*i18n*/ { id: 'admin.structure.colParent', message: 'Belongs to' },
  structureExportCut: /*i18n*/ { id: 'admin.structure.exportCut', message: 'Only the first {count} rows are in this file; narrow the filters for the rest' },
  levelInUse: /*i18n*/ { id: 'admin.level.inUse', message: 'This level holds {count} institutions, so it cannot be removed' },
  affiliationParentLevel: /*i18n*/ { id: 'admin.affiliation.parentLevel', message: 'The new parent must be one level above, in the same religion' },
  affiliationOwnSubtree: /*i18n*/ { id: 'admin.affiliation.ownSubtree', message: 'An institution cannot be moved under itself or under one of the institutions below it' },
  affiliationReligion: /*i18n*/ { id: 'admin.affiliation.religion', message: 'An institution cannot move to a parent of another religion' },
  affiliationSameParent: /*i18n*/ { id: 'admin.affiliation.sameParent', message: 'It already belongs to this parent' },
  affiliationTopLevel: /*i18n*/ { id: 'admin.affiliation.topLevel', message: 'An institution of the top level has no parent to change' },
  affiliationParentUnknown: /*i18n*/ { id: 'admin.affiliation.parentUnknown', message: 'Choose a new parent among the institutions you can see' },
  createNoLevelBelow: /*i18n*/ { id: 'admin.create.noLevelBelow', message: 'The structure has no level below this one' },
  affiliationParentInactive: /*i18n*/ { id: 'admin.affiliation.parentInactive', message: 'The new parent must be an active institution' },
} satisfies Record<string, Descriptor>;

/** Field names for "<field> can not be empty" in this area. */
export const adminFieldLabels = {
  community: /*i18n*/ { id: 'admin.field.community', message: 'Community' },
  label: /*i18n*/ { id: 'admin.field.label', message: 'Label' },
  levelCode: /*i18n*/ { id: 'admin.field.levelCode', message: 'Level code' },
  churchBp: /*i18n*/ { id: 'admin.field.churchShare', message: 'Church share' },
  fieldBp: /*i18n*/ { id: 'admin.field.fieldShare', message: 'Field share' },
  unionBp: /*i18n*/ { id: 'admin.field.unionShare', message: 'Union share' },
} satisfies Record<string, Descriptor>;
