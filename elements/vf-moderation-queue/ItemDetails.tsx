/**
 * What a moderator reads about an item besides its text: why it is here (the rule that held it,
 * with its word, link or score), its reports with the reasons readers gave (as they wrote them), and the decisions on it (who,
 * when, what, the state before and after; "automatic" when the server decided).
 */
import type { HoldReason, QueueItem } from '../../core/moderation/types.ts';
import { RelativeTime } from '../ui/RelativeTime.tsx';
import { useIntl, useT } from '../ui/useIntl.ts';

const K = 'page_settings.moderationQueue';
/** The scorers' product names, the same in every language. */
const SCORERS = { akismet: 'Akismet', perspective: 'Perspective' } as const;

/** The reason in words: "Suspect word: “darn”", "Spam score 0.93 (Akismet)", … */
export function useReasonText(): (reason: HoldReason) => string {
  const t = useT();
  const intl = useIntl();
  return (reason) => {
    const score = reason.score === undefined ? '' : intl.formatNumber(reason.score, { maximumFractionDigits: 2 });
    const scorer = reason.scorer ? SCORERS[reason.scorer] : '';
    return t(`${K}.reason.${reason.rule}`, { word: reason.word ?? '', link: reason.link ?? '', score, scorer, limit: reason.limit ?? 0 });
  };
}

export function ItemDetails({ item }: { item: QueueItem }) {
  const t = useT();
  const reasonText = useReasonText();
  return (
    <div className="vf-mq__details">
      {item.reason ? (
        <p className="vf-mq__reason" part="reason" data-rule={item.reason.rule}>
          <strong>{t(`${K}.why`)}</strong> {reasonText(item.reason)}
        </p>
      ) : null}
      {item.reports.count > 0 ? (
        <p className="vf-mq__reports" part="reports">
          {t(`${K}.reports`, { count: item.reports.count })}
          {item.reports.reasons.length > 0 ? `: ${item.reports.reasons.join(', ')}` : ''}
        </p>
      ) : null}
      {item.decisions.length > 0 ? (
        <details className="vf-mq__history" part="history">
          <summary>{t(`${K}.history`, { count: item.decisions.length })}</summary>
          <ul>
            {item.decisions.map((d) => (
              <li key={d.uuid}>
                {t(`${K}.decisionLine`, {
                  who: d.actor?.name ?? t(`${K}.automatic`),
                  action: t(`${K}.action.${knownAction(d.action)}`, { action: d.action }),
                  before: t(`${K}.state.${knownState(d.state_before)}`, { state: d.state_before }),
                  after: t(`${K}.state.${knownState(d.state_after)}`, { state: d.state_after }),
                })}{' '}
                <RelativeTime time={d.date_created} />
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

const ACTIONS = ['approve', 'reject', 'spam', 'pick', 'unpick', 'undo', 'hold', 'auto_reject'];
export const STATES = ['visible', 'awaiting_moderation', 'disabled', 'spam', 'hidden', 'deleted'];

/** A value the messages name, else `other` (whose message shows the raw value). */
const known = (list: string[]) => (value: string) => (list.includes(value) ? value : 'other');
const knownAction = known(ACTIONS);
export const knownState = known(STATES);
