/**
 * For the readers' data tests (data-rights*.test.ts): a reader with one of every kind of data vf
 * holds about a person, made through the API where a reader makes it and written directly where
 * moderators or the legal tools do; and a search of every text column of every table.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Review } from '../../core/api/reviewTypes.ts';
import type { AuthResult, Comment, Container } from '../../core/api/types.ts';
import type { Poll } from '../../core/api/pollTypes.ts';
import { bearer, confirmedPage, container, postComment, resultOf, SITE, signup, signupAs, usingPostgres } from './helpers.ts';
import { liveblog, publish, replyTo } from './liveblog-calls.ts';

export interface Reader extends AuthResult {
  email: string;
  password: string;
}

/** Signs up and logs in `name` with `email`. */
export async function reader(app: FastifyInstance, name: string, email: string): Promise<Reader> {
  const password = `pw ${randomUUID()}`;
  resultOf(await app.inject({ method: 'POST', url: '/api/v2/users', payload: { name, email, password, section: SITE } }));
  const login = resultOf<AuthResult>(await app.inject({ method: 'POST', url: '/api/v2/users/login', payload: { email, password, section: SITE } }));
  return { ...login, email, password };
}

/** What was made for one reader, to find again in their data. */
export interface Made {
  page: { url: string; title: string; container: Container };
  /** `other`'s comment that `who` replies to. */
  theirs: Comment;
  comment: Comment;
  reply: Comment;
  liveblogReply: Comment;
  chatMessage: Comment;
  review: Review;
  texts: string[];
  reviewTitle: string;
  pollOption: string;
  topic: string;
  statement: string;
  appeal: string;
  notice: string;
}

let counter = 0;

/**
 * Gives `who` one of everything: a comment on a confirmed page and a reply to `other`'s comment, a
 * live-blog reply, a chat message, a review, a like and a report, a poll vote, follows of `other`,
 * a topic and the page, a mute, push switched on with a subscription, a statement of reasons about
 * them with their appeal, a notice they sent, a ban that ended, and a staff note about them.
 */
export async function everything(app: FastifyInstance, who: Reader, other: Reader, tag: string): Promise<Made> {
  const n = ++counter;
  const mod = await signupAs(app, 'mod');
  const say = (what: string) => `${tag} ${what} ${n}`;
  const pageId = `rights-page-${n}-${tag}`;
  const page = { url: `https://news.example/${pageId}`, title: `The ${tag} article` };
  await confirmedPage(app, { unique_id: pageId, url: page.url, title: page.title });
  const c = await container(app, pageId);
  const theirs = await postComment(app, other.access_token, c.content_container_uuid, `A comment to answer ${n}`);
  const comment = await postComment(app, who.access_token, c.content_container_uuid, say('comment'));
  const reply = await postComment(app, who.access_token, c.content_container_uuid, say('reply'), theirs.content_uuid);
  const contentUrl = (uuid: string, action: string) => `/api/comments/${SITE}/${c.content_container_uuid}/comments/${uuid}/${action}`;
  resultOf(await app.inject({ method: 'POST', url: contentUrl(theirs.content_uuid, 'like'), headers: bearer(who.access_token), payload: {} }));
  resultOf(await app.inject({ method: 'POST', url: contentUrl(theirs.content_uuid, 'flag'), headers: bearer(who.access_token), payload: { reason: say('report') } }));

  const blog = await liveblog(app);
  const post = await publish(app, mod.access_token, blog, `Editor's post ${n}`);
  const liveblogReply = await replyTo(app, who.access_token, blog, post.content_uuid, say('liveblog reply'));
  const chat = resultOf<Container>(await app.inject({ method: 'POST', url: `/api/chat/${SITE}`, payload: { container_id: `rights-chat-${n}` } }));
  const chatMessage = resultOf<Comment>(await app.inject({ method: 'POST', url: `/api/chat/${SITE}/${chat.content_container_uuid}/messages`, headers: bearer(who.access_token), payload: { content: say('chat message') } }));
  const shelf = resultOf<Container>(await app.inject({ method: 'POST', url: `/api/v2/reviews/${SITE}`, payload: { container_id: `rights-product-${n}` } }));
  const review = resultOf<Review>(await app.inject({
    method: 'POST', url: `/api/v2/reviews/${SITE}/${shelf.content_container_uuid}/reviews`, headers: bearer(who.access_token),
    payload: { rating: 4, title: say('review title'), content: say('review') },
  }));

  const pollId = `rights-poll-${n}`;
  const poll = resultOf<Poll>(await app.inject({ method: 'POST', url: `/api/polls/${SITE}`, headers: bearer(mod.access_token), payload: { poll_id: pollId, question: `Lunch ${n}?`, options: [say('soup'), 'Salad'] } }));
  resultOf(await app.inject({ method: 'POST', url: `/api/polls/${SITE}/${poll.uuid}/votes`, headers: bearer(who.access_token), payload: { options: [poll.options[0]!.uuid] } }));

  const topic = `rights-topic-${n}`;
  resultOf(await app.inject({ method: 'PUT', url: `/api/v2/follows/${other.user.uuid}`, headers: bearer(who.access_token), payload: {} }));
  resultOf(await app.inject({ method: 'POST', url: `/api/v5/notifications/${SITE}/topics/${topic}`, headers: bearer(who.access_token), payload: { topic_name: say('topic') } }));
  const pageRow = await app.db.selectFrom('pages').select('uuid').where('unique_id', '=', pageId).executeTakeFirstOrThrow();
  resultOf(await app.inject({ method: 'POST', url: `/api/v5/subscriptions/${SITE}/pages/${pageRow.uuid}`, headers: bearer(who.access_token), payload: {} }));
  const muted = await signup(app);
  resultOf(await app.inject({ method: 'PUT', url: `/api/v2/mutes/${muted.user.uuid}`, headers: bearer(who.access_token), payload: {} }));

  const now = Date.now();
  await app.db.updateTable('users').set({ push_notifications_on: 1 }).where('uuid', '=', who.user.uuid).execute();
  await app.db.insertInto('push_subscriptions').values({
    user_uuid: who.user.uuid, subscription_id: randomUUID(), site_uuid: SITE, endpoint: `https://push.example/send/${tag}-endpoint-path`,
    public_key: `${tag}-public-key`, auth_secret: `${tag}-auth-secret`, date_created: now,
  }).execute();
  const statement = randomUUID();
  await app.db.insertInto('statements_of_reasons').values({
    uuid: statement, site_uuid: SITE, user_uuid: who.user.uuid, content_uuid: comment.content_uuid, notice_uuid: null, decision_uuid: null,
    restriction: 'rejection', ground_type: 'terms', ground: 'off_topic', ground_label: 'Off topic', explanation: say('statement explanation'),
    facts: `A comment by ${who.user.name} (${who.email}) was rejected.`, automated: 0, automated_rule: null, moderator_uuid: mod.user.uuid,
    state: 'in_force', appeal_until: now + 1000, date_created: now,
  }).execute();
  const appeal = randomUUID();
  await app.db.insertInto('appeals').values({
    uuid: appeal, site_uuid: SITE, statement_uuid: statement, notice_uuid: null, appellant_uuid: who.user.uuid, appellant_role: 'author',
    text: `I am ${who.user.name}: ${say('appeal')}`, first_decided_by: mod.user.uuid, state: 'open', decided_by: null, decided_at: null,
    explanation: null, single_moderator: 0, date_created: now,
  }).execute();
  const notice = randomUUID();
  await app.db.insertInto('legal_notices').values({
    uuid: notice, site_uuid: SITE, reference: `N-${tag}-${n}`, target_type: 'content', content_uuid: theirs.content_uuid, target_user_uuid: other.user.uuid,
    kind: 'defamation', explanation: say('notice'), reporter_name: who.user.name, reporter_email: who.email, reporter_user_uuid: who.user.uuid,
    trusted: 0, state: 'open', decided_by: null, decided_at: null, statement_uuid: null, date_created: now,
  }).execute();
  await app.db.insertInto('bans').values({
    uuid: randomUUID(), site_uuid: SITE, user_uuid: who.user.uuid, ban_level: 'posting', user_message: `${who.user.name}, ${say('ban message')}`,
    is_permanent: 0, created_by: mod.user.uuid, date_created: now - 2000, date_expired: now - 1000, date_revoked: null,
  }).execute();
  await app.db.insertInto('staff_notes').values({
    uuid: randomUUID(), site_uuid: SITE, user_uuid: who.user.uuid, author_uuid: mod.user.uuid, text: `Note on ${who.user.name} <${who.email}>`, date_created: now,
  }).execute();
  return {
    page: { ...page, container: c }, theirs, comment, reply, liveblogReply, chatMessage, review, reviewTitle: say('review title'), pollOption: say('soup'), topic,
    statement, appeal, notice,
    texts: [say('comment'), say('reply'), say('liveblog reply'), say('chat message'), say('review')],
  };
}

