import { zones } from '../../../server/db/schema/institutions';
import { createOfferingType } from '../../factories/desk';
import { createMember } from '../../factories/giving';
import { type MatrixArea, s, signedInRoutes } from './matrix-kit';

/**
 * Church and mosque administration (issue 12). Zones: read by whoever manages groups or reads
 * members; written with the `groups` grant (bank staff have none) inside the caller's subtree, so
 * the mosque's administrator, who may write zones, meets Mwenge's zone as unknown (404).
 */
export const adminRows: MatrixArea = {
  name: 'admin',
  setup: async ({ t, w, data }) => {
    const [zone] = await t.database.db.insert(zones).values({ institutionId: w.churchA.id, name: 'Matrix zone' }).returning();
    const member = await createMember(t.database.db, { institutionId: w.churchA.id, zoneId: zone!.id });
    data.zoneId = zone!.id;
    data.zoneMemberId = member.id;
    data.typeToChange = (await createOfferingType(t.database.db, { institutionId: w.churchA.id, title: 'Matrix change' })).id;
    data.typeToDelete = (await createOfferingType(t.database.db, { institutionId: w.churchA.id, title: 'Matrix delete' })).id;
  },
  rows: {
    'GET /api/zones': { expect: signedInRoutes(200) },
    // The union names no congregation, so it is told to choose one (400); a congregation's own users create.
    'POST /api/zones': { payload: { name: 'Matrix new zone' }, expect: s(401, 403, 403, 400, 201, 201, 403) },
    'PATCH /api/zones/:id': { url: ({ data }) => `/api/zones/${data.zoneId}`, payload: { community: 'Matrix' }, expect: s(401, 403, 403, 200, 200, 404, 403) },
    // Only the mosque's role group holds groups:delete; the zone is not the mosque's.
    'DELETE /api/zones/:id': { url: ({ data }) => `/api/zones/${data.zoneId}`, expect: s(401, 403, 403, 403, 403, 404, 403) },
    // Merging a zone into itself is refused (400) once the caller is past the grant and the scope.
    'POST /api/zones/:id/merge': { url: ({ data }) => `/api/zones/${data.zoneId}/merge`, payload: ({ data }) => ({ intoZoneId: data.zoneId }), expect: s(401, 403, 403, 400, 400, 404, 403) },
    'POST /api/zones/move-members': {
      payload: ({ data }) => ({ memberIds: [data.zoneMemberId], zoneId: data.zoneId }),
      expect: s(401, 403, 403, 200, 200, 400, 403),
    },
    // Offering types: the union (all) and the mosque (all) manage; the treasurer only reads. Mwenge's
    // types are the union's to change (Mwenge is below it), unknown (404) to the mosque.
    'GET /api/offering-types/settings': { expect: s(401, 403, 403, 200, 200, 200, 403) },
    'POST /api/offering-types': { payload: { title: 'Matrix type', churchBp: 10_000, fieldBp: 0, unionBp: 0 }, expect: s(401, 403, 403, 201, 403, 201, 403) },
    'PUT /api/offering-types/:id': {
      url: ({ data }) => `/api/offering-types/${data.typeToChange}`,
      payload: { title: 'Matrix changed', churchBp: 10_000, fieldBp: 0, unionBp: 0 },
      expect: s(401, 403, 403, 200, 403, 404, 403),
    },
    'DELETE /api/offering-types/:id': { url: ({ data }) => `/api/offering-types/${data.typeToDelete}`, expect: s(401, 403, 403, 204, 403, 404, 403) },
  },
};
