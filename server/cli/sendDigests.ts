/**
 * `npm run admin -- send-digests [--site <uuid|domain>]` (docs/notifications.md "Email"): writes
 * the readers' hourly and daily digests that are due now, as the server's schedule does (a digest
 * the schedule already wrote this period is not written again), and prints how many. The digests
 * go to the outbox; the running server's dispatcher sends them within a second or so.
 */
import { loadConfig, publicOrigin } from '../config.ts';
import { sendDueDigests } from '../mail/digests.ts';
import { unsubscribeKey } from '../mail/unsubscribe.ts';
import { findSite, parseCommandLine, Refusal, runCommand } from './command.ts';

const USAGE = 'usage: npm run admin -- send-digests [--site <site uuid or domain>]';

function readOptions(args: string[]): { site: string | null } {
  const { values } = parseCommandLine({ args, options: { site: { type: 'string' } } }, USAGE);
  if (values.site !== undefined && !values.site.trim()) throw new Refusal(`--site needs the site's uuid or one of its domains\n${USAGE}`, 2);
  return { site: values.site?.trim() ?? null };
}

export function run(args: string[]): Promise<number> {
  return runCommand('send-digests', () => readOptions(args), async (db, options) => {
    const config = loadConfig();
    const site = options.site ? (await findSite(db, options.site)).uuid : undefined;
    const written = await sendDueDigests(db, { key: unsubscribeKey(config.jwtSecret), publicUrl: publicOrigin(config), now: Date.now(), site });
    console.log(`${written} digest${written === 1 ? '' : 's'} written to the outbox`);
  });
}
