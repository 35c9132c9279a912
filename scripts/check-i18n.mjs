// Fails when the Swahili catalog (the default language) has a message without a translation.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib/run.mjs';

const file = process.argv[2] ?? join(root, 'locales/sw/messages.po');
if (!existsSync(file)) {
  console.error('locales/sw/messages.po is missing: run `npm run i18n:extract` and translate it');
  process.exit(1);
}

/** Splits a .po file into entries of msgctxt/msgid/msgstr, joining continued "…" lines. */
export function parsePo(text) {
  const entries = [];
  let current = null;
  let field = null;
  for (const line of text.split('\n')) {
    const keyword = line.match(/^(msgctxt|msgid|msgstr)\s+"(.*)"$/);
    if (keyword) {
      // A msgctxt or msgid after a finished entry starts the next one.
      if (keyword[1] !== 'msgstr' && (!current || current.msgstr !== undefined)) {
        current = {};
        entries.push(current);
      }
      field = keyword[1];
      if (current) current[field] = keyword[2];
    } else if (/^".*"$/.test(line) && current && field) {
      current[field] += line.slice(1, -1);
    } else {
      field = null;
    }
  }
  // The header entry has an empty msgid; it is not a message.
  return entries.filter((entry) => entry.msgid);
}

const entries = parsePo(readFileSync(file, 'utf8'));
const missing = entries.filter((entry) => !entry.msgstr);
if (missing.length > 0) {
  console.error(`${file}: ${missing.length} of ${entries.length} messages have no Swahili translation:`);
  for (const entry of missing.slice(0, 20)) console.error(`  msgid "${entry.msgid}"`);
  if (missing.length > 20) console.error(`  … and ${missing.length - 20} more`);
  process.exit(1);
}
console.log(`${file}: all ${entries.length} messages translated`);
