// Fills empty Swahili msgstr entries from locales/pending/*.json after `lingui extract --clean`.
// Whoever adds strings writes their Swahili there as { "<English source or explicit id>": "<Swahili>" },
// so parallel work never edits the same .po file; this merge is the one place the catalogs change.
// Usage: node scripts/merge-pending-translations.mjs   (then `node scripts/check-i18n.mjs`)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import PO from 'pofile';
import { root, run } from './lib/run.mjs';

await run('lingui', ['extract', '--clean'], { cwd: root });

const pendingDir = join(root, 'locales/pending');
const pending = new Map();
for (const name of readdirSync(pendingDir).filter((file) => file.endsWith('.json')).sort()) {
  for (const [source, swahili] of Object.entries(JSON.parse(readFileSync(join(pendingDir, name), 'utf8')))) pending.set(source, swahili);
}

for (const catalog of ['locales', 'locales/give']) {
  const swFile = join(root, catalog, 'sw/messages.po');
  const enFile = join(root, catalog, 'en/messages.po');
  const sw = PO.parse(readFileSync(swFile, 'utf8'));
  // An explicit id's English lives in the en catalog's msgstr: a pending entry may be keyed by either.
  const english = new Map(PO.parse(readFileSync(enFile, 'utf8')).items.map((item) => [item.msgid, item.msgstr[0] ?? '']));
  let filled = 0;
  const missing = [];
  for (const item of sw.items) {
    if (item.msgstr[0]) continue;
    const translation = pending.get(item.msgid) ?? pending.get(english.get(item.msgid) ?? '');
    if (translation) {
      item.msgstr = [translation];
      filled += 1;
    } else missing.push(item.msgid);
  }
  writeFileSync(swFile, sw.toString() + '\n');
  console.log(`${catalog}/sw: ${filled} filled from locales/pending, ${missing.length} still empty`);
  for (const id of missing) console.log(`  missing: ${id}`);
}
