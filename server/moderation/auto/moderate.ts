/**
 * Automatic moderation (docs/moderation.md "Automatic moderation"): the one check every write
 * path makes before it stores a reader's new item or edit. The rules run in the documented order
 * and the first that rejects or holds decides; its reason is stored on the item
 * (`contents.hold_reason`) and beside it as an automatic decision (record.ts).
 *
 * A site's settings and its word matchers are built once and kept until the settings change:
 * the settings call tells the hub (`siteChanged`), which tells every process (Redis).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { AutoModerationSettings, HoldReason } from '../../../core/moderation/types.ts';
import { linksIn } from '../../../core/text/links.ts';
import type { ContainersTable, Database, UsersTable } from '../../storage/schema.ts';
import type { Site } from '../../engine/sites.ts';
import { akismet, perspective, type ScoredItem, type ScorerAnswer } from './scorers.ts';
import { readSettings } from './settings.ts';
import { buildWordMatcher, readText, type WordMatcher } from './words.ts';

export interface Verdict {
  state: 'visible' | 'awaiting_moderation' | 'disabled';
  /** The rule that held or rejected it (also a scorer that did not answer when the site passes such items); null: nothing did. */
  reason: HoldReason | null;
}

export interface ModerationInput {
  site: Site;
  container: ContainersTable;
  author: Pick<UsersTable, 'uuid' | 'name' | 'user_privilege' | 'badge_trusted' | 'always_premoderate'>;
  text: string;
  isEdit: boolean;
  /** Whether premoderation holds it (the kind's policy: the site's or the container's switch). */
  premoderated: boolean;
  /** What the scorers are told of the request (Akismet's user_ip, user_agent; comment_type). */
  request?: { ip: string; userAgent: string };
  type?: string;
}

interface SiteRules {
  settings: AutoModerationSettings;
  banned: WordMatcher;
  suspect: WordMatcher;
}

const PASS: Verdict = { state: 'visible', reason: null };
const hold = (reason: HoldReason): Verdict => ({ state: 'awaiting_moderation', reason });
const reject = (reason: HoldReason): Verdict => ({ state: 'disabled', reason });

/** Per app (a test builds many): each site's rules, dropped when the site changes. */
const caches = new WeakMap<FastifyInstance, Map<string, Promise<SiteRules>>>();

function rulesOf(app: FastifyInstance, siteUuid: string): Promise<SiteRules> {
  let cache = caches.get(app);
  if (!cache) {
    const sites = new Map<string, Promise<SiteRules>>();
    cache = sites;
    caches.set(app, sites);
    app.hub.watch({ event: () => {}, siteChanged: (site) => (site === null ? sites.clear() : sites.delete(site)) });
  }
  let rules = cache.get(siteUuid);
  if (!rules) {
    rules = readSettings(app.db, siteUuid).then((settings) => ({ settings, banned: buildWordMatcher(settings.banned_words), suspect: buildWordMatcher(settings.suspect_words) }));
    rules.catch(() => cache.delete(siteUuid)); // a failed read is tried again next time
    cache.set(siteUuid, rules);
  }
  return rules;
}

/** The first link that the setting holds, or null. */
function heldLink(settings: AutoModerationSettings, text: string): string | null {
  if (settings.links === 'off') return null;
  const allowed = (host: string) => settings.link_allowlist.some((domain) => host === domain || host.endsWith(`.${domain}`));
  return linksIn(text).find((href) => settings.links === 'all' || !allowed(new URL(href).hostname)) ?? null;
}

/**
 * Whether the author has an approved item on the site, and how many they wrote (deleted ones
 * aside). Approved is visible: an item is visible only when nothing held it or a moderator
 * approved it since (`moderated_at` from the queue, or the page's own moderation menu).
 */
async function authorRecord(db: Kysely<Database>, siteUuid: string, authorUuid: string): Promise<{ approved: boolean; written: number }> {
  const row = await db
    .selectFrom('contents')
    .select((eb) => [eb.fn.countAll<number>().as('written'), eb.fn.count<number>(sql`case when state = 'visible' then 1 end`).as('approved')])
    .where('site_uuid', '=', siteUuid)
    .where('actor_uuid', '=', authorUuid)
    .where('state', '<>', 'deleted')
    .executeTakeFirstOrThrow();
  return { approved: Number(row.approved) > 0, written: Number(row.written) };
}

/** The scorers the site turned on, side by side; the first verdict of their answers (reject over hold). */
async function scored(settings: AutoModerationSettings, item: ScoredItem): Promise<Verdict> {
  const asked: Promise<ScorerAnswer>[] = [];
  if (settings.spam_scorer.enabled) asked.push(akismet(settings.spam_scorer, item));
  if (settings.toxicity_scorer.enabled) asked.push(perspective(settings.toxicity_scorer, item));
  if (asked.length === 0) return PASS;
  const verdicts = (await Promise.all(asked)).map((answer): Verdict => {
    const scorer = answer.scorer === 'akismet' ? settings.spam_scorer : settings.toxicity_scorer;
    const rule = answer.scorer === 'akismet' ? 'spam_score' : 'toxicity_score';
    if ('failed' in answer) {
      const reason: HoldReason = { rule: 'scorer_timeout', scorer: answer.scorer };
      return scorer.on_timeout === 'hold' ? hold(reason) : { state: 'visible', reason };
    }
    const reason: HoldReason = { rule, scorer: answer.scorer, score: answer.score };
    if (answer.certain || answer.score >= scorer.reject_at) return reject(reason);
    return answer.score >= scorer.hold_at ? hold(reason) : PASS;
  });
  const rank = (v: Verdict) => (v.state === 'disabled' ? 3 : v.state === 'awaiting_moderation' ? 2 : v.reason ? 1 : 0);
  return verdicts.reduce((best, v) => (rank(v) > rank(best) ? v : best));
}

/** The verdict on a new item or a reader's edit, before it is stored. */
export async function moderate(app: FastifyInstance, input: ModerationInput): Promise<Verdict> {
  const { site, container, author, text } = input;
  if (author.user_privilege === 'mod' || author.user_privilege === 'admin') return PASS;
  const { settings, banned, suspect } = await rulesOf(app, site.uuid);
  const reading = readText(text);
  const bannedWord = banned.find(reading);
  if (bannedWord) return reject({ rule: 'banned_word', ...bannedWord });
  if (Number(author.badge_trusted ?? 0) === 1) return PASS;
  if (Number(author.always_premoderate ?? 0) === 1) return hold({ rule: 'user_premoderated' });
  if (input.premoderated) return hold({ rule: 'premoderation' });
  const suspectWord = suspect.find(reading);
  if (suspectWord) return hold({ rule: 'suspect_word', ...suspectWord });
  const link = heldLink(settings, text);
  if (link) return hold({ rule: 'link', link });
  const limit = settings.new_commenter_holds;
  if (limit > 0 && !input.isEdit) {
    const { approved, written } = await authorRecord(app.db, site.uuid, author.uuid);
    if (!approved && written < limit) return hold({ rule: 'new_commenter', limit });
  }
  const home = `https://${site.domains[0] ?? 'localhost'}/`;
  return scored(settings, {
    text,
    authorName: author.name,
    blog: home,
    permalink: /^https?:\/\//.test(container.container_id) ? container.container_id : home,
    userIp: input.request?.ip ?? '',
    userAgent: input.request?.userAgent ?? '',
    type: input.type ?? 'comment',
  });
}
