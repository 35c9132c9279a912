import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { institutions, signatories } from '../../db/schema/institutions';
import { errors } from '../../lib/app-error';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { findUpload, readUpload } from '../registration/uploads';

/**
 * An institution's logo or a signatory's signed form, for whoever sees the institution: the file
 * must be one this institution holds (never any upload by id), and the institution in scope. Unknown
 * and out of scope are the same 404.
 */
export async function institutionFile(ctx: AppContext, user: AuthUser, id: number, fileId: number) {
  const db = ctx.database.db;
  const [row] = await db.select({ logo: institutions.logoUploadId }).from(institutions).where(and(eq(institutions.id, id), institutionScope(user)));
  if (!row) throw errors.notFound();
  const [signed] = await db.select({ id: signatories.id }).from(signatories).where(and(eq(signatories.institutionId, id), eq(signatories.documentUploadId, fileId)));
  if (row.logo !== fileId && !signed) throw errors.notFound();
  const upload = await findUpload(ctx, fileId);
  if (!upload) throw errors.notFound();
  return { upload, bytes: await readUpload(ctx, upload) };
}
