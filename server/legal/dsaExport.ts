/**
 * Statements of reasons as the EU's DSA Transparency Database takes them (Art. 24(5); its API's
 * statement fields, docs/law.md "Statements of reasons for the EU's Transparency Database"): one
 * JSON object per statement, one per line (JSON Lines), read a page at a time so a long period
 * never sits in memory. `puid` is the statement's uuid. Free texts are cut to the database's limits.
 */
import type { Kysely } from 'kysely';
import { DEFAULT_ILLEGAL_KINDS, type DsaCategory, type LegalSettings } from '../../core/legal/types.ts';
import { CONFIRMED_META, pageOfContainer } from '../pages/index.ts';
import type { Database } from '../storage/schema.ts';
import { legalSettings, groundOf } from './settings.ts';

/** The EEA's countries (the database's codes): vf takes an item out of view everywhere. */
export const EEA_COUNTRIES = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IS', 'IT', 'LI', 'LT', 'LU', 'LV', 'MT', 'NL', 'NO', 'PL',
  'PT', 'RO', 'SE', 'SI', 'SK',
] as const;

/** The category of a decision under the site's terms (the database's "scope of platform service"). */
export const TERMS_CATEGORY: DsaCategory = 'STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE';

/** What a hold is, in decision_visibility_other's words. */
const HOLD_TEXT = 'Held for review by a moderator before it is shown';

/** A statement as submitted to the database (fields it does not need are left out, not sent as null). */
export type DsaStatement = Record<string, string | string[] | null>;

