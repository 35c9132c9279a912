import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UploadInfo } from '../../../domain/api/back-office';
import { SubmittedRequest } from '../../../domain/api/back-office-users';
import { MessageBody } from '../../../domain/api/common';
import {
  AmendmentInput,
  BankAccountStep,
  INSTITUTION_ACCESS_HEADER,
  InstitutionAccess,
  InstitutionAccessCodeInput,
  InstitutionAccessVerifyInput,
  PublicNewAccountInput,
  DefaultUserStep,
  ExtrasStep,
  InstitutionStep,
  REGISTRATION_TOKEN_HEADER,
  RegistrationOptions,
  RegistrationStarted,
  RegistrationView,
  SignatoriesStep,
  StartRegistrationInput,
  UploadQuery,
} from '../../../domain/api/back-office-registration';
import { MAX_UPLOAD_BYTES } from '../../../domain/limits';
import { messages } from '../../../domain/messages';
import { AppError } from '../../lib/app-error';
import { tableBankCore } from '../../services/registration/bank-core';
import { assertEditable, draftByToken, startRegistration, toView } from '../../services/registration/drafts';
import { registrationOptions } from '../../services/registration/options';
import { saveBankAccount, saveDefaultUser, saveExtras, saveInstitution, saveSignatories, submitRegistration } from '../../services/registration/steps';
import { publicAmendment, publicNewAccount, sendInstitutionAccessCode, verifyInstitutionAccess } from '../../services/registration/institution-access';
import { assertDraftHasRoom, storeUpload, toUploadInfo } from '../../services/registration/uploads';

const applicant = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });
const accessClient = (request: FastifyRequest) => ({ ...applicant(request), t: request.t });
const accessTokenOf = (request: FastifyRequest) => {
  const value = request.headers[INSTITUTION_ACCESS_HEADER];
  return typeof value === 'string' ? value : undefined;
};

const tokenOf = (request: FastifyRequest) => {
  const value = request.headers[REGISTRATION_TOKEN_HEADER];
  return typeof value === 'string' ? value : undefined;
};

/**
 * Public self-registration of a church or mosque (issue 5): no sign-in; the draft is found by the
 * token the applicant got at the start. Every step is checked on the server as it is saved.
 */
