import { useT } from './useIntl.ts';

/** "Be the first to comment." unless a tab says something else. */
export function EmptyState({ text }: { text?: string }) {
  const t = useT();
  return (
    <p className="vf-state vf-state--empty" part="empty">
      {text ?? t('conversations.empty')}
    </p>
  );
}
