import { ReviewForm, type ReviewFormProps } from './ReviewForm.tsx';
import type { ElementDefinition } from '../ui/defineElement.ts';
import reserves from '../reserves.json';

/**
 * A reader's review of the page: 1–5 stars (a radio group: arrow keys choose), an optional
 * title and text. One review per reader and page; a reader who already reviewed sees their
 * review with Edit (only its author edits it). A guest is asked to log in
 * (`authentication/needed` with action `page.rate`). A page whose reviews are closed (the
 * container's `is_closed` setting) says so. Loads only once the page uuid, the media store and
 * the language files are ready (platform.md §2; core/loader/schedule.ts).
 *
 * @summary Review form: write or edit your review of the page (content.md §2 "review form").
 *
 * @attr {string} vf-container-id - The reviews' container id (the spec's "id"). Default: the
 *   page's `vf:container_id` meta, else the page url. The site (the spec's "section") is the
 *   page's.
 *
 * @fires {CustomEvent<{ contentUuid: string, rating: number, isNew: boolean }>} vf-review-saved - `{ contentUuid, rating, isNew }` after the server saved the review.
 *
 * @csspart base - The form (or the guest's prompt).
 * @csspart form - The form.
 * @csspart stars-input - The fieldset of five star radios.
 * @csspart title - The title input.
 * @csspart text - The text area.
 * @csspart submit - Post review / Update review.
 * @csspart problem - What is wrong with the form or the save (role alert).
 * @csspart own - The reader's saved review, with Edit.
 * @csspart edit - The Edit your review button.
 * @csspart held - "Awaiting moderation", under a held review.
 * @csspart stars - Stars shown (the saved review's).
 * @csspart login - The guest's Log in button.
 * @csspart closed - The notice on a page closed to reviews.
 * @csspart status - The polite status ("Your review was saved.").
 * @csspart error - Loading failed: message and Retry.
 * @csspart offline - The offline notice.
 * @csspart skeleton - Shown while loading (space kept).
 *
 * @cssprop [--vf-color-star=#8a5300] - Filled stars.
 * @cssprop [--vf-color-accent=#0b5cad] - The Post button's background.
 */
export const reviewFormElement: ElementDefinition<ReviewFormProps> = {
  component: ReviewForm,
  props: { vfContainerId: 'string' },
  css: () => import('./styles.css'),
  reserve: reserves['vf-review-form'],
  bundle: 'reviews',
};
