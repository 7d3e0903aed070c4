/**
 * <vf-review-form>: a reader's review of the page (content.md §2 "review form"): 1–5 stars, an
 * optional title and text. A guest is asked to log in; a reader who already reviewed the page
 * sees their review and may edit it (only they may: content.md §5); a page closed to reviews
 * says so. Saving refreshes the page's average and list (core/api/reviews.ts).
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import type { Review } from '../../core/api/reviewTypes.ts';
import { useRatingSummaryQuery, useSaveReviewMutation, type ContainerViewArgs } from '../../core/api/reviews.ts';
import { selectIsOnline } from '../../core/network/slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { Button } from '../ui/Button.tsx';
import { useHostEvent } from '../ui/hostEvents.ts';
import { LoginPromptProvider } from '../ui/LoginPrompt.tsx';
import { ReviewsError, ReviewsLoading, ReviewsOffline } from '../ui/ReviewStates.tsx';
import { Stars } from '../ui/Stars.tsx';
import { useGuestGate } from '../ui/useGuestGate.ts';
import { useT } from '../ui/useIntl.ts';
import { ViewerProvider } from '../ui/usePermission.ts';
import { useReviewsContainer } from '../ui/useReviewsContainer.ts';
import { StarInput } from './StarInput.tsx';

export interface ReviewFormProps {
  /** `vf-container-id`: the reviews' container id (default: the page's). */
  vfContainerId?: string;
}

export interface ReviewSavedDetail {
  contentUuid: string;
  rating: number;
  isNew: boolean;
}

function GuestPrompt() {
  const t = useT();
  const guest = useGuestGate('page.rate');
  return (
    <div className="vf-review-form" part="base">
      <p>{t('reviews.form.guest')}</p>
      <Button variant="primary" part="login" onClick={() => guest.requireLogin(() => {})}>
        {t('reviews.form.login')}
      </Button>
    </div>
  );
}

function OwnReview({ review, onEdit }: { review: Review; onEdit(): void }) {
  const t = useT();
  return (
    <div className="vf-review-form__own" part="own">
      <h3 className="vf-review-form__heading">{t('reviews.form.yours')}</h3>
      <Stars value={review.rating} />
      {review.title && <p className="vf-review__title">{review.title}</p>}
      {review.content && <p className="vf-review__text">{review.content}</p>}
      {review.state === 'awaiting_moderation' && <p className="vf-badge" part="held">{t('reviews.form.held')}</p>}
      <Button part="edit" onClick={onEdit}>{t('reviews.form.edit')}</Button>
    </div>
  );
}

function Editor({ args, mine, onDone }: { args: ContainerViewArgs; mine: Review | null; onDone(): void }) {
  const t = useT();
  const id = useId();
  const emit = useHostEvent();
  const online = useAppSelector(selectIsOnline);
  const [save, { isLoading }] = useSaveReviewMutation();
  const [rating, setRating] = useState(mine?.rating ?? 0);
  const [title, setTitle] = useState(mine?.title ?? '');
  const [content, setContent] = useState(mine?.content ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (rating === 0) {
      setProblem('reviews.form.pickRating');
      form.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
      return;
    }
    setProblem(null);
    try {
      const saved = await save({ ...args, review: { rating, title, content }, ...(mine ? { contentUuid: mine.content_uuid } : {}) }).unwrap();
      emit<ReviewSavedDetail>('vf-review-saved', { contentUuid: saved.content_uuid, rating: saved.rating, isNew: !mine });
      onDone();
    } catch {
      setProblem('reviews.form.failed');
    }
  };

  return (
    <form ref={form} className="vf-review-form" part="base form" onSubmit={submit} noValidate>
      <h3 className="vf-review-form__heading">{t(mine ? 'reviews.form.edit' : 'reviews.write')}</h3>
      <StarInput name={`${id}-stars`} value={rating} onChange={setRating} disabled={isLoading} />
      <label className="vf-review-form__field">
        <span>{t('reviews.form.title')}</span>
        <input part="title" type="text" maxLength={120} value={title} onChange={(e) => setTitle(e.target.value)} />
      </label>
      <label className="vf-review-form__field">
        <span>{t('reviews.form.text')}</span>
        <textarea part="text" rows={4} value={content} onChange={(e) => setContent(e.target.value)} />
      </label>
      {problem && <p className="vf-review-form__problem" part="problem" role="alert">{t(problem)}</p>}
      <div className="vf-review-form__actions">
        <Button type="submit" variant="primary" part="submit" busy={isLoading} disabled={!online}>
          {t(mine ? 'reviews.form.update' : 'reviews.form.submit')}
        </Button>
        {mine && <Button onClick={onDone}>{t('reviews.form.cancel')}</Button>}
      </div>
      <ReviewsOffline />
    </form>
  );
}

function ReaderForm({ args }: { args: ContainerViewArgs }) {
  const t = useT();
  const summary = useRatingSummaryQuery(args);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  if (summary.isError) return <ReviewsError onRetry={() => void summary.refetch()} />;
  if (!summary.currentData) return <ReviewsLoading lines={5} />;
  const mine = summary.currentData.rating;
  const done = () => {
    setEditing(false);
    setSaved(true);
  };
  return (
    <>
      {mine && !editing ? <OwnReview review={mine} onEdit={() => { setSaved(false); setEditing(true); }} /> : <Editor args={args} mine={mine} onDone={done} />}
      <p className="vf-visually-hidden" part="status" role="status">{saved ? t('reviews.form.saved') : ''}</p>
    </>
  );
}

export function ReviewForm({ vfContainerId }: ReviewFormProps) {
  const t = useT();
  const state = useReviewsContainer(vfContainerId);
  if (state.status === 'error') return <ReviewsError onRetry={state.retry} />;
  if (state.status === 'loading') return <ReviewsLoading lines={5} />;
  const { container, sectionUuid, userUuid } = state;
  const body = container.settings.is_closed ? (
    <p className="vf-state" part="closed">{t('reviews.form.closed')}</p>
  ) : userUuid ? (
    <ReaderForm key={userUuid} args={{ sectionUuid, containerUuid: container.content_container_uuid, userUuid }} />
  ) : (
    <GuestPrompt />
  );
  return (
    <ViewerProvider>
      <LoginPromptProvider>{body}</LoginPromptProvider>
    </ViewerProvider>
  );
}
