/**
 * Notices of illegal content (DSA Art. 16, docs/law.md): receiving one (its target checked on the
 * site, its kind one of the site's, the reporter's contact unless it reports child sexual abuse
 * material) and a moderator's decision on it. `illegal` removes the item as a queue reject does
 * (counts move, the page hears of it) or takes the profile's name or picture away, with a
 * statement of reasons; `not_illegal` leaves it, unless the moderator also rejects it under a
 * rule of the site's terms. The decision claims the notice with a conditional update in the same
 * transaction, so of two moderators one decides and the other gets 409.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { CSAM_KIND, type LegalSettings, MAX_EXPLANATION, type NoticeDecision, type NoticeTargetType, type Restriction } from '../../core/legal/types.ts';
import type { ContentEvent } from '../../core/api/types.ts';
import { normalisePlain } from '../content/normalise.ts';
import { badRequest, HttpError, notFound } from '../errors.ts';
import type { Site } from '../engine/sites.ts';
import type { UserRow } from '../engine/users.ts';
import { decideMany } from '../moderation/index.ts';
import type { Database, LegalNoticesTable, StatementsOfReasonsTable } from '../storage/schema.ts';
import { statementFacts } from './facts.ts';
import { groundOf, legalSettings } from './settings.ts';
import { termsRuleOr400, writeStatements } from './statements.ts';

/** The window of VF_NOTICE_LIMIT: notices per reader's address (request.ip, proxy-aware under VF_TRUST_PROXY). */
export const NOTICE_WINDOW_MS = 10 * 60 * 1000;

/** References are read aloud and typed again: no 0/O, 1/I/L. */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const REFERENCE_PATTERN = '^N-[2-9A-HJKMNP-Z]{8}$';

export function newReference(): string {
  const bytes = randomBytes(8);
  return `N-${[...bytes].map((byte) => REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length]).join('')}`;
}

export type NoticeTarget = { type: 'content'; uuid: string } | { type: 'profile_name' | 'profile_picture'; user_uuid: string };

export interface NoticeInput {
  target: NoticeTarget;
  kind: string;
  explanation: string;
  reporter_name?: string;
  reporter_email?: string;
}

/** The explanation as stored (trimmed, well-formed); a blank one is a 400. */
export function explanationOr400(text: string, field: string): string {
  const clean = normalisePlain(text, 'The explanation', MAX_EXPLANATION);
  if (!clean.ok) throw badRequest(clean.message, field);
  return clean.text;
}

/** What the notice points at on the site: the item (not deleted) and its author, or the profile's owner; 404 otherwise. */
async function targetOf(app: FastifyInstance, site: Site, target: NoticeTarget): Promise<{ content_uuid: string | null; target_user_uuid: string | null }> {
  if (target.type === 'content') {
    const row = await app.db.selectFrom('contents').leftJoin('users', 'users.uuid', 'contents.actor_uuid')
      .select(['contents.uuid', 'contents.actor_uuid', 'users.user_privilege']).where('contents.uuid', '=', target.uuid)
      .where('contents.site_uuid', '=', site.uuid).where('contents.state', '!=', 'deleted').executeTakeFirst();
    if (!row) throw notFound('No such item on this site');
    return { content_uuid: row.uuid, target_user_uuid: row.user_privilege === 'guest' ? null : row.actor_uuid };
  }
  const user = await app.db.selectFrom('users').select(['uuid', 'pic_small', 'user_privilege', 'erased_at']).where('uuid', '=', target.user_uuid)
    .where('site_uuid', '=', site.uuid).executeTakeFirst();
  if (!user || user.user_privilege === 'guest' || user.erased_at != null) throw notFound('No such reader on this site');
  if (target.type === 'profile_picture' && !user.pic_small) throw notFound('This reader has no picture');
  return { content_uuid: null, target_user_uuid: user.uuid };
}

