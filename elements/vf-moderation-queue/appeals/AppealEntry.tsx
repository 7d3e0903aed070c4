/**
 * One appeal (docs/law.md "Appeals"): who appeals (the author, or the reporter of a notice judged
 * not illegal), their text, what they appeal, and Uphold / Reverse, each opening its form in
 * place. The moderator who took the decision appealed may not decide it unless the site has a
 * single moderator: their buttons say why they are unavailable (they stay reachable, so the reason
 * is read with them). A decided appeal says what was decided, by whom, and whether the site's only
 * moderator decided it.
 */
import { useRef } from 'react';
import { APPEAL_DECISIONS, type AppealDecision, type AppealItem } from '../../../core/legal/types.ts';
import { Button } from '../../ui/Button.tsx';
import { CommentText } from '../../ui/CommentText.tsx';
import { RelativeTime } from '../../ui/RelativeTime.tsx';
import { useT } from '../../ui/useIntl.ts';
import type { EntryState } from '../notices/LegalList.tsx';
import { AppealDecisionForm } from './AppealDecisionForm.tsx';
import { AppealSubject } from './AppealSubject.tsx';

const K = 'page_settings.moderationQueue.appeals';

export interface AppealEntryProps extends EntryState<AppealDecision> {
  appeal: AppealItem;
  viewerUuid: string;
  onDecided(result: AppealItem): void;
  onConflict(name: string): void;
}

export function AppealEntry({ appeal, viewerUuid, index, active, open, onOpen, onFocus, onDecided, onConflict }: AppealEntryProps) {
  const t = useT();
  const id = `vf-mq-appeal-${appeal.uuid}`;
  const article = useRef<HTMLElement>(null);
  const buttons = useRef<Partial<Record<AppealDecision, HTMLButtonElement | null>>>({});
  const decided = appeal.state !== 'open' || appeal.decided_by !== null;
  // The server refuses them too (403); saying so first spares a useless try.
  const theirOwn = appeal.first_decided_by?.uuid === viewerUuid && !appeal.single_moderator;
  const settle = () => {
    onOpen(null);
    requestAnimationFrame(() => article.current?.focus());
  };
  return (
    <article
      ref={article}
      className="vf-mq__item vf-mq__appeal-item"
      part="item"
      data-uuid={appeal.uuid}
      data-index={index}
      tabIndex={active ? 0 : -1}
      aria-labelledby={`${id}-title`}
      onFocus={(event) => event.target === event.currentTarget && onFocus()}
    >
      <div className="vf-mq__item-head">
        <h3 className="vf-mq__reference" id={`${id}-title`} part="appellant">{t(`${K}.by.${appeal.appellant_role}`)}</h3>
        <span className="vf-badge" part="appeal-state">{t(`${K}.stateOf.${appeal.state}`)}</span>
        <span className="vf-mq__author-facts">{t('page_settings.moderationQueue.notices.received')} <RelativeTime time={appeal.date_created} /></span>
      </div>
      <div className="vf-mq__explanation" part="appeal-text">
        <strong>{t(`${K}.theirAppeal`)}</strong>
        <CommentText text={appeal.text} />
      </div>
      <AppealSubject appeal={appeal} />
      {decided ? (
        <div className="vf-mq__outcome" part="outcome">
          <p>
            {appeal.state === 'open'
              ? t('page_settings.moderationQueue.conflict', { name: appeal.decided_by?.name ?? '' })
              : t(`${K}.outcome.${appeal.state}`, { name: appeal.decided_by?.name ?? '' })}{' '}
            {appeal.decided_at ? <RelativeTime time={appeal.decided_at} /> : null}
          </p>
          {appeal.explanation ? <CommentText text={appeal.explanation} /> : null}
          {appeal.single_moderator ? <p part="single-moderator">{t(`${K}.singleModerator`)}</p> : null}
        </div>
      ) : open && !theirOwn ? (
        <AppealDecisionForm
          appeal={appeal}
          decision={open}
          onCancel={() => {
            onOpen(null);
            requestAnimationFrame(() => buttons.current[open]?.focus());
          }}
          onConflict={(name) => {
            settle();
            onConflict(name);
          }}
          onDecided={(result) => {
            settle();
            onDecided(result);
          }}
        />
      ) : (
        <div className="vf-mq__actions" part="actions">
          {theirOwn ? <p className="vf-mq__blocked" id={`${id}-blocked`} part="blocked">{t(`${K}.theirOwn`)}</p> : null}
          {APPEAL_DECISIONS.map((decision) => (
            <Button
              key={decision}
              ref={(el) => void (buttons.current[decision] = el)}
              part={`action action-${decision}`}
              aria-disabled={theirOwn || undefined}
              aria-describedby={theirOwn ? `${id}-blocked` : undefined}
              onClick={() => !theirOwn && onOpen(decision)}
            >
              {t(`${K}.do.${decision}`)}
            </Button>
          ))}
        </div>
      )}
    </article>
  );
}
