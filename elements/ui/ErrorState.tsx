import { Button } from './Button.tsx';
import { useT } from './useIntl.ts';

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const t = useT();
  return (
    <div className="vf-state vf-state--error" part="error" role="alert">
      <p>{message}</p>
      {onRetry ? <Button onClick={onRetry}>{t('conversations.retry')}</Button> : null}
    </div>
  );
}
