import type { MatrixArea } from './matrix-kit';
import { adminRows } from './rows-admin';
import { affiliationRows } from './rows-affiliation';
import { backOfficeRows } from './rows-back-office';
import { deskRows } from './rows-desk';
import { deskBatchRows } from './rows-desk-batches';
import { foundationRows } from './rows-foundation';
import { givingPledgeRows } from './rows-giving-pledges';
import { memberRows } from './rows-members';
import { memberOpsRows } from './rows-member-ops';
import { memberImportRows } from './rows-members-import';
import { paymentRows } from './rows-payments';
import { pledgeRows } from './rows-pledges';
import { statsRows } from './rows-stats';
import { structureRows } from './rows-structure';
import { replicaRows } from './rows-replicas';
import { smsRows } from './rows-sms';
import { smsBuyRows } from './rows-smsbuy';
import { statementSendRows } from './rows-statement-sends';
import { unsentCashRows } from './rows-unsent-cash';

/** Every area's rows; a new area adds its file here (one line, so parallel work rarely collides). */
export const MATRIX_AREAS: MatrixArea[] = [foundationRows, deskRows, deskBatchRows, backOfficeRows, paymentRows, adminRows, statsRows, memberRows, memberOpsRows, memberImportRows, pledgeRows, structureRows, replicaRows, affiliationRows, smsRows, smsBuyRows, givingPledgeRows, statementSendRows, unsentCashRows];
