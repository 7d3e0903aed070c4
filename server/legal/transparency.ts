/**
 * The transparency report of a site for a period (DSA Art. 15 and 24, docs/law.md
 * "Transparency"): every figure is counted from the records themselves, over the half-open period
 * [from, to) in ms. Notices received (by kind, and how many from trusted flaggers) by when they
 * arrived; notices decided (by outcome) and the median time from notice to decision by when they
 * were first decided; actions (statements of reasons) by restriction and by ground, and how many
 * were automated, by when they were taken; appeals by when they arrived, with their outcome so
 * far; bans by when they were given. As JSON, or as CSV rows `section,metric,key,value` (RFC 4180).
 */
import type { Kysely } from 'kysely';
import { RESTRICTIONS } from '../../core/legal/types.ts';
import { BAN_LEVELS } from '../moderation/index.ts';
import type { Database } from '../storage/schema.ts';
import { legalSettings } from './settings.ts';

export interface TransparencyReport {
  section: string;
  period: { from: number; to: number };
  notices: {
    received: number;
    /** Every kind the site lists (0 when none came), and any other kind a notice named. */
    received_by_kind: Record<string, number>;
    from_trusted_flaggers: number;
    decided: number;
    decided_by_outcome: { illegal: number; not_illegal: number };
    /** Median of (first decision − arrival) over the notices decided in the period; null when none was. */
    median_ms_to_decision: number | null;
  };
  actions: {
    total: number;
    automated: number;
    by_restriction: Record<string, number>;
    /** Each ground cited, with the label it had when last cited. */
    by_ground: { ground_type: string; ground: string; label: string; count: number }[];
  };
  appeals: { received: number; upheld: number; reversed: number; open: number };
  bans: { total: number; by_level: Record<string, number> };
}

/** The median of the numbers (the mean of the middle two for an even count); null for none. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Counts into a record with every key of `keys` (0 when absent). */
function tally(rows: { key: string; n: number | string | bigint }[], keys: readonly string[] = []): Record<string, number> {
  const out: Record<string, number> = Object.fromEntries(keys.map((key) => [key, 0]));
  for (const row of rows) out[row.key] = (out[row.key] ?? 0) + Number(row.n);
  return out;
}

const sum = (record: Record<string, number>) => Object.values(record).reduce((a, b) => a + b, 0);

export async function transparencyReport(db: Kysely<Database>, site: string, from: number, to: number): Promise<TransparencyReport> {
  const settings = await legalSettings(db, site);
  const [byKind, trusted, decided, actions, automated, grounds, appeals, bans] = await Promise.all([
    db.selectFrom('legal_notices').select(['kind as key']).select((eb) => eb.fn.countAll<number>().as('n'))
      .where('site_uuid', '=', site).where('date_created', '>=', from).where('date_created', '<', to).groupBy('kind').execute(),
    db.selectFrom('legal_notices').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('site_uuid', '=', site).where('date_created', '>=', from).where('date_created', '<', to).where('trusted', '=', 1).executeTakeFirstOrThrow(),
    db.selectFrom('legal_notices').select(['state', 'date_created', 'decided_at'])
      .where('site_uuid', '=', site).where('state', '!=', 'open').where('decided_at', '>=', from).where('decided_at', '<', to).execute(),
    db.selectFrom('statements_of_reasons').select(['restriction as key']).select((eb) => eb.fn.countAll<number>().as('n'))
      .where('site_uuid', '=', site).where('date_created', '>=', from).where('date_created', '<', to).groupBy('restriction').execute(),
    db.selectFrom('statements_of_reasons').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('site_uuid', '=', site).where('date_created', '>=', from).where('date_created', '<', to).where('automated', '=', 1).executeTakeFirstOrThrow(),
    db.selectFrom('statements_of_reasons').select(['ground_type', 'ground']).select((eb) => eb.fn.countAll<number>().as('n'))
      .where('site_uuid', '=', site).where('date_created', '>=', from).where('date_created', '<', to).groupBy(['ground_type', 'ground'])
      .orderBy('ground_type').orderBy('ground').execute(),
    db.selectFrom('appeals').select(['state as key']).select((eb) => eb.fn.countAll<number>().as('n'))
      .where('site_uuid', '=', site).where('date_created', '>=', from).where('date_created', '<', to).groupBy('state').execute(),
    db.selectFrom('bans').select(['ban_level as key']).select((eb) => eb.fn.countAll<number>().as('n'))
      .where('site_uuid', '=', site).where('date_created', '>=', from).where('date_created', '<', to).groupBy('ban_level').execute(),
  ]);
  const labels = await groundLabels(db, site, from, to);
  const received = tally(byKind, settings.illegal_kinds.map((kind) => kind.id));
  const byRestriction = tally(actions, RESTRICTIONS);
  const appealStates = tally(appeals, ['open', 'upheld', 'reversed']);
  const byLevel = tally(bans, BAN_LEVELS);
  return {
    section: site,
    period: { from, to },
    notices: {
      received: sum(received),
      received_by_kind: received,
      from_trusted_flaggers: Number(trusted.n),
      decided: decided.length,
      decided_by_outcome: { illegal: decided.filter((r) => r.state === 'illegal').length, not_illegal: decided.filter((r) => r.state === 'not_illegal').length },
      median_ms_to_decision: median(decided.map((r) => Number(r.decided_at) - Number(r.date_created))),
    },
    actions: {
      total: sum(byRestriction),
      automated: Number(automated.n),
      by_restriction: byRestriction,
      by_ground: grounds.map((g) => ({ ground_type: g.ground_type, ground: g.ground, label: labels.get(`${g.ground_type}:${g.ground}`) ?? g.ground, count: Number(g.n) })),
    },
    appeals: { received: sum(appealStates), upheld: appealStates['upheld']!, reversed: appealStates['reversed']!, open: appealStates['open']! },
    bans: { total: sum(byLevel), by_level: byLevel },
  };
}

