/**
 * The height a `<vf-poll>` will have, from the shape the live blog knows before the poll's own
 * data (core/api/pollTypes.ts PostPoll), so a post reserves it (PostPoll.tsx) and nothing below
 * moves when the poll arrives (docs/performance.md "Layout shift"). The poll's text takes the
 * page's font, so the height is in lines of it (`lh`) and in the stylesheet's fixed rem sizes,
 * fitted from the laid-out poll at three fonts (16 px / 1.5, 18 px / 1.6, 21 px / 1.3): the
 * question, the hint and the total or the notice one line each, every option one line in the
 * ballot and one with its bar in the results. A question or option that wraps still grows it;
 * a closed poll (no ballot) is left to the element's own reserve. The custom property is read by
 * that reserve (elements/reserves.json) until the poll shows its data (styles.css
 * `:host([data-vf-shown])`).
 */
import type { PostPoll } from '../../core/api/pollTypes.ts';

export const POLL_HEIGHT_PROPERTY = '--_vf-poll-height';

/** The question, hint, Vote button, total or notice and the gaps; then what each option adds. */
const BALLOT = { base: '3.1lh + 4.5rem', perOption: '1lh + 0.5rem' };
const BALLOT_AND_RESULTS = { base: '3.1lh + 3.9rem', perOption: '2lh + 1.95rem' };

export function expectedPollHeight(shape: Pick<PostPoll, 'options' | 'open' | 'results'>): string | null {
  if (!shape.open) return null;
  const { base, perOption } = shape.results ? BALLOT_AND_RESULTS : BALLOT;
  return `calc(${base} + ${shape.options} * (${perOption}))`;
}
