/**
 * One notice of illegal content (docs/law.md "Notices"): its reference, the kind of illegality
 * the reporter named, a trusted flagger's badge, the reporter, their explanation, the item in
 * place, the earlier notices and decisions on it, and Illegal / Not illegal, each opening its
 * form in place. A decided notice says what was decided, by whom and when, instead.
 */
import { useRef } from 'react';
import type { DecideNoticeResult } from '../../../core/api/legalModeration.ts';
import { useGetLegalSettingsQuery } from '../../../core/api/notices.ts';
import { NOTICE_DECISIONS, type NoticeDecision, type NoticeItem } from '../../../core/legal/types.ts';
import { Button } from '../../ui/Button.tsx';
import { CommentText } from '../../ui/CommentText.tsx';
import { RelativeTime } from '../../ui/RelativeTime.tsx';
import { useT } from '../../ui/useIntl.ts';
import { useGroundLabel } from '../../vf-site-settings/legal/groundLabels.ts';
import { LegalItemView } from './LegalItemView.tsx';
import type { EntryState } from './LegalList.tsx';
import { NoticeDecisionForm } from './NoticeDecisionForm.tsx';

const Q = 'page_settings.moderationQueue';
const K = `${Q}.notices`;
/** The moderation actions the queue's messages name; another shows as the server wrote it. */
const ACTIONS = ['approve', 'reject', 'spam', 'pick', 'unpick', 'undo', 'hold', 'auto_reject'];

export interface NoticeEntryProps extends EntryState<NoticeDecision> {
  notice: NoticeItem;
  onDecided(notice: NoticeItem, result: DecideNoticeResult, termsRule: string | null): void;
  onConflict(name: string): void;
}

/**
 * The item's history (server/legal/noticeView.ts): `notice:<state>:<kind>` for its other notices
 * (by their reporter), `decision:<action>` for the moderation decisions on it (by who took them).
 */
function HistoryLine({ line }: { line: NoticeItem['history'][number] }) {
  const t = useT();
  const label = useGroundLabel();
  const kinds = useGetLegalSettingsQuery().currentData?.illegal_kinds ?? [];
  const [what, first = '', second = ''] = line.what.split(':');
  let text: string;
  if (what === 'notice') {
    const kind = kinds.find((k) => k.id === second);
    text = t(`${K}.history.notice`, { kind: kind ? label('illegal', kind.id, kind.label) : second, state: first, by: line.by ?? t(`${K}.anonymousShort`) });
  } else if (what === 'decision') {
    const action = t(`${Q}.action.${ACTIONS.includes(first) ? first : 'other'}`, { action: first });
    text = t(`${K}.history.decision`, { action, who: line.by ?? t(`${Q}.automatic`) });
  } else text = line.what;
  return <li>{text} <RelativeTime time={line.at} /></li>;
}

function History({ notice }: { notice: NoticeItem }) {
  const t = useT();
  if (notice.history.length === 0) return null;
  return (
    <details className="vf-mq__history" part="history">
      <summary>{t(`${K}.history.title`, { count: notice.history.length })}</summary>
      <ul>
        {notice.history.map((line, i) => <HistoryLine key={i} line={line} />)}
      </ul>
    </details>
  );
}

export function NoticeEntry({ notice, index, active, open, onOpen, onFocus, onDecided, onConflict }: NoticeEntryProps) {
  const t = useT();
  const label = useGroundLabel();
  const id = `vf-mq-notice-${notice.uuid}`;
  const buttons = useRef<Partial<Record<NoticeDecision, HTMLButtonElement | null>>>({});
  const article = useRef<HTMLElement>(null);
  const decided = notice.state !== 'open' || notice.decided_by !== null;
  const close = (decision: NoticeDecision) => {
    onOpen(null);
    requestAnimationFrame(() => buttons.current[decision]?.focus());
  };
  /** The form is gone with the decision: the focus goes to the notice, which now says what was decided. */
  const settle = () => {
    onOpen(null);
    requestAnimationFrame(() => article.current?.focus());
  };
  return (
    <article
      ref={article}
      className="vf-mq__item vf-mq__notice-item"
      part={notice.trusted ? 'item item-trusted' : 'item'}
      data-uuid={notice.uuid}
      data-index={index}
      tabIndex={active ? 0 : -1}
      aria-labelledby={`${id}-title`}
      onFocus={(event) => event.target === event.currentTarget && onFocus()}
    >
      <div className="vf-mq__item-head">
        <h3 className="vf-mq__reference" id={`${id}-title`} part="reference">{t(`${K}.reference`, { reference: notice.reference })}</h3>
        <span className="vf-badge" part="notice-kind">{label('illegal', notice.kind, notice.kind_label)}</span>
        {notice.trusted ? <span className="vf-badge vf-mq__trusted" part="trusted">{t(`${K}.trusted`)}</span> : null}
        <span className="vf-mq__author-facts">{t(`${K}.received`)} <RelativeTime time={notice.date_created} /></span>
      </div>
      <p className="vf-mq__meta" part="reporter">
        {notice.reporter_name || notice.reporter_email
          ? t(`${K}.reporter`, { name: notice.reporter_name ?? '', email: notice.reporter_email ?? '', has: notice.reporter_name && notice.reporter_email ? 'both' : notice.reporter_name ? 'name' : 'email' })
          : t(`${K}.anonymous`)}
      </p>
      <div className="vf-mq__explanation" part="explanation">
        <strong>{t(`${K}.theirExplanation`)}</strong>
        <CommentText text={notice.explanation} />
      </div>
      <LegalItemView item={notice.item} target={notice.target_type} />
      <History notice={notice} />
      {decided ? (
        <p className="vf-mq__outcome" part="outcome">
          {notice.state === 'open'
            ? t(`${Q}.conflict`, { name: notice.decided_by?.name ?? '' })
            : t(`${K}.outcome.${notice.state}`, { name: notice.decided_by?.name ?? '' })}{' '}
          {notice.decided_at ? <RelativeTime time={notice.decided_at} /> : null}
        </p>
      ) : open ? (
        <NoticeDecisionForm
          notice={notice}
          decision={open}
          onCancel={() => close(open)}
          onConflict={(name) => {
            settle();
            onConflict(name);
          }}
          onDecided={(result, termsRule) => {
            settle();
            onDecided(notice, result, termsRule);
          }}
        />
      ) : (
        <div className="vf-mq__actions" part="actions">
          {NOTICE_DECISIONS.map((decision) => (
            <Button
              key={decision}
              ref={(el) => void (buttons.current[decision] = el)}
              part={`action action-${decision}`}
              onClick={() => onOpen(decision)}
            >
              {t(`${K}.do.${decision}`)}
            </Button>
          ))}
        </div>
      )}
    </article>
  );
}
