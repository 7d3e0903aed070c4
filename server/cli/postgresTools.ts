/**
 * Debian's PostgreSQL programs (/usr/lib/postgresql/<version>/bin), which are not on PATH: for
 * backup and restore (pg_dump, pg_restore) and for `npm run cluster`'s throw-away server (initdb,
 * pg_ctl: scripts/cluster/services.ts).
 */
import { accessSync, constants, existsSync, readdirSync, statSync } from 'node:fs';

/** Whether `path` is a file this process may run. */
export function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** `name` from the newest installed version that has it, or null. */
export function installedPostgresTool(name: string): string | null {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  return versions.map((v) => `${root}/${v}/bin/${name}`).find(isExecutable) ?? null;
}
