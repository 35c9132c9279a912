import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, recordIdText } from '../../../domain/api/common';
import { CampaignInput, CampaignList, PledgeCreated, PledgeDetail, PledgeExportQuery, PledgeInput, PledgePage, PledgeQuery, RemindResult } from '../../../domain/api/pledges';
import { apiPaths } from '../../../domain/api-paths';
import { createCampaign, createPledge, type Actor } from '../../services/pledges/pledge-create';
import { listCampaigns, pledgeDetail } from '../../services/pledges/pledge-detail';
import { exportPledges } from '../../services/pledges/pledge-export';
import { listPledges } from '../../services/pledges/pledge-list';
import { remindNow } from '../../services/pledges/pledge-remind-now';
import { authOf } from '../auth/client-info';
import type { FastifyRequest } from 'fastify';
import { sendExportFile } from '../../lib/export/send-export';

const actorOf = (request: FastifyRequest): Actor => {
  const { user, sessionId } = authOf(request);
  return { user, sessionId, ip: request.ip, userAgent: request.headers['user-agent'] };
};

/** Pledges and pledge campaigns (issue 14, fixed contract): thin handlers over services/pledges. */
export async function pledgeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const view = { feature: 'pledges', action: 'view' } as const;
  const create = { feature: 'pledges', action: 'create' } as const;

  app.post(
    apiPaths.pledges,
    { config: { access: create }, schema: { tags: ['pledges'], body: PledgeInput, response: { 201: PledgeCreated } } },
    async (request, reply) => reply.status(201).send(await createPledge(ctx.database.db, actorOf(request), request.body, ctx.now())),
  );

  app.get(
    apiPaths.pledges,
    { config: { access: view }, schema: { tags: ['pledges'], querystring: PledgeQuery, response: { 200: PledgePage } } },
    async (request) => {
      const { limit, offset, cursor, ...filters } = request.query;
      return listPledges(ctx.database.db, authOf(request).user, filters, { limit, offset, cursor }, ctx.now(), request.t);
    },
  );

  app.get(
    apiPaths.pledgesExport,
    { config: { access: { feature: 'pledges', action: 'export' } }, schema: { tags: ['pledges'], querystring: PledgeExportQuery } },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const file = await exportPledges(ctx.database.db, authOf(request).user, filters, format, request.t, ctx.now(), ctx.config.exports.batchRows);
      return sendExportFile(reply, file);
    },
  );

  app.get(
    '/pledges/:id',
    { config: { access: view }, schema: { tags: ['pledges'], params: IdParam, response: { 200: PledgeDetail } } },
    async (request) => pledgeDetail(ctx.database.db, authOf(request).user, request.params.id, ctx.now()),
  );

  app.post(
    '/pledges/:id/remind',
    {
      config: { access: { feature: 'pledges', action: 'update' } },
      schema: {
        tags: ['pledges'],
        summary: 'Remind the member now by SMS, charged to the institution; at most one reminder per pledge per day (sent: false when today\'s went already)',
        params: IdParam,
        response: { 200: RemindResult },
      },
    },
    async (request) => remindNow(ctx, actorOf(request), request.params.id),
  );

  app.get(
    apiPaths.pledgeCampaigns,
    {
      config: { access: view },
      schema: { tags: ['pledges'], querystring: z.object({ institutionId: recordIdText.optional() }), response: { 200: CampaignList } },
    },
    async (request) => listCampaigns(ctx.database.db, authOf(request).user, request.query.institutionId),
  );

  app.post(
    apiPaths.pledgeCampaigns,
    { config: { access: create }, schema: { tags: ['pledges'], body: CampaignInput, response: { 201: z.object({ id: z.number().int() }) } } },
    async (request, reply) => reply.status(201).send(await createCampaign(ctx.database.db, actorOf(request), request.body, ctx.now())),
  );
}
