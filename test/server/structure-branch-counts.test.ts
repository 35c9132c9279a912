import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutions, signatories, uploads } from '../../server/db/schema/institutions';
import { createMember } from '../factories/giving';
import { createInstitution } from '../factories/institutions';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

type Node = { id: number; institutionsBelow: number; members: number };

/** A branch user's counts on the structure cover the branch's institutions only, never another branch's below the same node. */
describe('structure counts for a branch user', () => {
  let t: TestApp;
  let w: World;
  const h = {} as Record<'admin' | 'branch', Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
    const db = t.database.db;
    // A church of the other branch inside the branch's district, with three members.
    const foreign = await createInstitution(db, { religionId: w.christian.id, levelId: w.churchA.levelId, parent: w.district, branchId: w.otherBranch.id, title: 'Other Branch Church' });
    for (let i = 0; i < 3; i += 1) await createMember(db, { institutionId: foreign.id });
    await createMember(db, { institutionId: w.churchA.id });
    for (const who of ['admin', 'branch'] as const) h[who] = { ...(await signIn(t.app, w.users[who])).headers, lang: 'en' };
  });
  afterAll(() => t.close());

  const node = async (who: 'admin' | 'branch', id: number): Promise<Node> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/structure?parentId=${id}`, headers: h[who] });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { parent: { node: Node } }).parent.node;
  };

  it('the admin counts every institution and member below; the branch officer only its branch', async () => {
    expect(await node('admin', w.district.id)).toMatchObject({ institutionsBelow: 3, members: 4 });
    expect(await node('branch', w.district.id)).toMatchObject({ institutionsBelow: 2, members: 1 });
    expect(await node('branch', w.union.id)).toMatchObject({ institutionsBelow: 4, members: 1 });
    const profile = await t.app.inject({ method: 'GET', url: `/api/institutions/${w.district.id}`, headers: h.branch });
    expect(profile.json()).toMatchObject({ institutionsBelow: 2, memberCount: 1 });
  });

  it('the logo and a signed form download for whoever sees the institution; another upload id or another branch is 404', async () => {
    const db = t.database.db;
    mkdirSync(t.ctx.config.uploadDir, { recursive: true });
    const stored = async (name: string) => {
      const storageName = `${name}-${Date.now()}.png`;
      writeFileSync(join(t.ctx.config.uploadDir, storageName), Buffer.from('png-bytes'));
      return (await db.insert(uploads).values({ storageName, originalName: `${name}.png`, mimeType: 'image/png', sizeBytes: 9 }).returning())[0]!.id;
    };
    const logo = await stored('logo');
    const form = await stored('form');
    const stray = await stored('stray');
    await db.update(institutions).set({ logoUploadId: logo }).where(eq(institutions.id, w.churchA.id));
    await db.insert(signatories).values({ institutionId: w.churchA.id, name: 'Asha', phone: '+255713000123', documentUploadId: form });
    const get = (who: 'admin' | 'branch', id: number, file: number) => t.app.inject({ method: 'GET', url: `/api/institutions/${id}/files/${file}`, headers: h[who] });
    const ok = await get('branch', w.churchA.id, logo);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-disposition']).toContain('attachment; filename="logo.png"');
    expect(ok.body).toBe('png-bytes');
    expect((await get('admin', w.churchA.id, form)).statusCode).toBe(200);
    expect((await get('admin', w.churchA.id, stray)).statusCode).toBe(404);
    expect((await get('branch', w.mosque.id, logo)).statusCode).toBe(404);
    const profile = (await t.app.inject({ method: 'GET', url: `/api/institutions/${w.churchA.id}`, headers: h.admin })).json();
    expect(profile).toMatchObject({ logoFileId: logo, signatories: [{ name: 'Asha', documentFileId: form }] });
  });
});
