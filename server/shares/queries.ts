/**
 * Shares of a page (migration 019, docs/api.md "shares"): each recorded share is a row; the
 * total and the per-network counts are one indexed count grouped by network.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ShareNetwork } from '../../core/share/links.ts';
import type { Database } from '../storage/schema.ts';

export interface ShareTotals {
  total: number;
  by_network: Partial<Record<ShareNetwork, number>>;
}

export async function shareTotals(db: Kysely<Database>, pageUuid: string): Promise<ShareTotals> {
  const rows = await db
    .selectFrom('shares')
    .select(['network', (eb) => eb.fn.countAll<number>().as('n')])
    .where('page_uuid', '=', pageUuid)
    .groupBy('network')
    .execute();
  const byNetwork = Object.fromEntries(rows.map((row) => [row.network, Number(row.n)]));
  return { total: rows.reduce((sum, row) => sum + Number(row.n), 0), by_network: byNetwork };
}

export interface NewShare {
  siteUuid: string;
  pageUuid: string;
  network: ShareNetwork;
  sharerUuid: string | null;
}

/** Records one share and returns the page's totals after it. */
export async function recordShare(db: Kysely<Database>, share: NewShare): Promise<ShareTotals> {
  await db
    .insertInto('shares')
    .values({ uuid: randomUUID(), site_uuid: share.siteUuid, page_uuid: share.pageUuid, network: share.network, sharer_uuid: share.sharerUuid, date_created: Date.now() })
    .execute();
  return shareTotals(db, share.pageUuid);
}