/** Stores a notice; `reporter` is the signed-in reader of this site who sends it, if any. */
export async function createNotice(app: FastifyInstance, site: Site, input: NoticeInput, reporter: UserRow | null): Promise<LegalNoticesTable> {
  const settings = await legalSettings(app.db, site.uuid);
  if (!groundOf(settings.illegal_kinds, input.kind)) throw badRequest(`${input.kind} is not a kind of illegal content this site lists`, 'kind');
  const explanation = explanationOr400(input.explanation, 'explanation');
  // A signed-in reader's own name and email stand in for those not given.
  const name = input.reporter_name?.trim() || reporter?.name || null;
  const email = input.reporter_email?.trim().toLowerCase() || (reporter?.email.includes('@') ? reporter.email : null);
  if (input.kind !== CSAM_KIND) {
    if (!name) throw badRequest('Give your name (it may be left out only for child sexual abuse material)', 'reporter_name');
    if (!email) throw badRequest('Give your email address (it may be left out only for child sexual abuse material)', 'reporter_email');
  }
  const target = await targetOf(app, site, input.target);
  const row: LegalNoticesTable = {
    uuid: randomUUID(), site_uuid: site.uuid, reference: newReference(), target_type: input.target.type, ...target, kind: input.kind, explanation,
    reporter_name: name, reporter_email: email, reporter_user_uuid: reporter?.uuid ?? null, trusted: Number(reporter?.trusted_flagger ?? 0) === 1 ? 1 : 0,
    state: 'open', decided_by: null, decided_at: null, statement_uuid: null, date_created: Date.now(),
  };
  // A reference taken already (one in a billion) draws again.
  for (let attempt = 0; ; attempt++) {
    try {
      await app.db.insertInto('legal_notices').values(row).execute();
      return row;
    } catch (error) {
      const taken = await app.db.selectFrom('legal_notices').select('uuid').where('reference', '=', row.reference).executeTakeFirst();
      if (!taken || attempt >= 3) throw error;
      row.reference = newReference();
    }
  }
}

export interface NoticeDecisionInput {
  decision: NoticeDecision;
  ground?: string;
  explanation?: string;
  terms_rule?: string;
}

export interface NoticeDecided {
  notice: LegalNoticesTable;
  statements: StatementsOfReasonsTable[];
  /** The page's events (content removed), committed: publish them. */
  events: ContentEvent[];
  /** The content's new state, when it changed (for the open queues). */
  decidedContent: { uuid: string; state: string } | null;
  /** Pictures no longer referenced: delete their files. */
  unusedPictures: string[];
  /** A profile changed: its name or picture shows no more on the reader's items. */
  profileChanged: boolean;
  /** The moderator's explanation, as stored. */
  explanation: string | null;
  /** The ground checked (null: not illegal, nothing rejected). */
  ground: { type: 'illegal' | 'terms'; id: string } | null;
}

/** The checked ground: an illegal kind for `illegal`, an optional terms rule for `not_illegal`. */
function groundOfDecision(settings: LegalSettings, input: NoticeDecisionInput): { type: 'illegal' | 'terms'; id: string } | null {
  if (input.decision === 'illegal') {
    if (input.terms_rule !== undefined) throw badRequest('terms_rule goes with not_illegal', 'terms_rule');
    if (!input.ground) throw badRequest('Name the kind of illegal content (ground)', 'ground');
    if (!groundOf(settings.illegal_kinds, input.ground)) throw badRequest(`${input.ground} is not a kind of illegal content this site lists`, 'ground');
    return { type: 'illegal', id: input.ground };
  }
  if (input.ground !== undefined) throw badRequest('ground goes with illegal', 'ground');
  return input.terms_rule === undefined ? null : { type: 'terms', id: termsRuleOr400(settings, input.terms_rule) };
}

/** The placeholder a reader's name judged illegal gives way to. */
export const placeholderName = (userUuid: string) => `Reader ${userUuid.slice(0, 6)}`;

