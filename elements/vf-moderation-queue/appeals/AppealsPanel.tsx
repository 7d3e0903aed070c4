/**
 * The "Appeals" tab (docs/law.md "Appeals", DSA Art. 20): open appeals oldest first, or those
 * decided; each decided in place by a moderator other than the one who took the decision
 * appealed. What was decided goes to the queue's status line (saying so when the site's only
 * moderator decided it); "already decided by NAME" to its alert line.
 */
import { useState } from 'react';
import { useModerationAppealsQuery, type LegalQueueState } from '../../../core/api/legalModeration.ts';
import type { AppealItem } from '../../../core/legal/types.ts';
import { useT } from '../../ui/useIntl.ts';
import { LegalList } from '../notices/LegalList.tsx';
import { LegalPanel } from '../notices/LegalPanel.tsx';
import { APPEAL_ACTIONS } from '../notices/legalQueues.ts';
import type { LegalTabProps } from '../notices/NoticesPanel.tsx';
import { AppealEntry } from './AppealEntry.tsx';

const K = 'page_settings.moderationQueue.appeals';

export function AppealsPanel({ labelledBy, openCount, onNotice, onHelp, viewerUuid }: LegalTabProps & { viewerUuid: string }) {
  const t = useT();
  const [state, setState] = useState<LegalQueueState>('open');
  const [cursors, setCursors] = useState<string[]>([]);
  const query = useModerationAppealsQuery({ state, cursor: cursors.at(-1) }, { refetchOnMountOrArgChange: true });

  const decided = (result: AppealItem) => {
    const outcome = t(`${K}.decided.${result.state === 'reversed' ? 'reversed' : 'upheld'}`);
    onNotice({ text: result.single_moderator ? `${outcome} ${t(`${K}.singleModerator`)}` : outcome, urgent: false });
  };

  return (
    <LegalPanel
      queue="appeals"
      state={state}
      onState={(next) => {
        setState(next);
        setCursors([]);
      }}
      page={query.currentData}
      failed={query.isError}
      fetching={query.isFetching}
      onRetry={() => void query.refetch()}
      openCount={openCount}
      cursors={cursors}
      onCursors={setCursors}
    >
      <LegalList
        items={query.currentData?.items ?? []}
        labelledBy={labelledBy}
        actions={APPEAL_ACTIONS}
        hint={t(`${K}.keysHint`)}
        onHelp={onHelp}
        renderItem={(appeal, entry) => (
          <AppealEntry
            key={appeal.uuid}
            appeal={appeal}
            viewerUuid={viewerUuid}
            {...entry}
            onDecided={decided}
            onConflict={(name) => onNotice({ text: t('page_settings.moderationQueue.conflict', { name }), urgent: true })}
          />
        )}
      />
    </LegalPanel>
  );
}
