/**
 * `npm run admin -- delete-user --site <uuid|domain> --email <address> [--now [--yes]]` (docs/law.md
 * "Readers' data"), for a request received by letter: asks the account's deletion as the reader
 * would (erased DELETION_GRACE_MS later by the server's sweep unless they log in meanwhile; they
 * are mailed when and how to cancel), or with `--now` erases it at once, after a confirmation
 * (typed, or the first line of stdin) unless `--yes`. Pages show an erasure made here when they
 * next load (this process cannot reach the server's live feed; guests' cached lists expire within
 * a minute: engine/guest-cache.ts).
 */
import type { Kysely } from 'kysely';
import { deleteAvatars } from '../accounts/avatars.ts';
import { deletionMail, requestDeletion } from '../accounts/deletionRequests.ts';
import { eraseUser } from '../accounts/erasure.ts';
import { loadConfig } from '../config.ts';
import type { Site } from '../engine/sites.ts';
import type { UserRow } from '../engine/users.ts';
import { legalSettings } from '../legal/settings.ts';
import { pageFor } from '../mail/index.ts';
import { createMailer } from '../mail/mailer.ts';
import type { Database } from '../storage/schema.ts';
import { parseCommandLine, Refusal, runCommand } from './command.ts';
import { confirm } from './confirm.ts';
import { checkReader, findReader, readerOptions } from './readerAccount.ts';

const USAGE = 'usage: npm run admin -- delete-user --site <site uuid or domain> --email <address> [--now [--yes]]';

interface Options {
  site: string;
  email: string;
  now: boolean;
  yes: boolean;
}

function readOptions(args: string[]): Options {
  const { values } = parseCommandLine({ args, options: { ...readerOptions, now: { type: 'boolean' }, yes: { type: 'boolean' } } }, USAGE);
  if (values.yes && !values.now) throw new Refusal(`--yes goes with --now (a deletion asked without it waits for its grace period)\n${USAGE}`, 2);
  return { ...checkReader(values, USAGE), now: values.now === true, yes: values.yes === true };
}

const when = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

/** Asks the deletion and mails the reader, as the tray's "Delete my account" does. */
async function askDeletion(db: Kysely<Database>, site: Site, user: UserRow): Promise<string> {
  const asked = await requestDeletion(db, user.uuid);
  if (!asked) throw new Refusal(`${user.email} was erased meanwhile; nothing done.`);
  const account = `${user.email} on site "${site.name}" (${site.uuid})`;
  if (!asked.asked) return `The deletion of ${account} was already asked: it is erased on ${when(asked.delete_after)} unless they log in before.`;
  const config = loadConfig();
  const mail = deletionMail(site, user, asked.delete_after, pageFor(site, []), (await legalSettings(db, site.uuid)).erased_content);
  let mailed = mail !== null;
  if (mail) {
    const mailer = createMailer({
      smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, demo: config.demo,
      logError: (error) => {
        mailed = false;
        console.error('vf admin delete-user: the confirmation mail could not be sent:', error);
      },
      logUnsent: () => void (mailed = false),
    });
    mailer.queue(mail);
    await mailer.close();
  }
  const told = mailed ? 'A mail told them when, and that logging in cancels it.' : 'No mail was sent (no SMTP_URL, or no address): tell them yourself.';
  return `The deletion of ${account} is asked: it is erased on ${when(asked.delete_after)} unless they log in before. ${told}`;
}

async function eraseNow(db: Kysely<Database>, site: Site, user: UserRow, yes: boolean): Promise<string> {
  const account = `${user.email} on site "${site.name}" (${site.uuid})`;
  const mode = (await legalSettings(db, site.uuid)).erased_content;
  const content = mode === 'remove' ? 'their content is removed' : 'their content stays under "Deleted reader"';
  if (!yes && !(await confirm(`Erase ${account} now? Profile, email, pictures, sessions, follows and notifications go; ${content}. This cannot be undone. Type yes to erase: `))) {
    throw new Refusal('Not confirmed; nothing done.');
  }
  const erasure = await eraseUser(db, user.uuid);
  if (!erasure) throw new Refusal(`${user.email} was erased meanwhile; nothing done.`);
  await deleteAvatars(loadConfig().dataDir, erasure.pictures);
  const removed = mode === 'remove' ? ` (${erasure.removed} item${erasure.removed === 1 ? '' : 's'} removed)` : '';
  return `${account} is erased; ${content}${removed}. Its records keep the pseudonym ${user.uuid}.`;
}

/** Runs the command on `args`; answers the exit code. */
export function run(args: string[]): Promise<number> {
  return runCommand('admin delete-user', () => readOptions(args), async (db, options) => {
    const { site, user } = await findReader(db, options);
    console.log(options.now ? await eraseNow(db, site, user, options.yes) : await askDeletion(db, site, user));
  });
}
