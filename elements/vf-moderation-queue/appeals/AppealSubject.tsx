/**
 * What an appeal is about, as the moderator deciding it needs to read it: the statement of
 * reasons appealed (what was done, on which ground — a law or a rule of the site's terms — with
 * the explanation the reader was given, who decided or which automatic rule, and when), or the
 * notice judged not illegal (its reference, kind and explanation, who judged it); then the item in place.
 */
import type { MessageValues } from '../../../core/i18n/index.ts';
import type { AppealItem } from '../../../core/legal/types.ts';
import { ruleLabel } from '../../ui/legal/legalText.ts';
import { CommentText } from '../../ui/CommentText.tsx';
import { RelativeTime } from '../../ui/RelativeTime.tsx';
import { useT } from '../../ui/useIntl.ts';
import { useGroundLabel } from '../../vf-site-settings/legal/groundLabels.ts';
import { LegalItemView } from '../notices/LegalItemView.tsx';

const K = 'page_settings.moderationQueue.appeals';

export function AppealSubject({ appeal }: { appeal: AppealItem }) {
  const t = useT();
  const label = useGroundLabel();
  const { statement, notice } = appeal;
  const who = appeal.first_decided_by?.name;
  if (statement) {
    const decidedBy = statement.automated
      ? t(`${K}.automated`, { rule: statement.automated_rule ? ruleLabel((key, values) => t(key, values as MessageValues), statement.automated_rule) : '' })
      : t(`${K}.decidedBy`, { name: who ?? t('page_settings.moderationQueue.automatic') });
    return (
      <div className="vf-mq__subject" part="subject">
        <h4 className="vf-mq__subject-title">{t(`${K}.about`)}</h4>
        <p className="vf-mq__meta">
          <strong>{t(`${K}.restriction.${statement.restriction}`)}</strong> · {decidedBy} <RelativeTime time={statement.date_created} />
        </p>
        <p part="ground">
          {t(`${K}.ground.${statement.ground_type}`, { ground: label(statement.ground_type, statement.ground, statement.ground_label) })}
        </p>
        {statement.explanation ? (
          <div part="decision-reason">
            <strong>{t(`${K}.theirReason`)}</strong>
            <CommentText text={statement.explanation} />
          </div>
        ) : null}
        <LegalItemView item={statement.item} />
      </div>
    );
  }
  if (notice) {
    return (
      <div className="vf-mq__subject" part="subject">
        <h4 className="vf-mq__subject-title">{t(`${K}.about`)}</h4>
        <p className="vf-mq__meta">
          <strong>{t(`${K}.notice`, { reference: notice.reference, kind: label('illegal', notice.kind, notice.kind_label) })}</strong>{' '}
          · {t(`${K}.judgedNotIllegal`, { name: who ?? notice.decided_by?.name ?? '' })}{' '}
          {notice.decided_at ? <RelativeTime time={notice.decided_at} /> : null}
        </p>
        <div part="decision-reason">
          <strong>{t('page_settings.moderationQueue.notices.theirExplanation')}</strong>
          <CommentText text={notice.explanation} />
        </div>
        <LegalItemView item={notice.item} target={notice.target_type} />
      </div>
    );
  }
  return <p part="subject">{t(`${K}.subjectGone`)}</p>;
}
