import type { FastifyInstance } from 'fastify';
import { affiliationRoutes } from './affiliation-routes';
import { institutionViewRoutes } from './institution-view-routes';
import { offeringRoutes } from './offering-routes';
import { structureRoutes } from './structure-routes';
import { zoneRoutes } from './zone-routes';

/** Church and mosque administration (issue 12): zones, offering types, custom fields, structure. */
export async function adminRoutes(app: FastifyInstance) {
  await app.register(zoneRoutes);
  await app.register(offeringRoutes);
  await app.register(structureRoutes);
  await app.register(institutionViewRoutes);
  await app.register(affiliationRoutes);
}
