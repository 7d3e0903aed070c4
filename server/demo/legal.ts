/**
 * The demo's legal work (demo mode only, from index.ts, after the moderation queue's items):
 * `demo/staging.html`'s queue opens with a notice and an appeal to decide (docs/law.md). In the
 * readers' forum (/demo/forum.html) a trusted flagger, "Lena Fact-Check", sent a notice of
 * defamation about a comment (open); a guest's notice of threats about another comment was judged
 * illegal by the demo moderator, who removed it with a statement of reasons; its author appealed
 * (open: the demo admin, another moderator, may decide it).
 *
 * Made once: whoever creates Lena seeds the rest; a restart, or a second process starting at the
 * same time, finds her and adds nothing.
 */
import type { FastifyInstance } from 'fastify';
import { conversationPolicy } from '../kinds/conversation/policy.ts';
import { findContainer } from '../engine/containers.ts';
import { getSite } from '../engine/sites.ts';
import { createUser, findUserByEmail } from '../engine/users.ts';
import { createAppeal } from '../legal/appeals.ts';
import { createNotice, decideNotice } from '../legal/notices.ts';
import { tellStatements } from '../legal/statements.ts';
import { DEMO_COMMENTERS } from './conversation.ts';
import { NO_PASSWORD, writeDemoContent } from './liveblog.ts';
import { DEMO_QUEUE_PAGES } from './moderationQueue.ts';
import { DEMO_SITE } from './site.ts';

export const DEMO_TRUSTED_FLAGGER = { email: 'lena.factcheck@vf.local', name: 'Lena Fact-Check' } as const;
/** The guest who reported the comment the moderator removed. */
export const DEMO_NOTICE_REPORTER = { name: 'Alex Martin', email: 'alex.martin@example.test' } as const;

const HOUR = 60 * 60_000;
/** The two comments are older than trending's longest default window (7 days): they do not move the site's trending pages. */
const POSTED = 8 * 24 * HOUR;

export async function seedDemoLegal(app: FastifyInstance): Promise<void> {
  const site = await getSite(app.db, DEMO_SITE.uuid);
  const moderator = await findUserByEmail(app.db, DEMO_SITE.uuid, 'moderator@vf.local');
  const [tomas, priya] = await Promise.all(['tomas', 'priya'].map((key) => findUserByEmail(app.db, DEMO_SITE.uuid, DEMO_COMMENTERS.find((c) => c.key === key)!.email)));
  const forum = await findContainer(app.db, DEMO_SITE.uuid, DEMO_QUEUE_PAGES.article, 'conversation');
  if (!site || !moderator || !tomas || !priya || !forum) return; // seeded before this in demo mode

  const lena = await createUser(app.db, { site_uuid: DEMO_SITE.uuid, email: DEMO_TRUSTED_FLAGGER.email, name: DEMO_TRUSTED_FLAGGER.name, password_hash: NO_PASSWORD, user_privilege: 'user' });
  if (!lena) return; // made already: so was the rest
  await app.db.updateTable('users').set({ trusted_flagger: 1 }).where('uuid', '=', lena.uuid).execute();

  const now = Date.now();
  const bribe = await writeDemoContent(app, conversationPolicy, forum, priya, 'The lighting contractor bribed the council to win this contract. I have seen the envelopes.', { date: now - POSTED });
  await createNotice(app, site, {
    target: { type: 'content', uuid: bribe.uuid }, kind: 'defamation',
    explanation: 'This accuses a named company of bribery with no evidence. The claim is false and damages its reputation.',
  }, { ...lena, trusted_flagger: 1 });

  const threat = await writeDemoContent(app, conversationPolicy, forum, tomas, 'Whoever keeps switching the lamps back on will find their tyres slashed tonight.', { date: now - POSTED + HOUR });
  const notice = await createNotice(app, site, {
    target: { type: 'content', uuid: threat.uuid }, kind: 'threats', explanation: 'This threatens my neighbours with violence against their property.',
    reporter_name: DEMO_NOTICE_REPORTER.name, reporter_email: DEMO_NOTICE_REPORTER.email,
  }, null);
  const decided = await decideNotice(app, site, moderator, notice.uuid, { decision: 'illegal', ground: 'threats', explanation: 'A threat of damage to named neighbours.' });
  for (const event of decided.events) app.hub.publish(event); // after commit, as the route does
  await tellStatements(app, decided.statements);
  const [statement] = decided.statements;
  if (statement) {
    await createAppeal(app.db, {
      role: 'author', site: site.uuid, user: tomas, statement: statement.uuid,
      text: 'It was a bad joke about the lamps, not a threat to anyone. Please put it back.',
    });
  }
}
