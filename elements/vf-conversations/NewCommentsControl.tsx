/**
 * "Show N new comments": top-level comments by others that arrived while the reader was
 * reading are held back (core/api/heldComments.ts) so the list does not jump. Activating the
 * control shows them and moves focus to the newest one. The count is announced politely.
 */
import { releaseHeldComments } from '../../core/api/heldComments.ts';
import { Button } from '../ui/Button.tsx';
import { useT } from '../ui/useIntl.ts';

export interface NewCommentsControlProps {
  containerUuid: string;
  held: readonly string[];
  /** Called with the comment to focus once they are shown. */
  onReveal(firstUuid: string): void;
}

export function NewCommentsControl({ containerUuid, held, onReveal }: NewCommentsControlProps) {
  const t = useT();
  return (
    <div className="vf-new-comments" role="status">
      {held.length > 0 ? (
        <Button
          part="new-comments"
          onClick={() => {
            const first = held[0]!;
            releaseHeldComments(containerUuid);
            onReveal(first);
          }}
        >
          {t('conversations.newComments', { count: held.length })}
        </Button>
      ) : null}
    </div>
  );
}
