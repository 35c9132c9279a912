// The one place this feature meets the offline data layer (src/lib/offline).
export { registerMemberOffline } from '../../lib/offline/register-member';
export { searchLocalMembers } from '../../lib/offline/search-members';
export { offlineErrorMessage } from '../../lib/offline/error-messages';
export { loadPhoneRules, type PhoneRules } from '../../lib/offline/phone-rules';
export { useZones } from '../../lib/offline/hooks';
