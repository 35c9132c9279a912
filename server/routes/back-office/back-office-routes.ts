import type { FastifyInstance } from 'fastify';
import { institutionRoutes } from './institution-routes';
import { referenceRoutes } from './reference-routes';
import { registrationRoutes } from './registration-routes';
import { reportRoutes } from './report-routes';
import { requestRoutes } from './request-routes';
import { userRoutes } from './user-routes';

/** Every back-office route (issue 5), registered under the API prefix by app.ts. */
export async function backOfficeRoutes(app: FastifyInstance) {
  await app.register(requestRoutes);
  await app.register(userRoutes);
  await app.register(registrationRoutes);
  await app.register(institutionRoutes);
  await app.register(referenceRoutes);
  await app.register(reportRoutes);
}
