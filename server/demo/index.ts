/**
 * The demo's one entry (docs/architecture.md): the data every server gets at start, the demo
 * site (site.ts), owning 127.0.0.1 and localhost (the demo pages served by the server belong to
 * it), and in demo mode (`app.demo`, docs/server.md "Demo mode") a moderator and an admin account
 * whose passwords are public, and, when asked (`demoContent`: main.ts asks, tests' build() does
 * not), one file's data per demo page: the live blog (liveblog.ts), the chat (chat.ts), the
 * article's conversation (conversation.ts), the topics' followers (topics.ts), the stories that
 * trend (trending.ts), the cookbook's reviews (reviews.ts), the editors' notifications
 * (notifications.ts), the share page's shares (shares.ts), the polls with their votes
 * (polls.ts), the moderation queue's held and reported items (moderationQueue.ts), the
 * analytics dashboard's history (analytics.ts), the Gigya and Janrain logins through their local
 * stand-ins (identity.ts), and automatic moderation with its scorers' stand-ins
 * (autoModeration.ts). Idempotent: running it again changes nothing but the site's name, domains
 * and settings (reset to these). Product code imports nothing from this folder; the entry
 * (main.ts) runs the seed.
 */
import type { FastifyInstance } from 'fastify';
import { hashPassword, PASSWORD_COST_RANGE, verifyPassword } from '../auth/passwords.ts';
import { revokeUserSessions } from '../accounts/accountTokens.ts';
import { DEFAULT_SETTINGS, upsertSite } from '../engine/sites.ts';
import { createUser, findUserByEmail, updateUser } from '../engine/users.ts';
import { syncLoginSettings } from '../identity/siteLogins.ts';
import { seedDemoLiveblog } from './liveblog.ts';
import { seedDemoChat } from './chat.ts';
import { seedDemoConversation } from './conversation.ts';
import { seedDemoTopics } from './topics.ts';
import { seedDemoTrending } from './trending.ts';
import { seedDemoNotifications } from './notifications.ts';
import { seedDemoShares } from './shares.ts';
import { seedDemoPolls } from './polls.ts';
import { seedDemoReviews } from './reviews.ts';
import { seedDemoAnalytics } from './analytics.ts';
import { seedDemoModerationQueue } from './moderationQueue.ts';
import { seedDemoLegal } from './legal.ts';
import { DEMO_AD_SETTINGS } from './ads.ts';
import { retireDemoIdentity, seedDemoIdentity } from './identity.ts';
import { retireDemoScorers, seedDemoAutoModeration } from './autoModeration.ts';

export { DEMO_ACCOUNTS, DEMO_SITE, RETIRED_DEMO_PASSWORD } from './site.ts';
import { DEMO_ACCOUNTS, DEMO_SITE, RETIRED_DEMO_PASSWORD } from './site.ts';

export interface SeedOptions {
  /**
   * In demo mode, also seed the demo pages' content; its files go under this data folder.
   * `origin`: where the demo pages are served (default DEMO_ORIGIN; main.ts gives its PORT's), for
   * the seeded pages' addresses and pictures and the stand-ins' addresses.
   */
  demoContent?: { dataDir: string; origin?: string };
}

/** Where `npm start` serves the demo pages without a PORT. */
export const DEMO_ORIGIN = 'http://127.0.0.1:8080';