export async function decideNotice(app: FastifyInstance, site: Site, moderator: UserRow, uuid: string, input: NoticeDecisionInput): Promise<NoticeDecided> {
  const notice = await app.db.selectFrom('legal_notices').selectAll().where('uuid', '=', uuid).where('site_uuid', '=', site.uuid).executeTakeFirst();
  if (!notice) throw notFound('No such notice on this site');
  if (notice.state !== 'open') throw await alreadyDecided(app.db, notice.decided_by);
  const ground = groundOfDecision(await legalSettings(app.db, site.uuid), input);
  const explanation = input.explanation === undefined ? null : explanationOr400(input.explanation, 'explanation');
  const now = Date.now();
  const state = input.decision;
  const facts = statementFacts.notice(notice, input.decision === 'illegal', notice.target_type);
  type Restricted = { restriction: Restriction; content_uuid: string | null; decision_uuid: string | null };
  /** Claims the notice (open → decided); 409 naming who was first when another moderator was. */
  const claim = async (trx: Transaction<Database>) => {
    const claimed = await trx.updateTable('legal_notices').set({ state, decided_by: moderator.uuid, decided_at: now })
      .where('uuid', '=', notice.uuid).where('state', '=', 'open').executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) throw await alreadyDecided(trx, (await trx.selectFrom('legal_notices').select('decided_by').where('uuid', '=', notice.uuid).executeTakeFirst())?.decided_by ?? null);
    return [];
  };
  /** The statement of what the decision restricted, named on the notice. */
  const writeFor = async (trx: Transaction<Database>, restricted: Restricted) => {
    const statements = ground ? await writeStatements(trx, [{
      site_uuid: site.uuid, user_uuid: notice.target_user_uuid, notice_uuid: notice.uuid, ...restricted,
      ground_type: ground.type, ground: ground.id, explanation, facts, moderator_uuid: moderator.uuid,
    }], now) : [];
    if (statements[0]) await trx.updateTable('legal_notices').set({ statement_uuid: statements[0].uuid }).where('uuid', '=', notice.uuid).execute();
    return statements;
  };
  const decided = (statements: StatementsOfReasonsTable[], extra: Partial<NoticeDecided> = {}): NoticeDecided => ({
    notice: { ...notice, state, decided_by: moderator.uuid, decided_at: now, statement_uuid: statements[0]?.uuid ?? null },
    statements, events: [], decidedContent: null, unusedPictures: [], profileChanged: false, explanation, ground, ...extra,
  });

  if (notice.content_uuid) {
    const item = await app.db.selectFrom('contents').select(['uuid', 'state']).where('uuid', '=', notice.content_uuid).executeTakeFirst();
    const restriction = input.decision === 'illegal' ? 'removal' : 'rejection';
    if (!ground || !item || item.state === 'deleted') {
      // Nothing to remove (not illegal, or its author deleted it meanwhile): the notice is decided.
      return decided(await app.db.transaction().execute(claim));
    }
    let statements: StatementsOfReasonsTable[] = [];
    // Removed as a queue reject removes it: counts move, the page and the open queues hear of it.
    const result = await decideMany(app.db, site.uuid, moderator.uuid, 'reject', [{ uuid: item.uuid, state: item.state }], async (trx, outcome) => {
      const done = outcome.decided[0];
      await claim(trx);
      if (!done) throw new HttpError(409, 'The item changed meanwhile; try again');
      statements = await writeFor(trx, { restriction, content_uuid: item.uuid, decision_uuid: done.decision_uuid });
    });
    const done = result.decided[0]!;
    return decided(statements, { events: result.events, decidedContent: { uuid: done.uuid, state: done.state } });
  }

  // A profile's name or picture: taken away as a moderator's rejection of a new one leaves it.
  const owner = notice.target_user_uuid ? await app.db.selectFrom('users').selectAll().where('uuid', '=', notice.target_user_uuid).executeTakeFirst() : undefined;
  const restriction = notice.target_type as Exclude<NoticeTargetType, 'content'>;
  if (!ground || !owner) return decided(await app.db.transaction().execute(claim));
  const name = restriction === 'profile_name';
  const statements = await app.db.transaction().execute(async (trx) => {
    await claim(trx);
    const written = await writeFor(trx, { restriction, content_uuid: null, decision_uuid: null });
    const change = name
      ? { name: placeholderName(owner.uuid), username_pending: owner.name, username_moderation_status: 'rejected' }
      : { pic_small: null, pic_large: null, pic_small_pending: null, pic_large_pending: null, avatar_moderation_status: 'rejected' };
    await trx.updateTable('users').set(change).where('uuid', '=', owner.uuid).execute();
    return written;
  });
  const unusedPictures = name ? [] : [owner.pic_small, owner.pic_large, owner.pic_small_pending, owner.pic_large_pending].filter((path): path is string => !!path);
  return decided(statements, { unusedPictures, profileChanged: true });
}

/** The 409 of a notice decided already, naming who decided it. */
async function alreadyDecided(db: Kysely<Database>, decidedBy: string | null): Promise<HttpError> {
  const name = decidedBy ? (await db.selectFrom('users').select('name').where('uuid', '=', decidedBy).executeTakeFirst())?.name ?? null : null;
  return new HttpError(409, name ? `Already decided by ${name}` : 'This notice was decided already', { decided_by: name });
}
