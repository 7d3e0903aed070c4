/**
 * The polls service (`/api/polls`, docs/polls.md): read a page's poll, create and edit it, close
 * and reopen it (moderators and admins), vote once (users by account, guests by a per-browser
 * token where the site lets guests vote). Results are left out until the poll's rule shows them.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ALREADY_VOTED, isPollClosed, MAX_OPTION_LENGTH, POLL_CLOSED, MAX_QUESTION_LENGTH, resultsShownBy, type Poll, type PollInput, type PostPoll, type ResultsVisibility } from '../../core/api/pollTypes.ts';
import { can, type PermissionUser } from '../../core/permissions/index.ts';
import { isPrivileged } from '../../core/permissions/rules.ts';
import { normaliseName } from '../content/normalise.ts';
import { badRequest, HttpError, notFound } from '../errors.ts';
import { enforce, viewerOn } from '../permissions/index.ts';
import { absentBodyIsEmpty, type Common, params, strictObject } from '../routes/schemas.ts';
import { createPoll, pollById, pollByUuid, pollsInContainer, updatePoll, voteOf, type PollChange, type StoredPoll, type VoteRefusal } from './queries.ts';
import { siteOr404, type Site } from '../engine/sites.ts';
import { PollResultsPublisher } from './liveResults.ts';
import { VoteBatcher } from './voteBatcher.ts';
import { createBody, editBody, pollQuery, pollResult, postPollsResult, voteBody } from './schemas.ts';

type Section = { section: string };
type PollParams = { section: string; poll: string };

/** Whose vote: the signed-in user, else the browser's token hashed (never stored as sent). */
function voterKey(viewer: PermissionUser | null, token: string | undefined): string | null {
  if (viewer) return `user:${viewer.uuid}`;
  return token ? `guest:${createHash('sha256').update(token).digest('hex')}` : null;
}

/** Whether this reader sees the counts: moderators always; else the site's login rule and the poll's own. */
function resultsVisible(site: Site, viewer: PermissionUser | null, visibility: ResultsVisibility, closed: boolean, voted: boolean): boolean {
  return isPrivileged(viewer) || (can('polls', 'see_results', { user: viewer, settings: site.settings }).allowed && resultsShownBy(visibility, closed, voted));
}

function present({ row, options }: StoredPoll, site: Site, viewer: PermissionUser | null, myVote: string[] | null): Poll {
  const closed = isPollClosed(row, Date.now());
  const visibility = row.results_visibility as ResultsVisibility;
  const visible = resultsVisible(site, viewer, visibility, closed, myVote !== null);
  return {
    uuid: row.uuid, poll_id: row.poll_id, question: row.question, multiple: Number(row.multiple) === 1,
    results_visibility: visibility, closes_at: row.closes_at === null ? null : Number(row.closes_at), is_closed: closed,
    total_votes: visible ? Number(row.total_votes) : null, results_visible: visible,
    options: options.map((o) => ({ uuid: o.uuid, text: o.text, votes: visible ? Number(o.votes) : null })),
    my_vote: myVote,
  };
}

/** One line of plain text (content/normalise.ts: white space collapsed, control characters out), or a 400. */
function clean(input: string, noun: string, max: number, field: string): string {
  const text = normaliseName(input);
  if (!text) throw badRequest(`${noun} cannot be empty`, field);
  if (text.length > max) throw badRequest(`${noun} is too long (maximum ${max} characters)`, field);
  return text;
}

/** What a refused vote answers (nothing of it was stored). */
const REFUSALS: Record<VoteRefusal, () => HttpError> = {
  no_poll: () => notFound('No such poll'),
  closed: () => new HttpError(409, POLL_CLOSED),
  unknown_option: () => badRequest('No such option in this poll', 'options'),
  one_choice: () => badRequest('This poll takes one choice', 'options'),
  already_voted: () => new HttpError(409, ALREADY_VOTED),
};

