/**
 * Live poll results through the realtime hub (docs/polls.md "Live results"). Votes are coalesced:
 * the first vote on a poll starts a timer and, when it fires, the counters are read fresh and one
 * `poll_updated` event goes out, so 1,000 votes a second are at most four frames a second per
 * poll. Counts ride in the event only where every reader may see them; otherwise readers who may
 * (voters, moderators) read the poll again.
 */
import type { FastifyInstance } from 'fastify';
import type { ContentEvent } from '../../core/api/types.ts';
import { isPollClosed, resultsShownBy, type PollTally, type ResultsVisibility } from '../../core/api/pollTypes.ts';
import { getSite } from '../engine/sites.ts';
import { tallyOf } from './queries.ts';

export const RESULTS_FRAME_INTERVAL_MS = 250;

export class PollResultsPublisher {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(private readonly app: FastifyInstance) {}

  /** A vote was stored: a frame within the interval (one for every vote in it). */
  voted(site: string, poll: string): void {
    if (this.timers.has(poll)) return;
    this.timers.set(poll, setTimeout(() => {
      this.timers.delete(poll);
      this.send(site, poll, false);
    }, RESULTS_FRAME_INTERVAL_MS));
  }

  /** The question, rules or closed state changed: a frame now. */
  changed(site: string, poll: string): void {
    this.send(site, poll, true);
  }

  close(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private send(site: string, poll: string, changed: boolean): void {
    this.frame(site, poll, changed).then(
      (event) => event && this.app.hub.publish(event),
      (error: unknown) => this.app.log.error({ err: error }, 'poll results frame failed'),
    );
  }

  private async frame(siteUuid: string, poll: string, changed: boolean): Promise<ContentEvent | null> {
    const [site, row, tally] = await Promise.all([
      getSite(this.app.db, siteUuid),
      this.app.db.selectFrom('polls').select(['results_visibility', 'is_closed', 'closes_at']).where('uuid', '=', poll).executeTakeFirst(),
      tallyOf(this.app.db, poll),
    ]);
    if (!site || !row || !tally) return null;
    const closed = isPollClosed(row, Date.now());
    const isPublic = !site.settings.require_user_authentication_to_see_results && resultsShownBy(row.results_visibility as ResultsVisibility, closed, false);
    const payload: PollTally = { total_votes: tally.total, is_closed: closed, ...(isPublic && { counts: tally.counts }), ...(changed && { changed }) };
    // Not an event-log entry: no seq, so clients apply it as it comes and never catch up on it.
    const event = {
      event: 'poll_updated', content_type: 'poll', section_uuid: siteUuid, content_container_uuid: poll,
      content_uuid: poll, actor_uuid: '', poll: payload, time: Date.now(),
    } as Omit<ContentEvent, 'seq'>;
    return event as ContentEvent;
  }
}