/** The reader's data file as the route sends it. */
export async function exportOf(app: FastifyInstance, token: string): Promise<{ text: string; data: any; disposition: string }> {
  const response = await app.inject({ method: 'GET', url: '/api/v2/users/me/data', query: { section: SITE }, headers: bearer(token) });
  if (response.statusCode !== 200) throw new Error(`export: ${response.statusCode} ${response.body}`);
  return { text: response.body, data: response.json(), disposition: String(response.headers['content-disposition']) };
}

/** Every text column of every table of the database (SQLite or PostgreSQL). */
async function textColumns(app: FastifyInstance): Promise<{ table: string; column: string }[]> {
  if (usingPostgres) {
    const { rows } = await sql<{ table: string; column: string }>`
      SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
      WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'json', 'jsonb')`.execute(app.db);
    return rows;
  }
  const { rows: tables } = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`.execute(app.db);
  const columns: { table: string; column: string }[] = [];
  for (const { name } of tables) {
    const { rows } = await sql<{ name: string; type: string }>`SELECT name, type FROM pragma_table_info(${name})`.execute(app.db);
    // SQLite keeps text in any column whose type is not a number's; read every one but integers.
    for (const row of rows) if (!/int/i.test(row.type)) columns.push({ table: name, column: row.name });
  }
  return columns;
}

/** Where in the database any of `needles` is found (case-insensitive): `table.column` for each. */
export async function findInDatabase(app: FastifyInstance, needles: string[]): Promise<string[]> {
  const found: string[] = [];
  const columns = await textColumns(app);
  for (const { table, column } of columns) {
    for (const needle of needles) {
      const pattern = `%${needle.toLowerCase()}%`;
      const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE lower(CAST(${sql.ref(column)} AS text)) LIKE ${pattern}`.execute(app.db);
      if (Number(rows[0]!.n) > 0) found.push(`${table}.${column} holds "${needle}"`);
    }
  }
  if (columns.length < 100) throw new Error(`only ${columns.length} text columns found: the scan is not reading the schema`);
  return found;
}
