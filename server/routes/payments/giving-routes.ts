import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GivingMemberInput } from '../../../domain/api/giving-members';
import { GivingInstitution, GivingInstitutionList, InstitutionIdParam, InstitutionSearchQuery, KnownGiver, paymentApiPaths, PhoneLookupInput, PhoneLookupResult } from '../../../domain/api/payments';
import { messages } from '../../../domain/messages';
import { AppError, RateLimitedError } from '../../lib/app-error';
import { givingInstitution, lookupGiver, searchGivingInstitutions } from '../../services/payments/giving-lookup';
import { registerGivingMember } from '../../services/payments/giving-registration';
import { claimRateLimit } from '../../services/payments/rate-limit';

/**
 * The public giving page's look-ups and online member registration (no sign-in). Limited per
 * address (in the database, so every replica counts together) because they answer strangers; the
 * phone look-up is a POST so phone numbers never sit in access logs as part of a URL.
 */
export async function givingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  async function limit(request: FastifyRequest) {
    const verdict = await claimRateLimit(ctx.database.db, { key: `lookup:ip:${request.ip}`, limit: ctx.config.payments.lookupRatePerIp, windowMs: 60_000, now: ctx.now() });
    if (!verdict.allowed) throw new RateLimitedError(verdict.retryAfterSeconds);
  }

  /** Registrations write rows, so they count apart from the look-ups, over a longer window. */
  async function limitRegistrations(request: FastifyRequest) {
    const verdict = await claimRateLimit(ctx.database.db, {
      key: `register:ip:${request.ip}`,
      limit: ctx.config.payments.registrationRatePerIp,
      windowMs: 15 * 60_000,
      now: ctx.now(),
    });
    if (!verdict.allowed) throw new RateLimitedError(verdict.retryAfterSeconds);
  }

  app.post(
    '/giving/lookup-phone',
    { config: { access: 'public' }, schema: { tags: ['giving'], body: PhoneLookupInput, response: { 200: PhoneLookupResult } } },
    async (request) => {
      await limit(request);
      const found = await lookupGiver(ctx.database.db, request.body.phone);
      return { found: found.length > 0, members: found };
    },
  );

  app.get(
    '/giving/institutions',
    { config: { access: 'public' }, schema: { tags: ['giving'], querystring: InstitutionSearchQuery, response: { 200: GivingInstitutionList } } },
    async (request) => {
      await limit(request);
      return { data: await searchGivingInstitutions(ctx.database.db, request.query.search, request.locale) };
    },
  );

  app.get(
    '/giving/institutions/:id',
    { config: { access: 'public' }, schema: { tags: ['giving'], params: InstitutionIdParam, response: { 200: GivingInstitution } } },
    async (request) => {
      await limit(request);
      const institution = await givingInstitution(ctx.database.db, request.params.id, request.locale);
      if (!institution) throw new AppError(404, 'not_found', messages.paymentsInstitutionNotFound);
      return institution;
    },
  );

  app.post(
    paymentApiPaths.registerMember,
    { config: { access: 'public' }, schema: { tags: ['giving'], body: GivingMemberInput, response: { 201: KnownGiver } } },
    async (request, reply) => {
      await limitRegistrations(request);
      const member = await registerGivingMember(ctx, request.body, { ip: request.ip, userAgent: request.headers['user-agent'] });
      return reply.code(201).send(member);
    },
  );
}