export default async function pollRoutes(app: FastifyInstance): Promise<void> {
  const live = new PollResultsPublisher(app);
  const votes = new VoteBatcher(app.db);
  app.queueDepths.set('poll_votes', () => votes.depth);
  app.addHook('onClose', async () => live.close());

  const siteOf = (section: string) => siteOr404(app.db, section);
  const managed = async (request: FastifyRequest<{ Params: PollParams }>) => {
    const site = await siteOf(request.params.section);
    const viewer = viewerOn(request, site.uuid);
    enforce('polls', 'manage', { user: viewer, settings: site.settings });
    const poll = await pollByUuid(app.db, site.uuid, request.params.poll);
    if (!poll) throw notFound('No such poll');
    return { site, viewer, poll };
  };
  const answer = async (site: Site, viewer: PermissionUser | null, uuid: string, token?: string) => {
    const poll = await pollByUuid(app.db, site.uuid, uuid);
    if (!poll) throw notFound('No such poll');
    return { result: present(poll, site, viewer, await voteOf(app.db, uuid, voterKey(viewer, token))) };
  };

  /** A poll goes only into a live-blog post of this site (docs/polls.md "In a live blog"). */
  const liveblogPost = async (site: string, uuid: string) => {
    const post = await app.db.selectFrom('contents').select(['uuid', 'container_uuid']).where('uuid', '=', uuid).where('site_uuid', '=', site).where('type', '=', 'liveblog_post').executeTakeFirst();
    if (!post) throw badRequest('No such live-blog post', 'content_uuid');
    return { container_uuid: post.container_uuid, content_uuid: post.uuid };
  };

  app.get<{ Params: { section: string; container: string } }>(
    '/:section/containers/:container',
    { schema: { params: params(['section', 'container']), querystring: strictObject({}), response: postPollsResult } },
    async (request) => {
      const site = await siteOf(request.params.section);
      const viewer = viewerOn(request, site.uuid);
      const now = Date.now();
      const items = (await pollsInContainer(app.db, site.uuid, request.params.container)).map((row): PostPoll => {
        const closed = isPollClosed(row, now);
        // As this reader sees it before voting: the box the live blog reserves (PostPoll.tsx).
        const results = resultsVisible(site, viewer, row.results_visibility as ResultsVisibility, closed, false);
        return { content_uuid: row.content_uuid, poll_id: row.poll_id, options: row.options, open: !closed, results };
      });
      return { result: { items } };
    },
  );

  app.get<{ Params: Section; Querystring: Common & { poll_id: string; voter_token?: string } }>(
    '/:section',
    { schema: { params: params(['section']), querystring: pollQuery, response: pollResult(true) } },
    async (request) => {
      const site = await siteOf(request.params.section);
      const viewer = viewerOn(request, site.uuid);
      const poll = await pollById(app.db, site.uuid, request.query.poll_id);
      if (!poll) return { result: null };
      return { result: present(poll, site, viewer, await voteOf(app.db, poll.row.uuid, voterKey(viewer, request.query.voter_token))) };
    },
  );

  app.post<{ Params: Section; Body: Common & PollInput & { content_uuid?: string } }>(
    '/:section',
    { schema: { params: params(['section']), querystring: strictObject({}), body: createBody, response: pollResult() } },
    async (request) => {
      const site = await siteOf(request.params.section);
      const viewer = viewerOn(request, site.uuid);
      enforce('polls', 'manage', { user: viewer, settings: site.settings });
      const { poll_id, multiple, results_visibility, closes_at } = request.body;
      const question = clean(request.body.question, 'Question', MAX_QUESTION_LENGTH, 'question');
      const options = request.body.options.map((text) => clean(text, 'An option', MAX_OPTION_LENGTH, 'options'));
      if (new Set(options.map((text) => text.toLocaleLowerCase())).size !== options.length) throw badRequest('Options must differ from one another', 'options');
      if (closes_at !== null && closes_at <= Date.now()) throw badRequest('The closing time must be in the future', 'closes_at');
      const input = { poll_id, question, options, multiple, results_visibility, closes_at };
      const post = request.body.content_uuid ? await liveblogPost(site.uuid, request.body.content_uuid) : null;
      const uuid = await createPoll(app.db, site.uuid, viewer!.uuid, input, Date.now(), post);
      if (!uuid) throw new HttpError(409, `This page already has a poll with the id ${poll_id}`);
      return answer(site, viewer, uuid);
    },
  );

  app.patch<{ Params: PollParams; Body: Common & PollChange }>(
    '/:section/:poll',
    { schema: { params: params(['section', 'poll']), querystring: strictObject({}), body: editBody, response: pollResult() } },
    async (request) => {
      const { site, viewer, poll } = await managed(request);
      const { question, results_visibility, closes_at } = request.body;
      const change: PollChange = { ...(results_visibility && { results_visibility }), ...(closes_at !== undefined && { closes_at }) };
      if (question !== undefined) change.question = clean(question, 'Question', MAX_QUESTION_LENGTH, 'question');
      await updatePoll(app.db, poll.row.uuid, change);
      live.changed(site.uuid, poll.row.uuid);
      return answer(site, viewer, poll.row.uuid);
    },
  );

  for (const action of ['close', 'reopen'] as const) {
    app.post<{ Params: PollParams; Body: Common }>(
      `/:section/:poll/${action}`,
      { preValidation: absentBodyIsEmpty, schema: { params: params(['section', 'poll']), querystring: strictObject({}), body: strictObject({}), response: pollResult() } },
      async (request) => {
        const { site, viewer, poll } = await managed(request);
        // Reopening a poll whose closing time passed clears that time: it stays open until closed.
        const expired = poll.row.closes_at !== null && Number(poll.row.closes_at) <= Date.now();
        await updatePoll(app.db, poll.row.uuid, action === 'close' ? { is_closed: true } : { is_closed: false, ...(expired && { closes_at: null }) });
        live.changed(site.uuid, poll.row.uuid);
        return answer(site, viewer, poll.row.uuid);
      },
    );
  }

  app.post<{ Params: PollParams; Body: Common & { options: string[]; voter_token?: string } }>(
    '/:section/:poll/votes',
    { schema: { params: params(['section', 'poll']), querystring: strictObject({}), body: voteBody, response: pollResult() } },
    async (request) => {
      const site = await siteOf(request.params.section);
      const viewer = viewerOn(request, site.uuid);
      enforce('polls', 'vote', { user: viewer, settings: site.settings });
      const key = voterKey(viewer, request.body.voter_token);
      if (!key) throw badRequest('A guest vote needs the browser\'s voter_token', 'voter_token');
      const chosen = request.body.options.map((o) => o.toLowerCase());
      // The poll is read (open? its options?) once per batch of votes, in the batch's transaction.
      const outcome = await votes.cast({ site: site.uuid, poll: request.params.poll, voterKey: key, options: chosen, now: Date.now() });
      if (outcome.refused) throw REFUSALS[outcome.refused]();
      live.voted(site.uuid, outcome.poll.row.uuid);
      // The poll with the counters as the vote's transaction left them.
      return { result: present(outcome.poll, site, viewer, chosen) };
    },
  );
}