/** What the mapping reads of a statement, its item, its notice and (for a ban) the ban. */
export interface ExportRow {
  uuid: string;
  restriction: string;
  ground_type: string;
  ground: string;
  ground_label: string;
  explanation: string | null;
  facts: string;
  automated: number;
  automated_rule: string | null;
  date_created: number;
  content_date: number | null;
  page_lang: string | null;
  notice_trusted: number | null;
  /** A ban's end (null: permanent or not found). */
  ban_until: number | null;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The category of a kind of illegality: the site's list, else the defaults, else "scope of platform service". */
function categoryOf(settings: LegalSettings, kind: string): DsaCategory {
  return (groundOf(settings.illegal_kinds, kind) ?? groundOf(DEFAULT_ILLEGAL_KINDS, kind))?.category ?? TERMS_CATEGORY;
}

/** The database's fields for one statement (docs/law.md has the table). */
export function dsaStatement(row: ExportRow, settings: LegalSettings): DsaStatement {
  const illegal = row.ground_type === 'illegal';
  const why = cut(row.explanation ?? row.facts, 2000);
  const out: DsaStatement = {};
  if (row.restriction === 'ban') {
    out['decision_account'] = 'DECISION_ACCOUNT_SUSPENDED';
    out['end_date_account_restriction'] = row.ban_until === null ? null : day(row.ban_until);
  } else if (row.restriction === 'hold') {
    out['decision_visibility'] = ['DECISION_VISIBILITY_OTHER'];
    out['decision_visibility_other'] = HOLD_TEXT;
  } else {
    const removed = row.restriction === 'removal' || row.restriction === 'profile_name' || row.restriction === 'profile_picture';
    out['decision_visibility'] = [removed ? 'DECISION_VISIBILITY_CONTENT_REMOVED' : 'DECISION_VISIBILITY_CONTENT_DISABLED'];
  }
  out['decision_ground'] = illegal ? 'DECISION_GROUND_ILLEGAL_CONTENT' : 'DECISION_GROUND_INCOMPATIBLE_CONTENT';
  if (illegal) {
    out['illegal_content_legal_ground'] = cut(row.ground_label, 500);
    out['illegal_content_explanation'] = why;
  } else {
    out['incompatible_content_ground'] = cut(row.ground_label, 500);
    out['incompatible_content_explanation'] = why;
  }
  out['category'] = illegal ? categoryOf(settings, row.ground) : TERMS_CATEGORY;
  if (row.restriction === 'ban') {
    out['content_type'] = ['CONTENT_TYPE_OTHER'];
    out['content_type_other'] = 'User account';
  } else {
    out['content_type'] = [row.restriction === 'profile_picture' ? 'CONTENT_TYPE_IMAGE' : 'CONTENT_TYPE_TEXT'];
  }
  const lang = row.page_lang?.slice(0, 2).toUpperCase();
  if (lang && /^[A-Z]{2}$/.test(lang)) out['content_language'] = lang;
  out['content_date'] = day(row.content_date ?? row.date_created);
  out['application_date'] = day(row.date_created);
  out['decision_facts'] = cut(row.facts, 5000);
  out['source_type'] = row.notice_trusted === null ? 'SOURCE_VOLUNTARY' : row.notice_trusted === 1 ? 'SOURCE_TRUSTED_FLAGGER' : 'SOURCE_ARTICLE_16';
  out['automated_detection'] = row.automated === 1 || row.automated_rule ? 'Yes' : 'No';
  out['automated_decision'] = row.automated === 1 ? 'AUTOMATED_DECISION_FULLY' : 'AUTOMATED_DECISION_NOT_AUTOMATED';
  out['territorial_scope'] = [...EEA_COUNTRIES];
  out['puid'] = row.uuid;
  return out;
}

/** Statements read per page. */
const PAGE = 500;

/** One page of the site's statements in [from, to) after the cursor, oldest first, with what the mapping reads. */
async function exportPage(db: Kysely<Database>, site: string, from: number, to: number, after: { date: number; uuid: string } | null): Promise<ExportRow[]> {
  let query = db
    .selectFrom('statements_of_reasons as s')
    .leftJoin('contents', 'contents.uuid', 's.content_uuid')
    .leftJoin('containers', 'containers.uuid', 'contents.container_uuid')
    .leftJoin('pages', (join) => join.on('pages.uuid', '=', pageOfContainer(db)).on('pages.meta_source', 'in', CONFIRMED_META))
    .leftJoin('legal_notices', 'legal_notices.uuid', 's.notice_uuid')
    .select([
      's.uuid', 's.user_uuid', 's.restriction', 's.ground_type', 's.ground', 's.ground_label', 's.explanation', 's.facts', 's.automated', 's.automated_rule',
      's.date_created', 'contents.date_created as content_date', 'pages.lang as page_lang', 'legal_notices.trusted as notice_trusted',
    ])
    .where('s.site_uuid', '=', site).where('s.date_created', '>=', from).where('s.date_created', '<', to);
  if (after) query = query.where((eb) => eb.or([eb('s.date_created', '>', after.date), eb.and([eb('s.date_created', '=', after.date), eb('s.uuid', '>', after.uuid)])]));
  const rows = await query.orderBy('s.date_created').orderBy('s.uuid').limit(PAGE).execute();
  const banned = [...new Set(rows.flatMap((row) => (row.restriction === 'ban' && row.user_uuid ? [row.user_uuid] : [])))];
  const bans = banned.length
    ? await db.selectFrom('bans').select(['user_uuid', 'date_created', 'date_expired']).where('user_uuid', 'in', banned).orderBy('date_created').execute()
    : [];
  return rows.map((row) => {
    // The ban a statement is about: the reader's latest given by the time it was written.
    const ban = bans.filter((b) => b.user_uuid === row.user_uuid && Number(b.date_created) <= Number(row.date_created)).at(-1);
    return {
      uuid: row.uuid, restriction: row.restriction, ground_type: row.ground_type, ground: row.ground, ground_label: row.ground_label, explanation: row.explanation,
      facts: row.facts, automated: Number(row.automated), automated_rule: row.automated_rule, date_created: Number(row.date_created),
      content_date: row.content_date == null ? null : Number(row.content_date), page_lang: row.page_lang ?? null,
      notice_trusted: row.notice_trusted == null ? null : Number(row.notice_trusted),
      ban_until: ban?.date_expired == null ? null : Number(ban.date_expired),
    };
  });
}

/** The site's statements in [from, to) as JSON Lines, oldest first, a line at a time. */
export async function* statementLines(db: Kysely<Database>, site: string, from: number, to: number): AsyncGenerator<string> {
  const settings = await legalSettings(db, site);
  let after: { date: number; uuid: string } | null = null;
  for (;;) {
    const rows = await exportPage(db, site, from, to, after);
    for (const row of rows) yield `${JSON.stringify(dsaStatement(row, settings))}\n`;
    if (rows.length < PAGE) return;
    const last = rows[rows.length - 1]!;
    after = { date: last.date_created, uuid: last.uuid };
  }
}
