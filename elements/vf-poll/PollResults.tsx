/**
 * Results as bars: each option's votes and share as visible text, and a `role="meter"` bar whose
 * value text says the same (screen readers read the numbers, not the bar's width).
 */
import type { Poll } from '../../core/api/pollTypes.ts';
import { useT } from '../ui/useIntl.ts';

export function PollResults({ poll }: { poll: Poll }) {
  const t = useT();
  // Shares of the voters: with several choices each, they may add up to more than 100 %.
  const total = poll.total_votes ?? 0;
  return (
    <ul className="vf-poll__results" part="results">
      {poll.options.map((option) => {
        const votes = option.votes ?? 0;
        const share = total > 0 ? votes / total : 0;
        const mine = poll.my_vote?.includes(option.uuid) ?? false;
        const text = t('polls.optionResult', { count: votes, share });
        const labelId = `vf-poll-option-${option.uuid}`;
        return (
          <li key={option.uuid} className={`vf-poll__result${mine ? ' vf-poll__result--mine' : ''}`}>
            <span className="vf-poll__result-label" id={labelId}>
              {option.text}
              {mine && <span className="vf-poll__mine"> ({t('polls.yourChoice')})</span>}
            </span>
            <span className="vf-poll__result-numbers">{text}</span>
            <span
              className="vf-poll__bar"
              part="bar"
              role="meter"
              aria-labelledby={labelId}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(share * 100)}
              aria-valuetext={text}
            >
              <span className="vf-poll__bar-fill" style={{ inlineSize: `${share * 100}%` }} />
            </span>
          </li>
        );
      })}
    </ul>
  );
}
