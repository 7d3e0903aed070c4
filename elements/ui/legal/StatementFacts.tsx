/**
 * What a statement of reasons says (DSA Art. 17(3)), as a list of terms: the item (its text, or
 * that it is gone, and its page), the ground, the moderator's explanation, the facts and
 * circumstances, whether automated means decided and by which rule, the date of the decision and
 * the last day to appeal it.
 */
import type { Statement } from '../../../core/legal/types.ts';
import { useIntl, useT } from '../useIntl.ts';
import { groundText, ruleLabel } from './legalText.ts';

// A module constant: the shared formatter cache finds it by identity.
const LONG_DATE = { dateStyle: 'long' } as const;

export function StatementFacts({ statement }: { statement: Statement }) {
  const t = useT();
  const intl = useIntl();
  const { item } = statement;
  const isProfile = item.kind === 'profile' || statement.restriction === 'ban';
  // The server's own join of pages; still, only a web address becomes a link.
  const page = item.page_url && /^https?:\/\//i.test(item.page_url) ? (
    <a href={item.page_url}>
      {item.page_title || item.page_url}
    </a>
  ) : null;
  const date = (time: number) => intl.formatDate(time, LONG_DATE);

  return (
    <dl className="vf-statement__facts">
      {(item.excerpt !== null || !isProfile) && (
        <>
          <dt>{t(isProfile ? 'base.legal.statement.profile' : 'base.legal.statement.item')}</dt>
          <dd>
            {item.excerpt !== null ? (
              <blockquote className="vf-statement__excerpt">{item.excerpt}</blockquote>
            ) : (
              <span className="vf-statement__muted">{t('base.legal.statement.erased')}</span>
            )}
          </dd>
        </>
      )}
      {page && (
        <>
          <dt>{t('base.legal.statement.page')}</dt>
          <dd>{page}</dd>
        </>
      )}
      <dt>{t('base.legal.statement.ground')}</dt>
      <dd data-field="ground">{groundText(t, statement)}</dd>
      {statement.explanation && (
        <>
          <dt>{t('base.legal.statement.explanation')}</dt>
          <dd>{statement.explanation}</dd>
        </>
      )}
      <dt>{t('base.legal.statement.facts')}</dt>
      <dd>{statement.facts}</dd>
      <dt>{t('base.legal.statement.automated')}</dt>
      <dd>
        {statement.automated
          ? statement.automated_rule
            ? t('base.legal.statement.automated.rule', { rule: ruleLabel(t, statement.automated_rule) })
            : t('base.legal.statement.automated.yes')
          : t('base.legal.statement.automated.no')}
      </dd>
      <dt>{t('base.legal.statement.decided')}</dt>
      <dd>{date(statement.date_created)}</dd>
      <dt>{t('base.legal.statement.deadline')}</dt>
      <dd data-field="deadline">{date(statement.appeal_until)}</dd>
    </dl>
  );
}
