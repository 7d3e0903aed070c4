// Adds or replaces messages in every language at once:
//   node scripts/i18n-add.mjs messages.json
// where messages.json is { "<bundle>.<key>": { "en-us": "…", "es-es": "…", … all 12 } }.
// Each message is checked by the ICU parser and must exist in all 12 languages; the bundle is the
// key's first segment. Files are rewritten whole (write then rename) so concurrent runs never
// leave a half-written bundle.
import { readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { parse } from '@formatjs/icu-messageformat-parser';

const root = new URL('../i18n/', import.meta.url);
const languages = readdirSync(root).sort();
const input = JSON.parse(readFileSync(process.argv[2], 'utf8'));

const byFile = new Map();
for (const [key, texts] of Object.entries(input)) {
  const missing = languages.filter((lang) => typeof texts[lang] !== 'string' || !texts[lang].trim());
  if (missing.length) throw new Error(`${key}: missing ${missing.join(', ')}`);
  for (const lang of languages) {
    parse(texts[lang]); // throws on a malformed ICU message
    const file = `${lang}/${key.split('.')[0]}.json`;
    if (!byFile.has(file)) byFile.set(file, {});
    byFile.get(file)[key] = texts[lang];
  }
}

for (const [file, messages] of byFile) {
  const url = new URL(file, root);
  const bundle = JSON.parse(readFileSync(url, 'utf8'));
  Object.assign(bundle, messages);
  const temp = new URL(`${file}.${process.pid}.tmp`, root);
  writeFileSync(temp, `${JSON.stringify(bundle, null, 2)}\n`);
  renameSync(temp, url);
}
console.log(`${Object.keys(input).length} messages in ${byFile.size} files`);
