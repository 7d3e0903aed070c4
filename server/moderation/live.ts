/**
 * The moderation queue's live channel (docs/moderation.md "Live"). A socket subscribes with the
 * rule `moderation_section_uuid` and its access token; only the site's moderators and admins
 * may. Every process watches the content events its hub delivers (HubWatcher): an item that
 * became pending (posted or edited into premoderation) or reported goes to its own sockets as
 * `queued`, and the counts follow (at most every COUNTS_EVERY_MS per site). `decided` comes from
 * the decisions call through the hub (and Redis) to every process.
 */
import type { FastifyInstance } from 'fastify';
import type { ContentEvent } from '../../core/api/types.ts';
import type { Decision, ModerationEvent } from '../../core/moderation/types.ts';
import { can } from '../../core/permissions/index.ts';
import { permissionUser } from '../permissions/index.ts';
import type { HubWatcher } from '../realtime/hub.ts';
import { getSite } from '../engine/sites.ts';
import { queueItems } from './queueItems.ts';
import { queueCounts } from './queueQuery.ts';

export const RULE_KEY = 'moderation_section_uuid';
/** The counts go out at most this often per site, after the change that moved them (on PostgreSQL a site with 100,000 waiting items takes about 0.1 s to count: bench/moderationQueue.ts). */
export const COUNTS_EVERY_MS = 1000;
/** Events that can move a queue's count. */
const MOVING = new Set(['created', 'updated', 'deleted', 'disabled', 'visible', 'spammed', 'flagged', 'flags_cleared']);
/** Event numbers already handled (a process with Redis hears its own events twice). */
const REMEMBERED = 1000;

export const REFUSED = "Only the site's moderators and admins can follow its moderation queue";

export function watchModeration(app: FastifyInstance): void {
  const hub = app.hub;
  const handled = new Set<string>();
  const countTimers = new Map<string, ReturnType<typeof setTimeout>>();
  let closed = false;

  const send = (event: ModerationEvent) => void hub.deliverModeration(event);
  const failed = (error: unknown) => app.log.error({ err: error }, 'moderation live event failed');

  hub.guards.set(RULE_KEY, async (siteUuid, values, token) => {
    if (values.some((value) => value !== siteUuid) || !token) return REFUSED;
    const user = await app.auth.userOfToken(token);
    const site = user && user.row.site_uuid === siteUuid ? await getSite(app.db, siteUuid) : null;
    if (!user || !site) return REFUSED;
    return can('comment', 'moderate', { user: permissionUser(user.row, user.ban), settings: site.settings }).allowed ? null : REFUSED;
  });

  function countsSoon(site: string): void {
    if (countTimers.has(site)) return;
    const timer = setTimeout(() => {
      countTimers.delete(site);
      if (closed || !hub.hasSubscribers(RULE_KEY, site)) return;
      queueCounts(app.db, site).then((counts) => send({ event: 'counts', content_type: 'moderation', section_uuid: site, counts, time: Date.now() }), failed);
    }, COUNTS_EVERY_MS);
    timer.unref();
    countTimers.set(site, timer);
  }

  async function queued(event: ContentEvent): Promise<void> {
    const [item] = await queueItems(app.db, [event.content_uuid]);
    if (!item || closed) return;
    const queue = item.state === 'awaiting_moderation' ? 'pending' : item.state === 'visible' && item.reports.count > 0 && event.event === 'flagged' ? 'reported' : null;
    if (queue) send({ event: 'queued', content_type: 'moderation', section_uuid: event.section_uuid, content_uuid: item.uuid, queue, item, time: Date.now() });
  }

  const watcher: HubWatcher = {
    event(event) {
      if (!MOVING.has(event.event) || !hub.hasSubscribers(RULE_KEY, event.section_uuid)) return;
      const key = `${event.content_container_uuid}:${event.seq}`;
      if (handled.has(key)) return;
      handled.add(key);
      if (handled.size > REMEMBERED) handled.delete(handled.values().next().value!);
      // A held item's event carries no text (the public may not see it): it is read here.
      if (event.event === 'flagged' || (['created', 'updated'].includes(event.event) && !event.content)) void queued(event).catch(failed);
      countsSoon(event.section_uuid);
    },
    siteChanged() {},
  };
  hub.watch(watcher);
  app.addHook('onClose', async () => {
    closed = true;
    for (const timer of countTimers.values()) clearTimeout(timer);
  });
}

/** Tells every open queue of the site, on every process, that a moderator decided. */
export function announceDecided(app: FastifyInstance, site: string, by: { uuid: string; name: string }, decided: { uuid: string; state: string }[], decision: Decision | 'undo'): void {
  for (const item of decided) {
    app.hub.moderate({ event: 'decided', content_type: 'moderation', section_uuid: site, content_uuid: item.uuid, decision, state: item.state, by, time: Date.now() });
  }
}