export async function registrationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const core = tableBankCore(ctx.database.db);
  const tags = ['registration'];
  const open = { access: 'public' } as const;

  app.get('/registration-options', { config: open, schema: { tags, response: { 200: RegistrationOptions } } }, async (request) => registrationOptions(ctx, request.locale));

  const startDescription = [
    'Starts a draft and answers its bearer token (send it as `X-Registration-Token`).',
    `Limited: ${ctx.config.registration.draftsPerIp} starts per network address and ${ctx.config.registration.draftsPerPhone} per applicant phone`,
    `within ${ctx.config.registration.draftWindowMs / 60_000} minutes (every attempt counts); over either: 429 \`rate_limited\`, nothing created.`,
    'An unfinished draft for the same phone or email: 409 `unfinished_exists`.',
  ].join(' ');
  const uploadDescription = [
    'One file (`file`, multipart) into the draft: PDF, PNG or JPEG by content, at most 15 MB (413 `upload_too_large`).',
    `A draft holds at most ${ctx.config.registration.maxDocuments} files (409 \`upload_limit\`) and ${ctx.config.registration.maxDraftBytes / (1024 * 1024)} MB`,
    'in total (413 `upload_total_too_large`); a refused upload stores nothing. A submitted draft: 409 `registration_locked`.',
  ].join(' ');

  app.post('/registrations', { config: open, schema: { tags, description: startDescription, body: StartRegistrationInput, response: { 201: RegistrationStarted } } }, async (request, reply) => {
    const { token, row } = await startRegistration(ctx, request.body, applicant(request));
    return reply.status(201).send({ token, registration: await toView(ctx.database.db, row) });
  });

  app.get('/registrations/current', { config: open, schema: { tags, response: { 200: RegistrationView } } }, async (request) =>
    toView(ctx.database.db, await draftByToken(ctx, tokenOf(request))),
  );

  app.put('/registrations/current/institution', { config: open, schema: { tags, body: InstitutionStep, response: { 200: RegistrationView } } }, async (request) =>
    saveInstitution(ctx, await draftByToken(ctx, tokenOf(request)), request.body),
  );
  app.put('/registrations/current/bank-account', { config: open, schema: { tags, body: BankAccountStep, response: { 200: RegistrationView } } }, async (request) =>
    saveBankAccount(ctx, core, await draftByToken(ctx, tokenOf(request)), request.body),
  );
  app.put('/registrations/current/signatories', { config: open, schema: { tags, body: SignatoriesStep, response: { 200: RegistrationView } } }, async (request) =>
    saveSignatories(ctx, await draftByToken(ctx, tokenOf(request)), request.body),
  );
  app.put('/registrations/current/default-user', { config: open, schema: { tags, body: DefaultUserStep, response: { 200: RegistrationView } } }, async (request) =>
    saveDefaultUser(ctx, await draftByToken(ctx, tokenOf(request)), request.body),
  );
  app.put('/registrations/current/extras', { config: open, schema: { tags, body: ExtrasStep, response: { 200: RegistrationView } } }, async (request) =>
    saveExtras(ctx, await draftByToken(ctx, tokenOf(request)), request.body),
  );
  app.post('/registrations/current/submit', { config: open, schema: { tags, response: { 200: RegistrationView } } }, async (request) =>
    submitRegistration(ctx, core, await draftByToken(ctx, tokenOf(request)), applicant(request)),
  );

  // "Request new account" / "change institution details" from the sign-in page: proof by a code to a known phone.
  app.post('/institution-access/code', { config: open, schema: { tags, body: InstitutionAccessCodeInput, response: { 200: MessageBody } } }, async (request) => {
    await sendInstitutionAccessCode(ctx, request.body, accessClient(request));
    return { message: request.t(messages.boAccessCodeSent) };
  });
  app.post('/institution-access/verify', { config: open, schema: { tags, body: InstitutionAccessVerifyInput, response: { 200: InstitutionAccess } } }, async (request) =>
    verifyInstitutionAccess(ctx, request.body, accessClient(request)),
  );
  app.post('/institution-access/bank-accounts', { config: open, schema: { tags, body: PublicNewAccountInput, response: { 201: SubmittedRequest } } }, async (request, reply) =>
    reply.status(201).send(await publicNewAccount(ctx, core, accessTokenOf(request), request.body, accessClient(request))),
  );
  app.post('/institution-access/amendments', { config: open, schema: { tags, body: AmendmentInput, response: { 201: SubmittedRequest } } }, async (request, reply) =>
    reply.status(201).send(await publicAmendment(ctx, accessTokenOf(request), request.body, accessClient(request))),
  );

  // Uploads opt in to multipart here only; everywhere else the API stays JSON-only.
  await app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 50 } });
    scoped.withTypeProvider<ZodTypeProvider>().post(
      '/registrations/current/uploads',
      { config: open, schema: { tags, description: uploadDescription, querystring: UploadQuery, response: { 201: UploadInfo } } },
      async (request, reply) => {
        // The token and the draft's room first: nobody without a live draft with room left gets to send 15 MB.
        const row = await draftByToken(ctx, tokenOf(request));
        assertEditable(row);
        await assertDraftHasRoom(ctx, row.id);
        if (!request.isMultipart()) throw new AppError(400, 'upload_missing', messages.boUploadMissing);
        const file = await request.file();
        if (!file) throw new AppError(400, 'upload_missing', messages.boUploadMissing);
        let bytes: Buffer;
        try {
          bytes = await file.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'upload_too_large', messages.boUploadTooLarge);
          throw error;
        }
        const stored = await storeUpload(ctx, { bytes, fileName: file.filename, purpose: (request.query as { purpose: 'document' | 'logo' }).purpose, registrationId: row.id, uploadedBy: null });
        return reply.status(201).send(toUploadInfo(stored));
      },
    );
  });
}
