/**
 * The "Notices" tab (docs/law.md "Notices of illegal content"): open notices as the server orders
 * them (trusted flaggers' first, then oldest first), or those decided; each decided in place.
 * What was decided goes to the queue's status line; "already decided by NAME" to its alert line.
 */
import { useState } from 'react';
import { useModerationNoticesQuery, type DecideNoticeResult, type LegalQueueState } from '../../../core/api/legalModeration.ts';
import { useGetLegalSettingsQuery } from '../../../core/api/notices.ts';
import type { NoticeItem } from '../../../core/legal/types.ts';
import { useT } from '../../ui/useIntl.ts';
import { useGroundLabel } from '../../vf-site-settings/legal/groundLabels.ts';
import type { Notice } from '../useDecisions.ts';
import { LegalList } from './LegalList.tsx';
import { LegalPanel } from './LegalPanel.tsx';
import { NOTICE_ACTIONS } from './legalQueues.ts';
import { NoticeEntry } from './NoticeEntry.tsx';

const K = 'page_settings.moderationQueue';

export interface LegalTabProps {
  labelledBy: string;
  openCount: number | undefined;
  onNotice(notice: Notice): void;
  onHelp(): void;
}

export function NoticesPanel({ labelledBy, openCount, onNotice, onHelp }: LegalTabProps) {
  const t = useT();
  const label = useGroundLabel();
  const [state, setState] = useState<LegalQueueState>('open');
  const [cursors, setCursors] = useState<string[]>([]);
  const query = useModerationNoticesQuery({ state, cursor: cursors.at(-1) }, { refetchOnMountOrArgChange: true });
  const settings = useGetLegalSettingsQuery();

  const decided = (notice: NoticeItem, result: DecideNoticeResult, termsRule: string | null) => {
    const rule = termsRule ? settings.currentData?.terms_rules.find((r) => r.id === termsRule) : undefined;
    const text = rule
      ? t(`${K}.notices.decided.rejected`, { reference: notice.reference, rule: label('terms', rule.id, rule.label) })
      : t(`${K}.notices.decided.${result.notice.state === 'illegal' ? 'illegal' : 'not_illegal'}`, { reference: notice.reference });
    onNotice({ text, urgent: false });
  };

  return (
    <LegalPanel
      queue="notices"
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
        actions={NOTICE_ACTIONS}
        hint={t(`${K}.notices.keysHint`)}
        onHelp={onHelp}
        renderItem={(notice, entry) => (
          <NoticeEntry
            key={notice.uuid}
            notice={notice}
            {...entry}
            onDecided={decided}
            onConflict={(name) => onNotice({ text: t(`${K}.conflict`, { name }), urgent: true })}
          />
        )}
      />
    </LegalPanel>
  );
}
