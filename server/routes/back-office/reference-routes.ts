import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BankAccountList,
  BankAccountQuery,
  Branch,
  BranchInput,
  BranchList,
  BranchPatch,
  CurrencyDetails,
  CurrencyDetailsList,
  CurrencyInput,
  CurrencyPatch,
  FeatureCatalogue,
  Referrer,
  ReferrerInput,
  ReferrerList,
  ReferrerQuery,
  Religion,
  ReligionDetailsList,
  ReligionInput,
  ReligionPatch,
  RoleGroupInput,
  RoleGroupItem,
  RoleGroupList,
  RoleGroupPatch,
} from '../../../domain/api/back-office-reference';
import { IdParam } from '../../../domain/api/common';
import { ACTIONS, FEATURES } from '../../../domain/permissions';
import { listBankAccounts } from '../../services/reference/bank-accounts';
import { createBranch, listBranches, updateBranch } from '../../services/reference/branches';
import { createCurrency, listCurrencyDetails, updateCurrency } from '../../services/reference/currencies';
import { createReferrer, listReferrers } from '../../services/reference/referrers';
import { createReligion, listReligionDetails, updateReligion } from '../../services/reference/religions';
import { createRoleGroup, listRoleGroups, updateRoleGroup } from '../../services/reference/role-groups';
import { authOf } from '../auth/client-info';
import { callerOf } from './caller';

/** Branches, religions, currencies, bank accounts, role groups and referrers (issue 5). */
export async function referenceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['back-office'];

  // Any bank user reads branches and religions (the user and registration forms need them).
  app.get('/branches', { config: { access: 'bankStaff' }, schema: { tags, response: { 200: BranchList } } }, async () => listBranches(ctx));
  app.post('/branches', { config: { access: { feature: 'branches', action: 'create' } }, schema: { tags, body: BranchInput, response: { 201: Branch } } }, async (request, reply) =>
    reply.status(201).send(await createBranch(ctx, callerOf(request), request.body)),
  );
  app.patch('/branches/:id', { config: { access: { feature: 'branches', action: 'update' } }, schema: { tags, params: IdParam, body: BranchPatch, response: { 200: Branch } } }, async (request) =>
    updateBranch(ctx, callerOf(request), request.params.id, request.body),
  );

  app.get('/religions', { config: { access: 'bankStaff' }, schema: { tags, response: { 200: ReligionDetailsList } } }, async () => listReligionDetails(ctx));
  app.post('/religions', { config: { access: { feature: 'religions', action: 'create' } }, schema: { tags, body: ReligionInput, response: { 201: Religion } } }, async (request, reply) =>
    reply.status(201).send(await createReligion(ctx, callerOf(request), request.body)),
  );
  app.patch('/religions/:id', { config: { access: { feature: 'religions', action: 'update' } }, schema: { tags, params: IdParam, body: ReligionPatch, response: { 200: Religion } } }, async (request) =>
    updateReligion(ctx, callerOf(request), request.params.id, request.body),
  );

  app.get('/settings/currencies', { config: { access: { feature: 'currencies', action: 'view' } }, schema: { tags, response: { 200: CurrencyDetailsList } } }, async () => listCurrencyDetails(ctx));
  app.post(
    '/settings/currencies',
    { config: { access: { feature: 'currencies', action: 'create' } }, schema: { tags, body: CurrencyInput, response: { 201: CurrencyDetails } } },
    async (request, reply) => reply.status(201).send(await createCurrency(ctx, callerOf(request), request.body)),
  );
  app.patch(
    '/settings/currencies/:id',
    { config: { access: { feature: 'currencies', action: 'update' } }, schema: { tags, params: IdParam, body: CurrencyPatch, response: { 200: CurrencyDetails } } },
    async (request) => updateCurrency(ctx, callerOf(request), request.params.id, request.body),
  );

  app.get('/bank-accounts', { config: { access: { feature: 'bankAccounts', action: 'view' } }, schema: { tags, querystring: BankAccountQuery, response: { 200: BankAccountList } } }, async (request) =>
    listBankAccounts(ctx, authOf(request).user, request.query, request.t),
  );

  app.get('/role-groups', { config: { access: { feature: 'roleGroups', action: 'view' } }, schema: { tags, response: { 200: RoleGroupList } } }, async () => listRoleGroups(ctx));
  app.get('/features', { config: { access: { feature: 'roleGroups', action: 'view' } }, schema: { tags, response: { 200: FeatureCatalogue } } }, async () => ({
    features: [...FEATURES],
    actions: [...ACTIONS],
  }));
  app.post('/role-groups', { config: { access: { feature: 'roleGroups', action: 'create' } }, schema: { tags, body: RoleGroupInput, response: { 201: RoleGroupItem } } }, async (request, reply) =>
    reply.status(201).send(await createRoleGroup(ctx, callerOf(request), request.body)),
  );
  app.patch(
    '/role-groups/:id',
    { config: { access: { feature: 'roleGroups', action: 'update' } }, schema: { tags, params: IdParam, body: RoleGroupPatch, response: { 200: RoleGroupItem } } },
    async (request) => updateRoleGroup(ctx, callerOf(request), request.params.id, request.body),
  );

  app.get('/referrers', { config: { access: 'bankStaff' }, schema: { tags, querystring: ReferrerQuery, response: { 200: ReferrerList } } }, async (request) =>
    listReferrers(ctx, request.query),
  );
  app.post('/referrers', { config: { access: 'bankAdmin' }, schema: { tags, body: ReferrerInput, response: { 201: Referrer } } }, async (request, reply) =>
    reply.status(201).send(await createReferrer(ctx, callerOf(request), request.body)),
  );
}
