import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParam } from '../../../domain/api/common';
import { SmsCampaignCreated, SmsCampaignDetail, SmsCampaignInput, SmsCampaignPage, SmsCampaignQuery, SmsFailedPage, SmsResendResult } from '../../../domain/api/sms';
import { SubmittedRequest } from '../../../domain/api/back-office-users';
import { SmsTopUpRequestInput, SmsWallet } from '../../../domain/api/sms-topups';
import { SmsPrice, SmsPurchase, SmsPurchaseIdParam, SmsPurchaseInput } from '../../../domain/api/sms-purchases';
import { SMS_PURCHASE_CURRENCY } from '../../services/sms/purchases/purchase-deps';
import { apiPaths } from '../../../domain/api-paths';
import { createCampaign, type SmsActor } from '../../services/sms/campaigns/campaign-create';
import { campaignDetail, listCampaigns, listFailedSms } from '../../services/sms/campaigns/campaign-read';
import { resendFailed } from '../../services/sms/campaigns/campaign-resend';
import { requestSmsTopUp } from '../../services/sms/topups/request-topup';
import { readWallet } from '../../services/sms/topups/wallet-read';
import { authOf } from '../auth/client-info';
import { callerOf } from '../back-office/caller';

const actorOf = (request: FastifyRequest): SmsActor => {
  const { user, sessionId } = authOf(request);
  return { user, sessionId, ip: request.ip, userAgent: request.headers['user-agent'] };
};

/** SMS campaigns (issue 14, fixed contract; ADR 051): thin handlers over services/sms/campaigns. */
export async function smsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const view = { feature: 'sms', action: 'view' } as const;

  app.post(
    apiPaths.smsCampaigns,
    {
      config: { access: { feature: 'sms', action: 'create' } },
      schema: {
        tags: ['sms'],
        summary: 'Send an SMS to many: recipients and texts are fixed now, sent now or at scheduleAt, one wallet unit per message; what the balance cannot pay waits for a top-up',
        body: SmsCampaignInput,
        response: { 201: SmsCampaignCreated },
      },
    },
    async (request, reply) => reply.status(201).send(await createCampaign(ctx, actorOf(request), request.body)),
  );

  app.get(
    apiPaths.smsCampaigns,
    { config: { access: view }, schema: { tags: ['sms'], querystring: SmsCampaignQuery, response: { 200: SmsCampaignPage } } },
    async (request) => listCampaigns(ctx, authOf(request).user, request.query),
  );

  app.get(
    apiPaths.smsFailed,
    { config: { access: view }, schema: { tags: ['sms'], summary: 'Failed SMS across sends, newest first', querystring: SmsCampaignQuery, response: { 200: SmsFailedPage } } },
    async (request) => listFailedSms(ctx, authOf(request).user, request.query),
  );

  app.get(
    '/sms/campaigns/:id',
    { config: { access: view }, schema: { tags: ['sms'], params: IdParam, response: { 200: SmsCampaignDetail } } },
    async (request) => campaignDetail(ctx, authOf(request).user, request.params.id),
  );

  app.post(
    '/sms/campaigns/:id/resend-failed',
    {
      config: { access: { feature: 'sms', action: 'update' } },
      schema: { tags: ['sms'], summary: 'Send again, once, to every recipient whose message failed', params: IdParam, response: { 200: SmsResendResult } },
    },
    async (request) => resendFailed(ctx, actorOf(request), request.params.id),
  );

  app.post(
    apiPaths.smsTopUps,
    {
      config: { access: { feature: 'sms', action: 'create' } },
      schema: {
        tags: ['sms'],
        summary: 'Bank staff ask for an SMS top-up of an institution in their scope; a second bank user approves it (type sms-topup) and only then are the units added (ADR 057)',
        body: SmsTopUpRequestInput,
        response: { 201: SubmittedRequest },
      },
    },
    async (request, reply) => reply.status(201).send(await requestSmsTopUp(ctx, callerOf(request), request.body)),
  );

  app.get(
    '/sms/wallets/:id',
    { config: { access: view }, schema: { tags: ['sms'], summary: "One institution's SMS balance: bank staff and union level only (spec §6)", params: IdParam, response: { 200: SmsWallet } } },
    async (request) => readWallet(ctx, authOf(request).user, request.params.id),
  );

  app.get(
    apiPaths.smsPrice,
    { config: { access: view }, schema: { tags: ['sms'], summary: 'What one message costs when bought with mobile money (SMS_PRICE_MINOR, minor units of TZS)', response: { 200: SmsPrice } } },
    async () => ({ pricePerMessage: ctx.config.sms.priceMinor, currency: SMS_PURCHASE_CURRENCY }),
  );

  app.post(
    apiPaths.smsPurchases,
    {
      config: { access: { feature: 'sms', action: 'create' } },
      schema: {
        tags: ['sms'],
        summary: "A union-level user buys SMS with mobile money for the union's wallet or one below it: a push to the phone; the units arrive when the payment completes (ADR 058)",
        body: SmsPurchaseInput,
        response: { 201: SmsPurchase },
      },
    },
    async (request, reply) => reply.status(201).send(await ctx.smsPurchases.buy(authOf(request).user, request.body, request.t)),
  );

  app.get(
    '/sms/purchases/:id',
    {
      config: { access: view },
      schema: { tags: ['sms'], summary: 'One SMS purchase: pending, completed (the units are in the wallet) or failed with the reason', params: SmsPurchaseIdParam, response: { 200: SmsPurchase } },
    },
    async (request) => ctx.smsPurchases.view(authOf(request).user, request.params.id, request.t),
  );
}
