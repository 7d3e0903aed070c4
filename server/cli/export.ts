/**
 * `npm run export -- --site <uuid|domain> [--include-email] > comments.json` (docs/import.md
 * "Export"): a site's comments as JSON on stdout, written as it is read.
 */
import { once } from 'node:events';
import { exportSite } from '../import/export.ts';
import { findSite, parseCommandLine, Refusal, runCommand } from './command.ts';

const USAGE = 'usage: npm run export -- --site <site uuid or domain> [--include-email] > comments.json';

function readOptions(args: string[]): { site: string; includeEmail: boolean } {
  const { values } = parseCommandLine({ args, options: { site: { type: 'string' }, 'include-email': { type: 'boolean' } } }, USAGE);
  if (!values.site?.trim()) throw new Refusal(`--site needs the site's uuid or one of its domains\n${USAGE}`, 2);
  return { site: values.site.trim(), includeEmail: values['include-email'] === true };
}

process.exitCode = await runCommand('export', () => readOptions(process.argv.slice(2)), async (db, options) => {
  const site = await findSite(db, options.site);
  let closed = false; // the reader went away (`| head`): stop quietly
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    closed = true;
  });
  for await (const piece of exportSite(db, site, { includeEmail: options.includeEmail })) {
    if (closed) return;
    if (!process.stdout.write(piece)) await Promise.race([once(process.stdout, 'drain'), once(process.stdout, 'close')]);
  }
});
