import { coreBankAccounts } from '../../../server/db/schema/approvals';
import { createInstitution } from '../../factories/institutions';
import { type MatrixArea, s } from './matrix-kit';

/**
 * Affiliation (ADR 052): read with structure:view; asking for a move is decided by the service —
 * bank staff with requests:create, the union (structure:update) below its own institution. The
 * first asker's request is pending, so the later ones meet 409 "already pending": they got through.
 */
export const affiliationRows: MatrixArea = {
  name: 'affiliation',
  setup: async ({ t, w, data }) => {
    await t.database.db.insert(coreBankAccounts).values({ accountNumber: '0101999000001', accountName: 'MATRIX CHURCH', branchCode: w.branch.shortCode });
    data.otherDistrictId = (await createInstitution(t.database.db, { religionId: w.christian.id, levelId: w.district.levelId, parent: w.field, title: 'Matrix District' })).id;
  },
  rows: {
    'GET /api/institutions/:id/affiliation': { url: ({ w }) => `/api/institutions/${w.churchA.id}/affiliation`, expect: s(401, 200, 200, 200, 403, 403, 403) },
    'GET /api/institutions/:id/affiliation/parents': { url: ({ w }) => `/api/institutions/${w.churchA.id}/affiliation/parents`, expect: s(401, 200, 200, 200, 403, 403, 403) },
    'POST /api/institutions/:id/affiliation': {
      url: ({ w }) => `/api/institutions/${w.churchA.id}/affiliation`,
      payload: ({ data }) => ({ parentId: data.otherDistrictId as number }),
      expect: s(401, 201, 409, 409, 403, 403, 403),
    },
    // A new church under the district: the first asker's request is pending, the same abbreviation again is 409.
    'POST /api/institutions': {
      payload: ({ w }) => ({
        parentId: w.district.id,
        title: 'Matrix Church',
        abbreviation: 'MTXC',
        region: 'Dar es Salaam',
        district: 'Ubungo',
        street: 'Mtaa wa Matrix',
        accountNumber: '0101999000001',
        defaultUser: { name: 'Matrix Pastor', phone: '+255713999001', email: 'matrix.pastor@example.co.tz' },
      }),
      expect: s(401, 201, 409, 409, 403, 403, 403),
    },
  },
};
