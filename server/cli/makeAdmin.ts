/**
 * `npm run admin -- --email <address> --site <site uuid or domain> [--name <display name>]`
 * (docs/server.md "The first admin"): admin.ts's default command. Makes a new admin account on a
 * site, or, once the account's own password is typed, makes an existing account an admin. Reads
 * the server's environment (`DATABASE_URL`, `VF_DATA_DIR`) and runs the migrations first, so it
 * works before the server's first start too. The password is typed at a prompt, or piped as
 * stdin's first line.
 */
import type { Kysely } from 'kysely';
import { parseArgs } from 'node:util';
import { hashPassword, newPasswordProblem, verifyPassword } from '../auth/passwords.ts';
import { normaliseName } from '../content/normalise.ts';
import type { Database } from '../storage/schema.ts';
import { createUser, findUserByEmail, updateUser } from '../engine/users.ts';
import { PasswordInputError, readPassword } from './readPassword.ts';
import { findSite, Refusal, runCommand } from './command.ts';

const USAGE = [
  'usage: npm run admin -- --email <address> --site <site uuid or domain> [--name <display name>]',
  '       npm run admin -- export-user --site <site> --email <address> [--out <file>]',
  '       npm run admin -- delete-user --site <site> --email <address> [--now [--yes]]',
].join('\n');

interface Options {
  email: string;
  site: string;
  name: string;
}

function readOptions(args: string[]): Options {
  let values;
  try {
    ({ values } = parseArgs({ args, strict: true, options: { email: { type: 'string' }, site: { type: 'string' }, name: { type: 'string' } } }));
  } catch (error) {
    const passwordNote = /password/i.test((error as Error).message) ? '\nThe password is never an argument: type it at the prompt or pipe it on stdin.' : '';
    throw new Refusal(`${(error as Error).message}${passwordNote}\n${USAGE}`, 2);
  }
  const email = values.email?.trim() ?? '';
  if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254) throw new Refusal(`--email needs an email address\n${USAGE}`, 2);
  if (!values.site?.trim()) throw new Refusal(`--site needs the site's uuid or one of its domains\n${USAGE}`, 2);
  const name = normaliseName(values.name ?? 'Admin');
  if (!name || [...name].length > 50) throw new Refusal('--name must be 1 to 50 characters', 2);
  return { email, site: values.site.trim(), name };
}

/** Makes the admin; returns what was done, for the closing line. */
async function makeAdmin(db: Kysely<Database>, options: Options): Promise<string> {
  const site = await findSite(db, options.site);
  const existing = await findUserByEmail(db, site.uuid, options.email);
  const where = `site "${site.name}" (${site.uuid})`;
  if (existing) {
    // Granting the role needs the account's own password: a typo in --email must not hand
    // someone else's account admin rights, and a password is not reset behind its owner's back.
    if (!existing.password_hash.startsWith('scrypt$')) throw new Refusal(`${existing.email} on ${where} has no password of its own (it signs in through a login provider); nothing changed.`);
    const password = await readPassword(`Password of the existing account ${existing.email}: `);
    if (!(await verifyPassword(password, existing.password_hash))) throw new Refusal(`That is not the password of ${existing.email}; nothing changed.`);
    if (existing.user_privilege === 'admin') return `${existing.email} is already an admin of ${where}.`;
    await updateUser(db, existing.uuid, { user_privilege: 'admin' });
    return `${existing.email} is now an admin of ${where} (it was ${existing.user_privilege}).`;
  }
  const password = await readPassword(`Password for the new admin ${options.email}: `, { confirm: true });
  const problem = newPasswordProblem(password);
  if (problem) throw new Refusal(`${problem} Nothing changed.`);
  const created = await createUser(db, { site_uuid: site.uuid, email: options.email, name: options.name, password_hash: await hashPassword(password), user_privilege: 'admin' });
  if (!created) throw new Refusal(`${options.email} was registered on ${where} meanwhile; run the command again.`);
  return `${created.email} is a new admin of ${where}; sign in with that email and password.`;
}

/** Runs the command on `args`; answers the exit code. */
export function run(args: string[]): Promise<number> {
  return runCommand('admin', () => readOptions(args), async (db, options) => console.log(await makeAdmin(db, options)), [PasswordInputError]);
}
