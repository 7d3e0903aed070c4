/**
 * Writing a review (docs/api.md "reviews"): a reader's first review of a page, its author's
 * edit, and the star-only rating of `PUT ratings/{uuid}` (the same review, so one source of
 * truth). The rules: page.rate (a signed-in reader of this site, not hidden-banned), a container
 * open to reviews, 1–5 whole stars, one review per reader and container; only the author edits.
 * Each write and its stars commit together with the content event, then the event is published.
 */
import type { FastifyInstance } from 'fastify';
import type { Review } from '../../../core/api/reviewTypes.ts';
import { MAX_POINTS, MAX_TITLE, MIN_POINTS } from '../../../core/api/reviewTypes.ts';
import { normaliseName } from '../../content/normalise.ts';
import { badRequest, HttpError } from '../../errors.ts';
import type { RequestUser } from '../../plugins/auth.ts';
import { isPostingBanned, ruled } from '../../../core/permissions/rules.ts';
import { enforce, errorFor, permissionUser } from '../../permissions/index.ts';
import { getCommentWithActor, withActor } from '../../engine/contentQueries.ts';
import { changeComment, contentEvent } from '../../engine/contentWrites.ts';
import { insertContent } from '../../engine/contentInserts.ts';
import { storedReason, viewerOf } from '../../engine/contents.ts';
import { holdsForModeration } from '../../engine/containers.ts';
import { addReview, changeReview, reviewBy } from './queries.ts';
import type { ContainersTable, ContentsTable } from '../../storage/schema.ts';
import type { Site } from '../../engine/sites.ts';
import { checkReviewText, presentReviews } from './policy.ts';

export interface ReviewInput {
  rating: number;
  title?: string;
  content?: string;
}

const NOT_OPEN = 'Reviews are not enabled on this page';

/** The checked stars, title and text, or a 400 naming the field. */
function checked(input: ReviewInput, field = 'rating'): Required<ReviewInput> {
  if (!Number.isInteger(input.rating) || input.rating < MIN_POINTS || input.rating > MAX_POINTS) {
    throw badRequest(`${field} must be an integer from ${MIN_POINTS} to ${MAX_POINTS}`, field);
  }
  const title = normaliseName(input.title ?? '');
  if (title.length > MAX_TITLE) throw badRequest(`title is too long (maximum ${MAX_TITLE} characters)`, 'title');
  const text = checkReviewText(input.content);
  if (!text.ok) throw badRequest(text.message, 'content');
  return { rating: input.rating, title, content: text.text };
}

/** page.rate for a reader of this site on a container open to reviews. */
function mayRate(user: RequestUser, site: Site, container: ContainersTable): void {
  if (user.row.site_uuid !== site.uuid) throw new HttpError(403, 'This account belongs to another site');
  enforce('page', 'rate', { user: permissionUser(user.row, user.ban), settings: site.settings });
  if (Number(container.is_closed) === 1) throw new HttpError(403, NOT_OPEN);
}

/**
 * Words are content: a posting ban (any level) stops a title or text as it stops a comment (the
 * same 403 and api code); stars alone follow page.rate, which only a ghost or hide ban stops.
 */
function mayWrite(user: RequestUser, review: Required<ReviewInput>): void {
  if (!review.title && !review.content) return;
  if (isPostingBanned(permissionUser(user.row, user.ban))) throw errorFor('comment', 'create', ruled('banned'))!;
}

const PASSED = { state: 'visible', reason: null } as const;

/** Automatic moderation of a review's title and text (stars alone have no words: only premoderation holds them). */
function judged(app: FastifyInstance, user: RequestUser, site: Site, container: ContainersTable, review: Required<ReviewInput>, premoderated: boolean, isEdit: boolean) {
  if (!review.title && !review.content) return Promise.resolve(premoderated ? { state: 'awaiting_moderation' as const, reason: { rule: 'premoderation' as const } } : PASSED);
  const text = [review.title, review.content].filter(Boolean).join('\n\n');
  return app.autoModeration.moderate({ site, container, author: user.row, text, isEdit, premoderated, type: 'review' });
}

/** The review as its author sees it now. */
async function asAuthorSees(app: FastifyInstance, user: RequestUser, uuid: string, siteUuid: string): Promise<Review> {
  const row = (await getCommentWithActor(app.db, uuid))!;
  const [review] = await presentReviews(app.db, await viewerOf(app.db, user.row, siteUuid), [row]);
  return review!;
}

