import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CancelPaymentInput,
  ConfirmTransferInput,
  CreditResult,
  FailedCreditPage,
  FailedCreditQuery,
  IDEMPOTENCY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  IdempotencyKey,
  PaymentCreated,
  PaymentIdParam,
  PaymentInput,
  PaymentStatusView,
  PendingPushPage,
  PendingPushQuery,
} from '../../../domain/api/payments';
import { messages } from '../../../domain/messages';
import { AppError, errors } from '../../lib/app-error';
import { listFailedCredits } from '../../services/payments/failed-credits';
import { listPendingPushes } from '../../services/payments/pending-pushes';
import { logActivity } from '../../services/auth/activity';
import { authOf } from '../auth/client-info';

/**
 * Payments (issue 4). `POST /payments` is public (the giving page) and also the staff desk push
 * when a signed-in user calls it (then push:create and the institution in scope are required,
 * checked by the service). `GET /payments/{id}` is public: the id is a random UUID, and the answer
 * carries no personal data beyond a masked phone.
 */
export async function paymentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  /** Staff money actions go to the activity log: who, what, when, from where (payments' own history is in payment_events). */
  const audit = (request: FastifyRequest, action: string, paymentId: string, details: string) => {
    if (!request.auth) return Promise.resolve();
    return logActivity(ctx.database.db, {
      userId: request.auth.user.id,
      sessionId: request.auth.sessionId,
      action,
      entityType: 'transaction',
      entityId: paymentId,
      details,
      ipAddress: request.ip,
      userAgent: request.headers['user-agent'],
      at: ctx.now(),
    });
  };

  app.post(
    '/payments',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        headers: z.object({ [IDEMPOTENCY_HEADER]: z.string().optional() }),
        body: PaymentInput,
        response: { 201: PaymentCreated },
      },
    },
    async (request, reply) => {
      // A desk push whose session has ended must not quietly become an anonymous gift.
      if (request.headers.authorization && !request.auth) throw errors.sessionExpired();
      const key = IdempotencyKey.safeParse(request.headers[IDEMPOTENCY_HEADER]);
      if (!key.success) throw new AppError(400, 'idempotency_key_required', messages.paymentsIdempotencyKeyRequired);
      const result = await ctx.payments.create({ input: request.body, key: key.data, actor: request.auth?.user ?? null, ip: request.ip });
      if (result.replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      else await audit(request, 'payment.push', result.body.id, `${result.body.method} ${result.body.amount} ${result.body.currency} institution ${request.body.institutionId}`);
      // Stored answers are always 201 (a created payment); refusals are errors and are never stored.
      return reply.status(201).send(result.body);
    },
  );

  app.get(
    '/payments/pending',
    {
      config: { access: { feature: 'push', action: 'view' } },
      schema: { tags: ['payments'], querystring: PendingPushQuery, response: { 200: PendingPushPage } },
    },
    async (request) => listPendingPushes(ctx.database.db, authOf(request).user, request.query, request.t),
  );

  app.get(
    '/payments/failed-credits',
    {
      config: { access: { feature: 'transactions', action: 'view' } },
      schema: { tags: ['payments'], querystring: FailedCreditQuery, response: { 200: FailedCreditPage } },
    },
    async (request) => listFailedCredits(ctx.database.db, authOf(request).user, request.query, request.t),
  );

  app.get(
    '/payments/:id',
    {
      config: { access: 'public' },
      schema: { tags: ['payments'], params: PaymentIdParam, response: { 200: PaymentStatusView } },
    },
    async (request) => {
      const view = await ctx.payments.status(request.params.id, request.t);
      if (!view) throw errors.notFound();
      return view;
    },
  );

  app.post(
    '/payments/:id/check',
    {
      config: { access: { feature: 'push', action: 'view' } },
      schema: { tags: ['payments'], params: PaymentIdParam, response: { 200: PaymentStatusView } },
    },
    async (request) => ctx.payments.check(request.params.id, authOf(request).user, request.t),
  );

  // Cancelling changes a payment, so push:update; a viewer is refused before the body is read.
  app.post(
    '/payments/:id/cancel',
    {
      config: { access: { feature: 'push', action: 'update' } },
      schema: { tags: ['payments'], params: PaymentIdParam, body: CancelPaymentInput, response: { 200: PaymentStatusView } },
    },
    async (request) => {
      const view = await ctx.payments.cancel(request.params.id, authOf(request).user, request.t, request.body?.reason);
      await audit(request, 'payment.cancel', view.id, `${view.status} ${request.body?.reason ?? ''}`.trim());
      return view;
    },
  );

  app.post(
    '/payments/:id/confirm-transfer',
    {
      config: { access: { feature: 'bankAccounts', action: 'update' } },
      schema: { tags: ['payments'], params: PaymentIdParam, body: ConfirmTransferInput, response: { 200: PaymentStatusView } },
    },
    async (request) => {
      const view = await ctx.payments.confirmTransfer(request.params.id, authOf(request).user, request.body, request.t);
      await audit(request, 'payment.transfer-confirmed', view.id, `${request.body.bankReference} ${request.body.amount}`);
      return view;
    },
  );

  app.post(
    '/payments/:id/retry-credit',
    {
      config: { access: { feature: 'bankAccounts', action: 'update' } },
      schema: { tags: ['payments'], params: PaymentIdParam, response: { 200: CreditResult } },
    },
    async (request) => {
      const result = await ctx.payments.retryCredit(request.params.id, authOf(request).user, request.t);
      await audit(request, 'payment.credit-retry', result.id, result.creditStatus);
      return result;
    },
  );
}