export async function seed(app: FastifyInstance, options: SeedOptions = {}): Promise<void> {
  // The demo pages show browser push (docs/push.md); localhost is a secure context.
  // …and ads from the local vendor stand-ins (docs/ads.md "Demo").
  const settings = app.demo && options.demoContent ? { ...DEFAULT_SETTINGS, enable_push_notifications: true, ...DEMO_AD_SETTINGS } : { ...DEFAULT_SETTINGS };
  await upsertSite(app.db, { uuid: DEMO_SITE.uuid, name: DEMO_SITE.name, domains: [...DEMO_SITE.domains], settings });
  // The settings were reset: the login switches are derived again from the stored login
  // configuration, so a restart does not hide a login method an admin set up.
  await syncLoginSettings(app.db, DEMO_SITE.uuid);
  app.sites.invalidate();
  if (!app.demo) {
    await retireDemoIdentity(app, DEMO_SITE.uuid);
    await retireDemoScorers(app, DEMO_SITE.uuid);
    return retireDemoPasswords(app);
  }
  await seedDemoAccounts(app);
  if (!options.demoContent) return;
  const origin = options.demoContent.origin ?? DEMO_ORIGIN;
  await seedDemoLiveblog(app, options.demoContent.dataDir);
  await seedDemoChat(app); // after the live blog: it uses the reader that one creates
  await seedDemoConversation(app, options.demoContent.dataDir); // the same reader
  await seedDemoReviews(app); // by the conversation's readers
  await seedDemoTopics(app); // its readers follow the demo topics
  await seedDemoTrending(app, origin); // the same readers comment on the demo stories
  await seedDemoNotifications(app); // after the content they are about
  await seedDemoShares(app, origin); // some by the demo readers above
  await seedDemoPolls(app); // the demo readers vote in them
  await seedDemoModerationQueue(app, origin); // held and reported items on the pages above (server/demo/moderationQueue.ts)
  await seedDemoLegal(app); // a notice and an appeal in the forum above (server/demo/legal.ts)
  await seedDemoAnalytics(app, origin); // the dashboard's history
  await seedDemoIdentity(app, DEMO_SITE.uuid, origin); // demo/identity.html's stand-ins
  await seedDemoAutoModeration(app, DEMO_SITE.uuid, origin, DEMO_SITE.domains); // after the seeded content: it judges new items only
}

/**
 * The demo passwords are public, so one hash each serves every seed in this process: hashing is
 * slow on purpose (scrypt), and tests seed a new database for nearly every test. A slow hash of a
 * published password protects nothing, so they get the lowest cost: the default's 16 MB scrypt
 * buffer per hash would stay in the idle demo server's memory (docs/server.md "Memory and start time").
 */
const demoPasswordHashes = new Map<string, Promise<string>>();
function demoPasswordHash(password: string): Promise<string> {
  let hash = demoPasswordHashes.get(password);
  if (!hash) demoPasswordHashes.set(password, (hash = hashPassword(password, PASSWORD_COST_RANGE.min)));
  return hash;
}

async function seedDemoAccounts(app: FastifyInstance): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    app.demoAccounts.add(DEMO_SITE.uuid, account.email); // they log in only on this machine (plugins/demoGate.ts)
    const existing = await findUserByEmail(app.db, DEMO_SITE.uuid, account.email);
    // Retired by a start outside demo mode: demo mode gives the published password back.
    if (existing?.password_hash === RETIRED_DEMO_PASSWORD) await updateUser(app.db, existing.uuid, { password_hash: await demoPasswordHash(account.password) });
    if (existing) continue;
    // createUser ignores a concurrent duplicate (unique email per site).
    await createUser(app.db, {
      site_uuid: DEMO_SITE.uuid,
      email: account.email,
      name: account.name,
      password_hash: await demoPasswordHash(account.password),
      user_privilege: account.user_privilege,
    });
  }
}

/**
 * Outside demo mode no account may keep a public password: a demo account seeded by an earlier
 * demo-mode start whose password is still the published one loses it and its sessions end.
 * One changed since is left alone (its owner chose it).
 */
async function retireDemoPasswords(app: FastifyInstance): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    const user = await findUserByEmail(app.db, DEMO_SITE.uuid, account.email);
    if (!user || !(await verifyPassword(account.password, user.password_hash))) continue;
    await updateUser(app.db, user.uuid, { password_hash: RETIRED_DEMO_PASSWORD });
    await revokeUserSessions(app.db, user.uuid);
    app.log.warn({ email: account.email }, 'demo mode is off: the demo account\'s public password no longer works');
  }
}
