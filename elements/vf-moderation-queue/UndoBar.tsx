/**
 * Under the tabs: what just happened, in live regions that are always there (so every change is
 * read out): a polite status for decisions and live changes, an alert for a conflict or a
 * failure; and Undo while the last decision can still be undone (10 s).
 */
import { Button } from '../ui/Button.tsx';
import { useT } from '../ui/useIntl.ts';
import type { Notice } from './useDecisions.ts';

const K = 'page_settings.moderationQueue';

export function UndoBar({ notice, canUndo, onUndo }: { notice: Notice | null; canUndo: boolean; onUndo(): void }) {
  const t = useT();
  return (
    <div className="vf-mq__undo" part="undo-bar">
      <p className="vf-mq__notice" part="notice" role="status">{notice && !notice.urgent ? notice.text : ''}</p>
      <p className="vf-mq__notice vf-error" part="alert" role="alert">{notice?.urgent ? notice.text : ''}</p>
      {canUndo ? (
        <Button part="undo" onClick={onUndo}>
          {t(`${K}.undo`)}
        </Button>
      ) : null}
    </div>
  );
}
