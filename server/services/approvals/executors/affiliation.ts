import type { AffiliationPayload } from '../../../../domain/api/back-office';
import { messages } from '../../../../domain/messages';
import { loadMoveEnd, moveRefusal } from '../../affiliation/move-rules';
import { moveSubtree } from '../../affiliation/move-subtree';
import { ExecutionDenied } from '../denied';
import type { AfterCommit, ExecutionEnv } from '../executor';

/**
 * `application`, kind `affiliation`: the move happens now, in the approval's transaction. The rules
 * are checked again against today's tree (a parent disabled or moved since the request was made
 * denies it with the reason instead of building a cycle or a wrong level).
 */
export async function executeAffiliation(env: ExecutionEnv, p: AffiliationPayload): Promise<AfterCommit[]> {
  const [institution, parent] = await Promise.all([loadMoveEnd(env.db, p.institutionId), loadMoveEnd(env.db, p.toParentId)]);
  if (!institution || !parent || institution.status !== 'active') throw new ExecutionDenied(messages.boDeniedSubjectGone);
  const refusal = moveRefusal(institution, parent);
  if (refusal) throw new ExecutionDenied(refusal);
  await moveSubtree(env.db, institution, parent, { requestId: env.requestId, movedBy: env.checkerId, now: env.now });
  return [];
}
