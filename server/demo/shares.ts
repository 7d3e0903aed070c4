/**
 * The demo share page's shares (demo mode only, from index.ts): demo/share.html shows a share
 * bar with its total and <vf-share-total>, so its page already has some shares, a few by demo
 * readers (their uuid is the sharer) and the rest by guests, over the last days. Each share's
 * uuid is made from the page's and its place in the list, so a restart, or two processes
 * seeding at once, adds nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { ShareNetwork } from '../../core/share/links.ts';
import { DEMO_SITE } from './site.ts';
import { findOrCreatePage } from '../pages/queries.ts';
import { findUserByEmail } from '../engine/users.ts';

/** The page's path as demo/share.html names it (`og:url`): on the served origin, the page the browser stores is this one. */
export const DEMO_SHARE_PATH = '/demo/share.html';
const TITLE = 'Record crowds line the river for the city marathon';

/** Network, and the demo reader who shared (null: a guest). Emails written out, as topics.ts explains. */
const SHARES: readonly [ShareNetwork, string | null][] = [
  ['facebook', 'maya@vf.local'], ['facebook', null], ['facebook', null], ['facebook', null],
  ['x', 'tomas@vf.local'], ['x', null], ['whatsapp', 'priya@vf.local'], ['whatsapp', null],
  ['whatsapp', null], ['linkedin', null], ['email', 'jonas@vf.local'], ['copy', null], ['copy', null], ['native', 'reader@vf.local'],
];

/** `origin`: where the demo pages are served. */
export async function seedDemoShares(app: FastifyInstance, origin: string): Promise<void> {
  const { page } = await findOrCreatePage(app.db, DEMO_SITE.uuid, {
    url: `${origin}${DEMO_SHARE_PATH}`, title: TITLE, page_section: 'Sport', lang: 'en-us',
  }, 'server');
  const now = Date.now();
  for (const [i, [network, email]] of SHARES.entries()) {
    const sharer = email ? await findUserByEmail(app.db, DEMO_SITE.uuid, email) : null;
    await app.db
      .insertInto('shares')
      .values({ uuid: `${page.uuid.slice(0, 24)}${i.toString(16).padStart(12, '0')}`, site_uuid: DEMO_SITE.uuid, page_uuid: page.uuid, network, sharer_uuid: sharer?.uuid ?? null, date_created: now - (i + 1) * 5 * 3_600_000 })
      .onConflict((conflict) => conflict.column('uuid').doNothing())
      .execute();
  }
}
