/**
 * One statement of reasons as its reader reads it (docs/law.md "Statements of reasons"; DSA Art.
 * 17): what was decided about which item (its excerpt, a link to its page), the ground, the
 * moderator's explanation, the facts, whether automated means decided (and the rule), the date,
 * the redress and the appeal deadline; then the appeal — its state and answer, or the form while
 * the decision is open to one (AppealSection). Given a statement's uuid, or an item's (the newest
 * of the reader's statements about it: the item's menu knows the item only). Loading, not found,
 * error (with Try again) and offline states; results are announced in a polite live region.
 */
import { skipToken } from '@reduxjs/toolkit/query';
import { useId, useState } from 'react';
import { statementAbout, useMyStatementsQuery, useStatementQuery } from '../../../core/api/statements.ts';
import { toApiError } from '../../../core/api/errors.ts';
import { selectIsOnline } from '../../../core/network/slice.ts';
import { useAppSelector } from '../../../core/store/hooks.ts';
import { Button } from '../Button.tsx';
import { ErrorState } from '../ErrorState.tsx';
import { OfflineNotice } from '../OfflineNotice.tsx';
import { Skeleton } from '../Skeleton.tsx';
import { useT } from '../useIntl.ts';
import { AppealSection } from './AppealSection.tsx';
import { restrictionTitle } from './legalText.ts';
import { StatementFacts } from './StatementFacts.tsx';
import { useLegalStyles } from './useLegalStyles.ts';

export interface StatementPanelProps {
  statementUuid?: string;
  /** An item of the reader's: the newest statement about it (when no statementUuid is given). */
  contentUuid?: string;
  onClose(): void;
  /** The panel's heading level where it sits (default 3: under a dialog's or a view's h2). */
  headingLevel?: 2 | 3 | 4;
}

export function StatementPanel({ statementUuid, contentUuid, onClose, headingLevel = 3 }: StatementPanelProps) {
  const t = useT();
  const id = useId();
  const styles = useLegalStyles();
  const online = useAppSelector(selectIsOnline);
  const [announcement, setAnnouncement] = useState('');
  // A statement changes (an appeal decided): opening the panel asks again.
  const fresh = { refetchOnMountOrArgChange: true } as const;
  const byUuid = useStatementQuery(statementUuid ?? skipToken, fresh);
  const mine = useMyStatementsQuery(statementUuid || !contentUuid ? skipToken : undefined, fresh);
  const query = statementUuid ? byUuid : mine;
  const statement = statementUuid ? byUuid.data : contentUuid ? statementAbout(mine.data, contentUuid) : undefined;
  const notFound = (query.isError && toApiError(query.error).error_status === 404) || (!statementUuid && (query.isSuccess || !contentUuid));
  const Heading = `h${headingLevel}` as 'h3';
  const titleId = `${id}-title`;

  let body;
  if (statement) {
    body = (
      <>
        {statement.state === 'reversed' && <p className="vf-statement__notice">{t('base.legal.statement.reversed')}</p>}
        <StatementFacts statement={statement} />
        <p className="vf-statement__muted">{t('base.legal.statement.redress')}</p>
        <AppealSection statement={statement} headingLevel={Math.min(headingLevel + 1, 6) as 3} onAnnounce={setAnnouncement} />
      </>
    );
  } else if (notFound) {
    body = <p className="vf-state vf-state--empty" part="empty">{t('base.legal.statement.notFound')}</p>;
  } else if (query.isError && online) {
    body = <ErrorState message={t('base.legal.statement.error')} retryLabel={t('base.legal.retry')} onRetry={() => void query.refetch()} />;
  } else if (online) {
    body = <Skeleton lines={5} label={t('base.loading')} />;
  }

  return (
    <section ref={styles} className="vf-statement" part="statement" aria-labelledby={titleId}>
      <Heading id={titleId} className="vf-statement__title" tabIndex={-1}>
        {statement ? restrictionTitle(t, statement.restriction) : t('base.legal.statement.title')}
      </Heading>
      <OfflineNotice text={t('base.legal.statement.offline')} className="vf-statement__muted" />
      {body}
      <div className="vf-statement__actions">
        <Button onClick={onClose}>{t('base.legal.close')}</Button>
      </div>
      <p className="vf-visually-hidden" role="status">
        {announcement}
      </p>
    </section>
  );
}
