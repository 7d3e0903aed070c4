// The server's import direction (docs/architecture.md): features → engine → storage, a feature
// reached from another only through its index.ts, and demo/ run by server/main.ts alone. Prints
// every import against those rules, grouped by the pair of folders, and how many there are;
// `--count` prints the counts only.
// test/unit/import-direction.test.ts keeps the count at 0.
// Type-only imports are left out: they vanish from the built server and order nothing at start.
// `node scripts/import-graph.mjs [--count]`
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Folders every feature may import whole: the shared base. */
const SHARED = new Set(['server-root', 'storage', 'engine', 'core', 'realtime', 'permissions', 'routes', 'plugins', 'content']);
/** Composition roots: they put the features together, so they may import any of them. */
const ROOTS = new Set(['server-root', 'cli', 'openapi', 'demo']);
/** What the engine and storage may import: below them only. */
const BELOW = { storage: new Set(['storage', 'core', 'server-root']), engine: new Set(['engine', 'storage', 'core', 'server-root', 'permissions', 'content', 'routes', 'plugins', 'realtime']) };

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (/\.tsx?$/.test(entry.name)) yield path;
  }
}

/** The folder a file belongs to: a feature, a kind (kinds/<kind>), the engine, storage, the root… */
function folderOf(path) {
  const parts = relative(root, path).split('/');
  if (parts[0] !== 'server') return parts[0];
  if (parts.length === 2) return 'server-root';
  if (parts[1] === 'kinds' && parts.length > 3) return `kinds/${parts[2]}`;
  return parts[1];
}

const IMPORT = /^import\s+(type\s+)?[^;]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/gm;
/** Every import against the rules, by pair of folders (`(upward)`: the engine or storage reaching up). */
export function importsAgainstDirection() {
  const against = new Map();
  const note = (key, file, target) => {
    if (!against.has(key)) against.set(key, []);
    against.get(key).push(`${relative(root, file)} → ${relative(root, target)}`);
  };
  for (const file of files(join(root, 'server'))) {
    const from = folderOf(file);
    for (const [, typeOnly, spec] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (typeOnly) continue;
      const target = normalize(join(dirname(file), spec));
      const to = folderOf(target);
      // Demo mode's data: only the entry runs it; product code never imports it.
      if (to === 'demo' && from !== 'demo' && relative(root, file) !== 'server/main.ts') {
        note(`${from} → demo (only server/main.ts runs it)`, file, target);
        continue;
      }
      // The first paint renders the elements with their styles.
      if (from === to || ROOTS.has(from) || (['ssr', 'routes'].includes(from) && ['elements', 'styles'].includes(to))) continue;
      const upward = from in BELOW && !BELOW[from].has(to);
      const sideways = !(from in BELOW) && !SHARED.has(to) && !target.endsWith('/index.ts');
      if (upward || sideways) note(`${from} → ${to}${upward ? ' (upward)' : ''}`, file, target);
    }
  }
  return against;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const against = importsAgainstDirection();
  const total = [...against.values()].reduce((sum, list) => sum + list.length, 0);
  if (!process.argv.includes('--count')) {
    for (const [key, list] of [...against].sort((a, b) => b[1].length - a[1].length)) {
      console.log(`${key}: ${list.length}`);
      for (const line of list) console.log(`  ${line}`);
    }
  }
  console.log(`${total} imports against the direction, between ${against.size} pairs of folders`);
}