/** A reader's first review of the container; a second is 409 and stores nothing. */
export async function createReview(app: FastifyInstance, user: RequestUser, site: Site, container: ContainersTable, input: ReviewInput, field?: string): Promise<Review> {
  mayRate(user, site, container);
  const review = checked(input, field);
  mayWrite(user, review);
  const already = () => new HttpError(409, 'You have already reviewed this page; edit your review instead');
  const existing = await reviewBy(app.db, container.uuid, user.row.uuid);
  if (existing && existing.state !== 'deleted') throw already();
  const privileged = user.row.user_privilege === 'mod' || user.row.user_privilege === 'admin';
  // Stars alone have no words to judge; a title or text goes through automatic moderation.
  const verdict = await judged(app, user, site, container, review, holdsForModeration(site.settings, container, privileged), false);
  let written;
  let created: ContentsTable | null = null;
  try {
    written = await insertContent(
      app.db,
      {
        type: 'review', media: null, site_uuid: site.uuid, container_uuid: container.uuid, actor_uuid: user.row.uuid,
        content: review.content, state: verdict.state, hold_reason: verdict.reason,
      },
      (row) => {
        created = row; // told before `also` runs, in the same transaction
        return contentEvent('created', withActor(row, user.row), row.actor_uuid);
      },
      async (trx) => {
        // A removed review no longer counts as the reader's one: it makes way for the new one.
        if (existing) await trx.deleteFrom('reviews').where('content_uuid', '=', existing.content_uuid).execute();
        await addReview(trx, created!, review.rating, review.title);
        await app.autoModeration.record(trx, created!, 'new', verdict);
        return null;
      },
    );
  } catch (error) {
    // Two first reviews at once: the unique index keeps one, the other transaction rolled back.
    if (await reviewBy(app.db, container.uuid, user.row.uuid)) throw already();
    throw error;
  }
  for (const event of written.events) app.hub.publish(event);
  return asAuthorSees(app, user, written.row.uuid, site.uuid);
}

/** The author's change of their review (stars, title, text: those given); nobody else's, moderators' neither. */
export async function editReview(app: FastifyInstance, user: RequestUser, site: Site, container: ContainersTable, uuid: string, input: Partial<ReviewInput>, field?: string): Promise<Review> {
  mayRate(user, site, container);
  const mine = await reviewBy(app.db, container.uuid, user.row.uuid);
  if (!mine || mine.content_uuid !== uuid) throw new HttpError(403, 'Only its author can edit a review');
  if (mine.state !== 'visible' && mine.state !== 'awaiting_moderation') throw new HttpError(409, `This review was ${mine.state === 'deleted' ? 'deleted' : 'removed by a moderator'}`);
  const before = (await getCommentWithActor(app.db, uuid))!;
  const review = checked({ rating: input.rating ?? Number(mine.rating), title: input.title ?? mine.title, content: input.content ?? before.content }, field);
  const same = review.rating === Number(mine.rating) && review.title === mine.title && review.content === before.content;
  if (same) return asAuthorSees(app, user, uuid, site.uuid);
  const newWords = review.title !== mine.title || review.content !== before.content;
  if (newWords) mayWrite(user, review);
  const privileged = user.row.user_privilege === 'mod' || user.row.user_privilege === 'admin';
  const verdict = newWords ? await judged(app, user, site, container, review, holdsForModeration(site.settings, container, privileged), true) : PASSED;
  const change = await changeComment(
    app.db,
    uuid,
    (row) => {
      // New words wait for a moderator again where the rules hold them (as a comment's edit does); rejected ones are rejected.
      const again = verdict.reason && (verdict.state === 'disabled' || (verdict.state === 'awaiting_moderation' && row.state === 'visible'));
      return {
        patch: { content: review.content, is_edited: 1, date_edited: Date.now(), ...(again ? { state: verdict.state, hold_reason: storedReason(verdict.reason!) } : {}) },
        also: async (trx) => {
          await changeReview(trx, row, Number(mine.rating), review.rating, review.title);
          if (again) await app.autoModeration.record(trx, row, row.state, verdict);
        },
      };
    },
    (_before, after) => contentEvent('updated', after, user.row.uuid),
  );
  if (change.event) app.hub.publish(change.event);
  return asAuthorSees(app, user, uuid, site.uuid);
}

/** `PUT ratings/{uuid}`: the reader's stars, as a new review without words or on their review. */
export async function rate(app: FastifyInstance, user: RequestUser, site: Site, container: ContainersTable, points: number): Promise<Review> {
  const mine = await reviewBy(app.db, container.uuid, user.row.uuid);
  if (mine && mine.state !== 'deleted') return editReview(app, user, site, container, mine.content_uuid, { rating: points }, 'points');
  return createReview(app, user, site, container, { rating: points }, 'points');
}
