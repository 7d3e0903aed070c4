/**
 * One review in <vf-reviews>: author line, stars, title, text, the Helpful button with its
 * count (not on one's own review; a guest is asked to log in) and a "More actions" menu: "Report
 * illegal content" for anyone but its author (guests too), and for moderators disable, mark as
 * spam or enable it.
 */
import type { Review } from '../../core/api/reviewTypes.ts';
import { useMarkHelpfulMutation, useModerateReviewMutation, type ModerationAction } from '../../core/api/reviews.ts';
import { AuthorLine } from '../ui/AuthorLine.tsx';
import { Button } from '../ui/Button.tsx';
import { CommentMenu } from '../ui/CommentMenu.tsx';
import { CommentText } from '../ui/CommentText.tsx';
import { useHostEvent } from '../ui/hostEvents.ts';
import { Stars } from '../ui/Stars.tsx';
import { useGuestGate } from '../ui/useGuestGate.ts';
import { useT } from '../ui/useIntl.ts';
import { usePermission, useViewer } from '../ui/usePermission.ts';
import { useContentNotice } from '../ui/notice/useNoticeMenu.tsx';

export interface ReviewHelpfulDetail {
  contentUuid: string;
  helpful: boolean;
}

function Helpful({ review, sectionUuid }: { review: Review; sectionUuid: string }) {
  const t = useT();
  const emit = useHostEvent();
  const guest = useGuestGate('comment.like');
  const [mark, { isLoading }] = useMarkHelpfulMutation();
  const on = review.actions.liked;
  const press = () =>
    guest.requireLogin(async () => {
      try {
        await mark({ sectionUuid, containerUuid: review.content_container_uuid, contentUuid: review.content_uuid, on: !on }).unwrap();
        emit<ReviewHelpfulDetail>('vf-review-helpful', { contentUuid: review.content_uuid, helpful: !on });
      } catch {
        // The list is read again either way: the count shows what the server holds.
      }
    });
  return (
    <Button variant="ghost" part="helpful" aria-pressed={on} busy={isLoading} onClick={press}
      aria-label={t('reviews.helpful.label', { name: review.actor.name, count: review.total_likes })}>
      <span aria-hidden="true">{t('reviews.helpful', { count: review.total_likes })}</span>
    </Button>
  );
}

function ReviewMenu({ review, sectionUuid, moderator }: { review: Review; sectionUuid: string; moderator: boolean }) {
  const t = useT();
  const [moderate] = useModerateReviewMutation();
  const legalNotice = useContentNotice(review, 'review');
  const act = (action: ModerationAction) => () =>
    void moderate({ sectionUuid, containerUuid: review.content_container_uuid, contentUuid: review.content_uuid, action });
  const actions: ModerationAction[] = !moderator || review.state === 'deleted' ? [] : review.state === 'visible' ? ['disable', 'spam'] : ['enable'];
  const items = [...legalNotice.items, ...actions.map((a) => ({ id: a, label: t(`reviews.moderate.${a}`), onSelect: act(a) }))];
  return (
    <>
      <CommentMenu label={t(moderator ? 'reviews.menu' : 'base.notice.reviewMenu', { name: review.actor.name })} items={items} />
      {legalNotice.dialog}
    </>
  );
}

export function ReviewItem({ review, sectionUuid }: { review: Review; sectionUuid: string }) {
  const t = useT();
  const { user } = useViewer();
  const moderator = usePermission('comment', 'moderate').allowed;
  const own = user?.uuid === review.actor_uuid;
  return (
    <li className="vf-review" part="review">
      <article aria-label={t('reviews.byline', { name: review.actor.name })}>
        <AuthorLine actor={review.actor} time={review.date_created}>
          {review.state !== 'visible' && <span className="vf-badge" part="state">{t(`reviews.state.${review.state}`)}</span>}
          <ReviewMenu review={review} sectionUuid={sectionUuid} moderator={moderator} />
        </AuthorLine>
        <Stars value={review.rating} />
        {review.title && <p className="vf-review__title" part="title">{review.title}</p>}
        {review.content && <div className="vf-review__text" part="text"><CommentText text={review.content} /></div>}
        {!own && review.state === 'visible' && <Helpful review={review} sectionUuid={sectionUuid} />}
        {own && <span className="vf-review__helpful-count" part="helpful-count">{t('reviews.helpful', { count: review.total_likes })}</span>}
      </article>
    </li>
  );
}