/** Each ground's label on its latest statement in the period (a renamed ground shows its newest name). */
async function groundLabels(db: Kysely<Database>, site: string, from: number, to: number): Promise<Map<string, string>> {
  const rows = await db.selectFrom('statements_of_reasons').select(['ground_type', 'ground', 'ground_label'])
    .where('site_uuid', '=', site).where('date_created', '>=', from).where('date_created', '<', to).orderBy('date_created').orderBy('uuid').execute();
  return new Map(rows.map((row) => [`${row.ground_type}:${row.ground}`, row.ground_label]));
}

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, its quotes doubled. */
export function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The report as CSV: a header, then one `section,metric,key,value` row per figure, CRLF line ends. */
export function reportCsv(report: TransparencyReport): string {
  const rows: [string, string, string | number | null][] = [
    ['period', 'from', report.period.from],
    ['period', 'to', report.period.to],
    ['notices_received', 'total', report.notices.received],
    ...Object.entries(report.notices.received_by_kind).map(([kind, count]): [string, string, number] => ['notices_received_by_kind', kind, count]),
    ['notices_from_trusted_flaggers', 'total', report.notices.from_trusted_flaggers],
    ['notices_decided', 'total', report.notices.decided],
    ['notices_decided', 'illegal', report.notices.decided_by_outcome.illegal],
    ['notices_decided', 'not_illegal', report.notices.decided_by_outcome.not_illegal],
    ['median_ms_to_decision', 'notices', report.notices.median_ms_to_decision],
    ['actions', 'total', report.actions.total],
    ['actions', 'automated', report.actions.automated],
    ...Object.entries(report.actions.by_restriction).map(([restriction, count]): [string, string, number] => ['actions_by_restriction', restriction, count]),
    ...report.actions.by_ground.map((g): [string, string, number] => ['actions_by_ground', `${g.ground_type}:${g.ground}`, g.count]),
    ...report.actions.by_ground.map((g): [string, string, string] => ['ground_label', `${g.ground_type}:${g.ground}`, g.label]),
    ['appeals', 'received', report.appeals.received],
    ['appeals', 'upheld', report.appeals.upheld],
    ['appeals', 'reversed', report.appeals.reversed],
    ['appeals', 'open', report.appeals.open],
    ['bans', 'total', report.bans.total],
    ...Object.entries(report.bans.by_level).map(([level, count]): [string, string, number] => ['bans_by_level', level, count]),
  ];
  const lines = [['section', 'metric', 'key', 'value'], ...rows.map(([metric, key, value]) => [report.section, metric, key, value])];
  return `${lines.map((fields) => fields.map(csvField).join(',')).join('\r\n')}\r\n`;
}
