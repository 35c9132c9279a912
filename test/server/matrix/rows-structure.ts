import { customFields } from '../../../server/db/schema/reference';
import { createLevel, createReligion } from '../../factories/reference';
import { type MatrixArea, s } from './matrix-kit';

/**
 * The structure (issue 12): levels and custom fields are read by whoever sees the structure (bank
 * staff, the union) and managed by bank administrators only; the tree, the list and the profile
 * need the `structure` grant (treasurers and the mosque's administrator have none); values are
 * written with structure:update, which only the union's role group holds.
 */
export const structureRows: MatrixArea = {
  name: 'structure',
  setup: async ({ t, w, data }) => {
    const db = t.database.db;
    const religion = await createReligion(db, { nameEn: 'Matrix faith', nameSw: 'Imani ya matrix' });
    data.emptyLevelId = (await createLevel(db, { religionId: religion.id, rank: 1, code: 'matrixempty' })).id;
    const field = (level: number, label: string) => db.insert(customFields).values({ religionId: w.christian.id, levelId: level, label, dataType: 'text' }).returning();
    data.fieldToChange = (await field(w.churchA.levelId, 'Matrix change'))[0]!.id;
    data.fieldToDelete = (await field(w.churchA.levelId, 'Matrix delete'))[0]!.id;
  },
  rows: {
    'GET /api/levels': { expect: s(401, 200, 200, 200, 403, 403, 403) },
    'POST /api/levels': { payload: ({ w }) => ({ religionId: w.christian.id, code: 'matrixlevel', nameEn: 'Matrix', nameSw: 'Matrix' }), expect: s(401, 201, 403, 403, 403, 403, 403) },
    // The Islamic tree has one level in the matrix world: its order is just that level.
    'POST /api/levels/reorder': { payload: ({ w }) => ({ religionId: w.islam.id, levelIds: [w.mosque.levelId] }), expect: s(401, 200, 403, 403, 403, 403, 403) },
    'PUT /api/levels/:id': { url: ({ w }) => `/api/levels/${w.mosque.levelId}`, payload: { nameEn: 'Mosque', nameSw: 'Msikiti' }, expect: s(401, 200, 403, 403, 403, 403, 403) },
    'DELETE /api/levels/:id': { url: ({ data }) => `/api/levels/${data.emptyLevelId}`, expect: s(401, 204, 403, 403, 403, 403, 403) },
    'GET /api/custom-fields': { url: ({ w }) => `/api/custom-fields?levelId=${w.churchA.levelId}`, expect: s(401, 200, 200, 200, 403, 403, 403) },
    'POST /api/custom-fields': { payload: ({ w }) => ({ levelId: w.churchA.levelId, label: 'Matrix new', dataType: 'text' }), expect: s(401, 201, 403, 403, 403, 403, 403) },
    'PUT /api/custom-fields/:id': {
      url: ({ data }) => `/api/custom-fields/${data.fieldToChange}`,
      payload: ({ w }) => ({ levelId: w.churchA.levelId, label: 'Matrix changed', dataType: 'number' }),
      expect: s(401, 200, 403, 403, 403, 403, 403),
    },
    'DELETE /api/custom-fields/:id': { url: ({ data }) => `/api/custom-fields/${data.fieldToDelete}`, expect: s(401, 204, 403, 403, 403, 403, 403) },
    'GET /api/structure': { expect: s(401, 200, 200, 200, 403, 403, 403) },
    'GET /api/institutions': { expect: s(401, 200, 200, 200, 403, 403, 403) },
    'GET /api/institutions/export': { url: '/api/institutions/export?format=csv', expect: s(401, 200, 200, 200, 403, 403, 403) },
    // Mwenge is on the branch officer's branch and below the union.
    'GET /api/institutions/:id': { url: ({ w }) => `/api/institutions/${w.churchA.id}`, expect: s(401, 200, 200, 200, 403, 403, 403) },
    // Mwenge holds no file in the matrix world: whoever sees it gets 404, the others 403.
    'GET /api/institutions/:id/files/:fileId': { url: ({ w }) => `/api/institutions/${w.churchA.id}/files/1`, expect: s(401, 404, 404, 404, 403, 403, 403) },
    'PUT /api/institutions/:id/custom-fields': { url: ({ w }) => `/api/institutions/${w.churchA.id}/custom-fields`, payload: { values: [] }, expect: s(401, 403, 403, 204, 403, 403, 403) },
  },
};
