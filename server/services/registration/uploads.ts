import { randomUUID } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { UploadInfo } from '../../../domain/api/back-office';
import { MAX_UPLOAD_BYTES } from '../../../domain/limits';
import { messages } from '../../../domain/messages';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { registrations } from '../../db/schema/approvals';
import { uploads } from '../../db/schema/institutions';
import { AppError, errors } from '../../lib/app-error';

/** Accepted by what the bytes are, not by the name or the declared type. */
const ACCEPTED: Record<string, string> = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg' };

export type UploadRow = typeof uploads.$inferSelect;

export function toUploadInfo(row: UploadRow): UploadInfo {
  return { id: row.id, name: row.originalName, mimeType: row.mimeType, sizeBytes: row.sizeBytes, url: `/api/uploads/${row.id}` };
}

/**
 * A name that claims a type must be that type: "form.pdf" holding PNG bytes is refused rather than
 * served later to a checker under a misleading name. A name without an extension is fine.
 */
function nameAgrees(fileName: string, extension: string): boolean {
  const claimed = /\.([A-Za-z0-9]{1,8})$/.exec(fileName)?.[1]?.toLowerCase();
  if (!claimed) return true;
  return claimed === extension || (extension === 'jpg' && claimed === 'jpeg');
}

/** Keeps a display name only: no path, no control characters, bounded. */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(0, 120);
  return cleaned || 'document';
}

/** Files and bytes a draft holds so far. */
async function draftUsage(db: Db, registrationId: number): Promise<{ files: number; bytes: number }> {
  const [used] = await db
    .select({ files: count(), bytes: sql<string>`coalesce(sum(${uploads.sizeBytes}), 0)` })
    .from(uploads)
    .where(eq(uploads.registrationId, registrationId));
  return { files: Number(used?.files ?? 0), bytes: Number(used?.bytes ?? 0) };
}

const countLimit = (ctx: Pick<AppContext, 'config'>) =>
  new AppError(409, 'upload_limit', messages.boUploadCountLimit, { max: ctx.config.registration.maxDocuments });
const totalLimit = (ctx: Pick<AppContext, 'config'>) =>
  new AppError(413, 'upload_total_too_large', messages.boUploadTotalTooLarge, { mb: Math.floor(ctx.config.registration.maxDraftBytes / (1024 * 1024)) });

/**
 * Said before the body is read, so nobody streams 15 MB into a draft that is already full. Only a
 * courtesy: the binding check is the locked one in `storeUpload`.
 */
export async function assertDraftHasRoom(ctx: AppContext, registrationId: number): Promise<void> {
  const used = await draftUsage(ctx.database.db, registrationId);
  if (used.files >= ctx.config.registration.maxDocuments) throw countLimit(ctx);
  if (used.bytes >= ctx.config.registration.maxDraftBytes) throw totalLimit(ctx);
}

/**
 * Stores one uploaded file: at most 15 MB, and a PDF, PNG or JPEG by its content (a ".pdf" that is
 * really a PNG is stored as the PNG it is; an executable is refused whatever its name). The file
 * goes to DATA_DIR/uploads under a generated name; the original name is kept only for display.
 *
 * Into a draft, the draft's row is locked while its files are counted, so parallel uploads cannot
 * all see room: at most REGISTRATION_MAX_DOCUMENTS files and REGISTRATION_MAX_DRAFT_MB in total,
 * and only while the draft is unfinished. The upload also counts as touching the draft (it is not
 * abandoned while files keep arriving). A refused upload writes nothing.
 */
export async function storeUpload(
  ctx: AppContext,
  input: { bytes: Buffer; fileName: string; purpose: 'document' | 'logo'; registrationId: number | null; uploadedBy: number | null },
): Promise<UploadRow> {
  if (input.bytes.length === 0) throw new AppError(400, 'upload_missing', messages.boUploadMissing);
  if (input.bytes.length > MAX_UPLOAD_BYTES) throw new AppError(413, 'upload_too_large', messages.boUploadTooLarge);
  const detected = await fileTypeFromBuffer(input.bytes);
  const extension = detected ? ACCEPTED[detected.mime] : undefined;
  // A logo must be a picture; a signed document may be a scan (picture) or a PDF.
  if (!detected || !extension || (input.purpose === 'logo' && detected.mime === 'application/pdf') || !nameAgrees(input.fileName, extension)) {
    throw new AppError(415, 'upload_type', messages.boUploadType);
  }
  const storageName = `${randomUUID()}.${extension}`;
  const path = join(ctx.config.uploadDir, storageName);
  const now = ctx.now();
  const values = {
    storageName,
    originalName: cleanName(input.fileName),
    mimeType: detected.mime,
    sizeBytes: input.bytes.length,
    uploadedBy: input.uploadedBy,
    registrationId: input.registrationId,
    purpose: input.purpose,
    createdAt: now,
  };
  await mkdir(ctx.config.uploadDir, { recursive: true });
  const registrationId = input.registrationId;
  try {
    return await ctx.database.db.transaction(async (tx) => {
      if (registrationId !== null) {
        const [draft] = await tx.select({ status: registrations.status }).from(registrations).where(eq(registrations.id, registrationId)).for('update');
        if (draft?.status !== 'unfinished') throw new AppError(409, 'registration_locked', messages.boRegistrationLocked);
        const used = await draftUsage(tx, registrationId);
        if (used.files >= ctx.config.registration.maxDocuments) throw countLimit(ctx);
        if (used.bytes + input.bytes.length > ctx.config.registration.maxDraftBytes) throw totalLimit(ctx);
        await tx.update(registrations).set({ updatedAt: now }).where(eq(registrations.id, registrationId));
      }
      await writeFile(path, input.bytes, { flag: 'wx', mode: 0o600 });
      const [row] = await tx.insert(uploads).values(values).returning();
      return row!;
    });
  } catch (error) {
    // Refused, or the row did not commit: no file may stay behind without its row.
    await removeFile(path);
    throw error;
  }
}

/** Deletes a stored file; one already gone is fine (a retried prune, a file never written). */
export async function removeFile(path: string): Promise<void> {
  try {
    await unlink(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

export async function findUpload(ctx: AppContext, id: number): Promise<UploadRow | null> {
  const [row] = await ctx.database.db.select().from(uploads).where(eq(uploads.id, id));
  return row ?? null;
}

/** The stored bytes; a record whose file is missing (e.g. seeded history) answers 404. */
export async function readUpload(ctx: AppContext, row: UploadRow): Promise<Buffer> {
  if (!/^[A-Za-z0-9-]+\.(pdf|png|jpg)$/.test(row.storageName)) throw errors.notFound();
  try {
    return await readFile(join(ctx.config.uploadDir, row.storageName));
  } catch {
    throw errors.notFound();
  }
}
