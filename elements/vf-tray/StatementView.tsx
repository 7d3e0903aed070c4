/**
 * What a legal notification opens in the tray's feed (docs/law.md): a `moderation_decision`
 * opens its statement of reasons with the appeal form (StatementPanel); an `appeal_decided` opens
 * the statement the appeal was about, found among the reader's statements (the notification names
 * the appeal); a `notice_decided` — the reader reported an item as illegal — says the outcome and
 * the redress went to their email address, since a statement is its restricted reader's to read.
 * Its own chunk: only a reader who opens one fetches it.
 */
import { statementOfAppeal, useMyStatementsQuery } from '../../core/api/statements.ts';
import type { FeedGroupView } from '../../core/notifications/grouping.ts';
import { Button } from '../ui/Button.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { StatementPanel } from '../ui/legal/StatementPanel.tsx';
import { useLegalStyles } from '../ui/legal/useLegalStyles.ts';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useT } from '../ui/useIntl.ts';

/** The tray's feed: h2 the tray, h3 the day headings; a panel in an entry sits under them. */
const HEADING_LEVEL = 4;

export function StatementView({ group, onClose }: { group: FeedGroupView; onClose(): void }) {
  const target = group.members[0]?.target_uuid ?? null;
  if (group.type === 'moderation_decision' && target) {
    return <StatementPanel statementUuid={target} onClose={onClose} headingLevel={HEADING_LEVEL} />;
  }
  if (group.type === 'appeal_decided' && target) return <AppealedStatement appealUuid={target} onClose={onClose} />;
  return <ByEmail onClose={onClose} />;
}

function AppealedStatement({ appealUuid, onClose }: { appealUuid: string; onClose(): void }) {
  const t = useT();
  const mine = useMyStatementsQuery(undefined, { refetchOnMountOrArgChange: true });
  const statement = statementOfAppeal(mine.data, appealUuid);
  if (statement) return <StatementPanel statementUuid={statement.uuid} onClose={onClose} headingLevel={HEADING_LEVEL} />;
  if (mine.isError) return <ErrorState message={t('base.legal.statement.error')} retryLabel={t('base.legal.retry')} onRetry={() => void mine.refetch()} />;
  // A reporter's appeal of a notice: no statement of theirs, the mail has the outcome.
  if (mine.isSuccess) return <ByEmail onClose={onClose} />;
  return <Skeleton lines={4} label={t('base.loading')} />;
}

function ByEmail({ onClose }: { onClose(): void }) {
  const t = useT();
  const styles = useLegalStyles();
  return (
    <div ref={styles} className="vf-statement" part="statement">
      <p>{t('base.legal.feed.byEmail')}</p>
      <div className="vf-statement__actions">
        <Button onClick={onClose}>{t('base.legal.close')}</Button>
      </div>
    </div>
  );
}
