import { useT } from '../ui/useIntl.ts';

export function EmptyState() {
  const t = useT();
  return (
    <p className="vf-state vf-state--empty" part="empty">
      {t('conversations.empty')}
    </p>
  );
}
