import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParam } from '../../../domain/api/common';
import {
  CustomField,
  CustomFieldInput,
  CustomFieldList,
  CustomFieldQuery,
  Level,
  LevelInput,
  LevelList,
  LevelQuery,
  LevelRename,
  LevelReorder,
} from '../../../domain/api/structure';
import { createCustomField, deleteCustomField, listCustomFields, updateCustomField } from '../../services/structure/custom-fields';
import { createLevel, deleteLevel, listLevels, renameLevel, reorderLevels } from '../../services/structure/levels';
import { authOf } from '../auth/client-info';
import { callerOf } from '../back-office/caller';
import { requireAnyGrantHook } from '../desk/desk-request';

/** Who reads the structure's levels and fields: those who see the structure, and those who manage religions. */
const STRUCTURE_READERS = [['structure', 'view'], ['religions', 'view']] as const;

/** Levels per religion and their custom fields (issue 12, ADR 047): read in scope, managed by bank administrators. */
export async function structureRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['structure'];
  const readers = { config: { access: 'user' as const }, onRequest: requireAnyGrantHook(STRUCTURE_READERS) };

  app.get('/levels', { ...readers, schema: { tags, querystring: LevelQuery, response: { 200: LevelList } } }, async (request) => ({
    data: await listLevels(ctx.database.db, authOf(request).user, request.query.religionId),
  }));
  app.post('/levels', { config: { access: 'bankAdmin' }, schema: { tags, body: LevelInput, response: { 201: Level } } }, async (request, reply) =>
    reply.status(201).send(await createLevel(ctx, callerOf(request), request.body)),
  );
  app.post('/levels/reorder', { config: { access: 'bankAdmin' }, schema: { tags, body: LevelReorder, response: { 200: LevelList } } }, async (request) => ({
    data: await reorderLevels(ctx, callerOf(request), request.body),
  }));
  app.put('/levels/:id', { config: { access: 'bankAdmin' }, schema: { tags, params: IdParam, body: LevelRename, response: { 200: Level } } }, async (request) =>
    renameLevel(ctx, callerOf(request), request.params.id, request.body),
  );
  app.delete('/levels/:id', { config: { access: 'bankAdmin' }, schema: { tags, params: IdParam } }, async (request, reply) => {
    await deleteLevel(ctx, callerOf(request), request.params.id);
    return reply.status(204).send();
  });

  app.get('/custom-fields', { ...readers, schema: { tags, querystring: CustomFieldQuery, response: { 200: CustomFieldList } } }, async (request) => ({
    data: await listCustomFields(ctx.database.db, authOf(request).user, request.query.levelId),
  }));
  app.post('/custom-fields', { config: { access: 'bankAdmin' }, schema: { tags, body: CustomFieldInput, response: { 201: CustomField } } }, async (request, reply) =>
    reply.status(201).send(await createCustomField(ctx, callerOf(request), request.body)),
  );
  app.put(
    '/custom-fields/:id',
    { config: { access: 'bankAdmin' }, schema: { tags, params: IdParam, body: CustomFieldInput, response: { 200: CustomField } } },
    async (request) => updateCustomField(ctx, callerOf(request), request.params.id, request.body),
  );
  app.delete('/custom-fields/:id', { config: { access: 'bankAdmin' }, schema: { tags, params: IdParam } }, async (request, reply) => {
    await deleteCustomField(ctx, callerOf(request), request.params.id);
    return reply.status(204).send();
  });
}
