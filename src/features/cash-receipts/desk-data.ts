// The one place this feature meets the offline data layer (src/lib/offline), so a change in its
// module layout touches one file.
export { closeBatch, openBatch } from '../../lib/offline/batches';
export { recordReceipt } from '../../lib/offline/record-receipt';
export { searchLocalMembers } from '../../lib/offline/search-members';
export { refreshOfflineCache } from '../../lib/offline/refresh-cache';
export { refreshBatches } from '../../lib/offline/refresh-batches';
export { offlineErrorMessage } from '../../lib/offline/error-messages';
export { useBatchReceipts, useBatches, useCurrencies, useFlushState, useLocalReceipts, useOfferingTypes, usePendingCount } from '../../lib/offline/hooks';
export { loadPhoneRules, phoneRulesIfLoaded, type PhoneRules } from '../../lib/offline/phone-rules';
export { flag, integer, list, nullable, oneOf, optional, record, replyParser, text, type Reader } from '../../lib/reply-checks';
