/**
 * `npm run admin -- export-user --site <uuid|domain> --email <address> [--out <file>]` (docs/law.md
 * "Readers' data"): a reader's data file, the same document `GET /api/v2/users/me/data` sends them,
 * for a request received by letter. On stdout, or into `--out` (made readable by its owner only).
 */
import { writeFileSync } from 'node:fs';
import { userData } from '../accounts/userData.ts';
import { parseCommandLine, Refusal, runCommand } from './command.ts';
import { checkReader, findReader, readerOptions } from './readerAccount.ts';

const USAGE = 'usage: npm run admin -- export-user --site <site uuid or domain> --email <address> [--out <file>]';

function readOptions(args: string[]): { site: string; email: string; out: string | null } {
  const { values } = parseCommandLine({ args, options: { ...readerOptions, out: { type: 'string' } } }, USAGE);
  if (values.out !== undefined && !values.out.trim()) throw new Refusal(`--out needs a file name\n${USAGE}`, 2);
  return { ...checkReader(values, USAGE), out: values.out?.trim() ?? null };
}

/** Runs the command on `args`; answers the exit code. */
export function run(args: string[]): Promise<number> {
  return runCommand('admin export-user', () => readOptions(args), async (db, options) => {
    const { site, user } = await findReader(db, options);
    const text = `${JSON.stringify(await userData(db, site, user), null, 2)}\n`;
    if (!options.out) {
      process.stdout.write(text);
      return;
    }
    writeFileSync(options.out, text, { mode: 0o600 });
    console.log(`The data of ${user.email} on site "${site.name}" (${site.uuid}) is in ${options.out}.`);
  });
}
