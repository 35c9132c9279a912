import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EntityTypeCount,
  Menu,
  PendingRegistration,
  ProfileIdParam,
  ReligionList,
  SetReligionInput,
  SetReligionResult,
  SmsBalance,
  SmsTopUpHistoryInput,
} from '../../../domain/api/shell';
import { apiPaths } from '../../../domain/api-paths';
import { errors } from '../../lib/app-error';
import { buildMenu } from '../../services/shell/menu';
import { pendingRequestCounts } from '../../services/shell/pending-counts';
import { entityManagesOfferings, listReligions, setActiveReligion } from '../../services/shell/religions';
import { smsBalance } from '../../services/shell/sms-balance';
import { authOf } from '../auth/client-info';

// The client may POST with no body at all, which Fastify hands over as null.
const SmsTopUpHistoryBody = z.union([SmsTopUpHistoryInput, z.null()]);

/** The layout's calls (spec section 7), except search and logout which live with their siblings. */
export async function shellRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    '/generateMenu/:profileId',
    // signedIn, not user: someone who must still change the default password sees their menu,
    // blocked by the overlay (spec section 4) — its pages stay refused until they change it.
    { config: { access: 'signedIn' }, schema: { tags: ['shell'], params: ProfileIdParam, response: { 200: Menu } } },
    async (request) => {
      const auth = authOf(request);
      // A menu is only ever built for the caller: another user's id would reveal their grants.
      if (request.params.profileId !== auth.user.id) throw errors.forbidden();
      return buildMenu(auth.user, request.t);
    },
  );

  app.post(
    apiPaths.smsTopUpHistory,
    { config: { access: 'user' }, schema: { tags: ['shell'], body: SmsTopUpHistoryBody, response: { 200: SmsBalance } } },
    async (request) => smsBalance(ctx, authOf(request).user, request.body?.search),
  );

  app.get(
    apiPaths.getReligion,
    { config: { access: 'user' }, schema: { tags: ['shell'], response: { 200: ReligionList } } },
    async (request) => ({ data: await listReligions(ctx, authOf(request), request.locale) }),
  );

  app.post(
    apiPaths.setReligion,
    { config: { access: 'bankAdmin' }, schema: { tags: ['shell'], body: SetReligionInput, response: { 200: SetReligionResult } } },
    async (request) => setActiveReligion(ctx, authOf(request), request.body.religionId, request.ip),
  );

  app.get(
    apiPaths.getEntityTypeCount,
    { config: { access: 'user' }, schema: { tags: ['shell'], response: { 200: EntityTypeCount } } },
    async (request) => entityManagesOfferings(ctx, authOf(request)),
  );

  app.get(
    apiPaths.getTotalPendingRegistration,
    { config: { access: { feature: 'requests', action: 'view' } }, schema: { tags: ['shell'], response: { 200: PendingRegistration } } },
    async (request) => pendingRequestCounts(ctx, authOf(request).user),
  );
}
