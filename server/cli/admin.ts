/**
 * `npm run admin -- …`: the server's admin commands, one file each.
 * - no command name: make a site's admin (makeAdmin.ts; docs/server.md "The first admin");
 * - `export-user`: a reader's data file, for a request received by letter (exportUser.ts);
 * - `delete-user`: a reader's account deletion, or with `--now` its erasure (deleteUser.ts)
 *   (docs/law.md "Readers' data");
 * - `send-digests`: the readers' mail digests due now (sendDigests.ts; docs/notifications.md "Email").
 * - `backup <file>`: a copy of the database taken while the server runs (backup.ts);
 * - `restore <file>`: such a copy put back, the server stopped (restore.ts; both docs/production.md
 *   "Backups and restores").
 * Each reads the server's environment and runs the migrations first (restore: after putting the copy back).
 */
import * as backup from './backup.ts';
import * as deleteUser from './deleteUser.ts';
import * as exportUser from './exportUser.ts';
import * as makeAdmin from './makeAdmin.ts';
import * as restore from './restore.ts';
import * as sendDigests from './sendDigests.ts';

const COMMANDS: Record<string, { run(args: string[]): Promise<number> }> = {
  'export-user': exportUser, 'delete-user': deleteUser, 'send-digests': sendDigests, backup, restore,
};

const [name, ...rest] = process.argv.slice(2);
const command = name === undefined ? undefined : COMMANDS[name];
process.exitCode = command ? await command.run(rest) : await makeAdmin.run(process.argv.slice(2));
