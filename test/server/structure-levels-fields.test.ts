import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customFieldValues } from '../../server/db/schema/institutions';
import { customFields, institutionLevels } from '../../server/db/schema/reference';
import { createInstitution } from '../factories/institutions';
import { createLevel, createReligion } from '../factories/reference';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

type Who = 'admin' | 'branch' | 'union';

describe('levels per religion and their custom fields', () => {
  let t: TestApp;
  let w: World;
  const h = {} as Record<Who, Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
    for (const who of ['admin', 'branch', 'union'] as const) h[who] = { ...(await signIn(t.app, w.users[who])).headers, lang: 'en' };
  });
  afterAll(() => t.close());

  const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, lang = 'en') =>
    t.app.inject({ method, url, headers: { ...h[who], lang }, ...(payload ? { payload } : {}) });

  it('a bank admin adds a level: it goes below the lowest, with its default field; rename keeps the code', async () => {
    const added = await call('admin', 'POST', '/api/levels', { religionId: w.islam.id, code: 'jamaat', nameEn: 'Congregation group', nameSw: 'Jamaa' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ religionId: w.islam.id, rank: 2, code: 'jamaat', institutionCount: 0 });
    const fields = (await call('admin', 'GET', `/api/custom-fields?levelId=${added.json().id}`)).json().data;
    expect(fields).toEqual([expect.objectContaining({ label: 'Registration number', dataType: 'text', isDefault: true })]);
    const renamed = await call('admin', 'PUT', `/api/levels/${added.json().id}`, { nameEn: 'Jamaat', nameSw: 'Jamaati' });
    expect(renamed.json()).toMatchObject({ code: 'jamaat', nameEn: 'Jamaat', nameSw: 'Jamaati' });
    expect((await call('admin', 'POST', '/api/levels', { religionId: w.islam.id, code: 'jamaat', nameEn: 'Again', nameSw: 'Tena' })).statusCode).toBe(409);
    // Union administrators and branch officers do not manage levels.
    expect((await call('union', 'POST', '/api/levels', { religionId: w.christian.id, code: 'conference', nameEn: 'C', nameSw: 'K' })).statusCode).toBe(403);
    expect((await call('branch', 'PUT', `/api/levels/${added.json().id}`, { nameEn: 'X', nameSw: 'Y' })).statusCode).toBe(403);
  });

  it('the list carries how many institutions each level holds; an entity user reads only their religion', async () => {
    const list = (await call('admin', 'GET', `/api/levels?religionId=${w.christian.id}`)).json().data as Array<{ code: string; rank: number; institutionCount: number }>;
    expect(list.map((level) => [level.code, level.rank, level.institutionCount])).toEqual([
      ['union', 1, 1],
      ['field', 2, 1],
      ['district', 3, 1],
      ['church', 4, 2],
    ]);
    const asUnion = (await call('union', 'GET', `/api/levels?religionId=${w.islam.id}`)).json().data as Array<{ religionId: number }>;
    expect(new Set(asUnion.map((level) => level.religionId))).toEqual(new Set([w.christian.id]));
  });

  it('a level that holds institutions cannot be removed; an empty one goes and the ranks close up', async () => {
    const [church] = await t.database.db.select().from(institutionLevels).where(eq(institutionLevels.id, w.churchA.levelId));
    const refused = await call('admin', 'DELETE', `/api/levels/${church!.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This level holds 2 institutions, so it cannot be removed');
    const sw = await call('admin', 'DELETE', `/api/levels/${church!.id}`, undefined, 'sw');
    expect(sw.json().message).not.toBe(refused.json().message);

    const religion = await createReligion(t.database.db, { nameEn: 'Test faith', nameSw: 'Imani ya majaribio' });
    const top = await createLevel(t.database.db, { religionId: religion.id, rank: 1, code: 'top' });
    const middle = await createLevel(t.database.db, { religionId: religion.id, rank: 2, code: 'middle' });
    const bottom = await createLevel(t.database.db, { religionId: religion.id, rank: 3, code: 'bottom' });
    expect((await call('admin', 'DELETE', `/api/levels/${middle.id}`)).statusCode).toBe(204);
    const after = await t.database.db.select().from(institutionLevels).where(eq(institutionLevels.religionId, religion.id));
    expect(after.map((level) => [level.id, level.rank]).sort((a, b) => a[1]! - b[1]!)).toEqual([
      [top.id, 1],
      [bottom.id, 2],
    ]);
  });

  it('reorder: every level once, and never an institution at or above its parent level', async () => {
    const levels = (await call('admin', 'GET', `/api/levels?religionId=${w.christian.id}`)).json().data as Array<{ id: number; code: string }>;
    const ids = levels.map((level) => level.id);
    const upsideDown = await call('admin', 'POST', '/api/levels/reorder', { religionId: w.christian.id, levelIds: [...ids].reverse() });
    expect(upsideDown.statusCode).toBe(409);
    expect(upsideDown.json().message).toBe('In this order some institutions would sit at or above the level of their parent');
    const unchanged = (await call('admin', 'GET', `/api/levels?religionId=${w.christian.id}`)).json().data as Array<{ id: number }>;
    expect(unchanged.map((level) => level.id)).toEqual(ids);
    expect((await call('admin', 'POST', '/api/levels/reorder', { religionId: w.christian.id, levelIds: ids.slice(1) })).statusCode).toBe(400);

    // A new, empty level may move anywhere: placed between field and district.
    const added = (await call('admin', 'POST', '/api/levels', { religionId: w.christian.id, code: 'zone', nameEn: 'Zone', nameSw: 'Kanda' })).json() as { id: number };
    const order = [ids[0]!, ids[1]!, added.id, ids[2]!, ids[3]!];
    const moved = await call('admin', 'POST', '/api/levels/reorder', { religionId: w.christian.id, levelIds: order });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json().data as Array<{ id: number; rank: number }>).map((level) => [level.id, level.rank])).toEqual(order.map((id, index) => [id, index + 1]));
    expect((await call('admin', 'DELETE', `/api/levels/${added.id}`)).statusCode).toBe(204);
  });

  it('custom fields: create, change, refuse bad definitions; the default field cannot be removed (localised)', async () => {
    const levelId = w.churchA.levelId;
    const def = (await call('admin', 'POST', '/api/custom-fields', { levelId, label: 'Registration number', dataType: 'text', maxChars: 40, isDefault: true })).json();
    expect(def).toMatchObject({ levelId, isDefault: true, items: [] });
    const choice = await call('admin', 'POST', '/api/custom-fields', { levelId, label: 'Service language', dataType: 'choice', items: ['Kiswahili', 'English', 'Kiswahili'] });
    expect(choice.statusCode, choice.body).toBe(201);
    expect(choice.json()).toMatchObject({ dataType: 'choice', items: ['Kiswahili', 'English'], isDefault: false, minChars: null, maxChars: null });

    const noItems = await call('admin', 'POST', '/api/custom-fields', { levelId, label: 'Empty choice', dataType: 'choice', items: [] });
    expect(noItems.statusCode).toBe(400);
    expect(noItems.json().message).toBe('A choice field needs at least one item');
    const badChars = await call('admin', 'POST', '/api/custom-fields', { levelId, label: 'Backwards', dataType: 'text', minChars: 10, maxChars: 3 });
    expect(badChars.json().message).toBe('The minimum characters cannot be more than the maximum');
    expect((await call('admin', 'POST', '/api/custom-fields', { levelId, label: 'Service language', dataType: 'text' })).statusCode).toBe(409);
    expect((await call('union', 'POST', '/api/custom-fields', { levelId, label: 'By a union', dataType: 'text' })).statusCode).toBe(403);

    const list = (await call('union', 'GET', `/api/custom-fields?levelId=${levelId}`)).json().data as Array<{ id: number; isDefault: boolean }>;
    expect(list[0]).toMatchObject({ id: def.id, isDefault: true });
    expect(list.map((field) => field.id)).toContain(choice.json().id);

    const removeDefault = await call('admin', 'DELETE', `/api/custom-fields/${def.id}`);
    expect(removeDefault.statusCode).toBe(409);
    expect(removeDefault.json().message).toBe('The default custom field cannot be removed');
    const removeDefaultSw = await call('admin', 'DELETE', `/api/custom-fields/${def.id}`, undefined, 'sw');
    expect(removeDefaultSw.statusCode).toBe(409);
    expect(removeDefaultSw.json().message).not.toBe('The default custom field cannot be removed');
    expect((await t.database.db.select().from(customFields).where(eq(customFields.id, def.id))).length).toBe(1);

    // Making another field the default moves the flag; the old default may then go.
    const changed = await call('admin', 'PUT', `/api/custom-fields/${choice.json().id}`, { levelId, label: 'Language of service', dataType: 'choice', items: ['Kiswahili'], isDefault: true });
    expect(changed.json()).toMatchObject({ label: 'Language of service', isDefault: true, items: ['Kiswahili'] });
    expect((await call('admin', 'DELETE', `/api/custom-fields/${def.id}`)).statusCode).toBe(204);
    const moveLevel = await call('admin', 'PUT', `/api/custom-fields/${choice.json().id}`, { levelId: w.union.levelId, label: 'Elsewhere', dataType: 'text' });
    expect(moveLevel.statusCode).toBe(400);
  });

  it('values are checked against their field; one bad value stores nothing; they show on the institution', async () => {
    const levelId = w.churchB.levelId;
    const make = async (body: object) => (await call('admin', 'POST', '/api/custom-fields', { levelId, ...body })).json() as { id: number; label: string };
    const year = await make({ label: 'Year founded', dataType: 'number', minChars: 4, maxChars: 4 });
    const opened = await make({ label: 'Opened on', dataType: 'date' });
    const motto = await make({ label: 'Motto', dataType: 'text', minChars: 3, maxChars: 20 });
    const size = await make({ label: 'Size', dataType: 'choice', items: ['Small', 'Large'] });
    const put = (values: Array<{ fieldId: number; value: string }>) => call('union', 'PUT', `/api/institutions/${w.churchB.id}/custom-fields`, { values });

    const bad = await put([
      { fieldId: year.id, value: '19x5' },
      { fieldId: opened.id, value: '2023-02-30' },
      { fieldId: motto.id, value: 'Amani' },
      { fieldId: size.id, value: 'Huge' },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.map((f: { path: string; message: string }) => f.message)).toEqual(['Year founded is not valid', 'Opened on is not valid', 'Size is not valid']);
    expect(await t.database.db.select().from(customFieldValues).where(eq(customFieldValues.institutionId, w.churchB.id))).toEqual([]);

    const good = await put([
      { fieldId: year.id, value: '1985' },
      { fieldId: opened.id, value: '1985-06-01' },
      { fieldId: motto.id, value: ' Amani ' },
      { fieldId: size.id, value: 'Large' },
    ]);
    expect(good.statusCode, good.body).toBe(204);
    const profile = (await call('union', 'GET', `/api/institutions/${w.churchB.id}`)).json();
    expect(profile.customFields).toEqual(
      expect.arrayContaining([
        { fieldId: year.id, label: 'Year founded', value: '1985' },
        { fieldId: opened.id, label: 'Opened on', value: '1985-06-01' },
        { fieldId: motto.id, label: 'Motto', value: 'Amani' },
        { fieldId: size.id, label: 'Size', value: 'Large' },
      ]),
    );
    // Clearing one; a field of another level is refused; a branch officer (view only) cannot write.
    expect((await put([{ fieldId: motto.id, value: '' }])).statusCode).toBe(204);
    const cleared = (await call('union', 'GET', `/api/institutions/${w.churchB.id}`)).json().customFields.find((f: { fieldId: number }) => f.fieldId === motto.id);
    expect(cleared.value).toBeNull();
    const unionField = (await call('admin', 'POST', '/api/custom-fields', { levelId: w.union.levelId, label: 'Union only', dataType: 'text' })).json();
    expect((await put([{ fieldId: unionField.id, value: 'x' }])).statusCode).toBe(400);
    expect((await call('branch', 'PUT', `/api/institutions/${w.churchB.id}/custom-fields`, { values: [] })).statusCode).toBe(403);
    // Removing a field removes its values with it.
    expect((await call('admin', 'DELETE', `/api/custom-fields/${size.id}`)).statusCode).toBe(204);
    expect(await t.database.db.select().from(customFieldValues).where(eq(customFieldValues.fieldId, size.id))).toEqual([]);
  });

  it('a church of another tenant is unknown: values cannot be written there', async () => {
    const other = await createInstitution(t.database.db, { religionId: w.islam.id, levelId: w.mosque.levelId, title: 'Far mosque' });
    expect((await call('union', 'PUT', `/api/institutions/${other.id}/custom-fields`, { values: [] })).statusCode).toBe(404);
    expect((await call('union', 'GET', `/api/institutions/${other.id}`)).statusCode).toBe(404);
  });
});
