// Every environment setting the server reads is described in docs/server.md (issue 21: "every
// setting in docs/server.md"). The server reads its settings by name — `nonEmpty(env, 'X')`,
// `readCount(env, 'X', …)`, `env['X']`, `process.env['X']` — so the names are found in its source.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Names read from the environment: as the argument after `env`, or as an `env[...]` / `env.X` key. */
function settingsRead(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(/\benv\s*,\s*'([A-Z][A-Z0-9_]+)'/g)) names.add(match[1]!);
  for (const match of source.matchAll(/\benv(?:\[\s*'([A-Z][A-Z0-9_]+)'\s*\]|\.([A-Z][A-Z0-9_]+))/g)) names.add((match[1] ?? match[2])!);
  return [...names];
}

test('every environment setting the server reads is in docs/server.md', () => {
  const read = new Set(sourceFiles('server').flatMap((file) => settingsRead(readFileSync(file, 'utf8'))));
  // The scan finds the settings the server is known to read, so it cannot pass by finding none.
  for (const known of ['DATABASE_URL', 'REDIS_URL', 'VF_DATA_DIR', 'VF_PASSWORD_COST', 'VF_METRICS_TOKEN', 'VF_DEMO']) assert.ok(read.has(known), `the scan finds ${known}`);
  const docs = readFileSync('docs/server.md', 'utf8');
  // NODE_ENV is Node's own convention, not a vf setting.
  const missing = [...read].filter((name) => name !== 'NODE_ENV' && !new RegExp(`\\b${name}\\b`).test(docs)).sort();
  assert.deepEqual(missing, [], 'settings the server reads that docs/server.md does not describe');
});
