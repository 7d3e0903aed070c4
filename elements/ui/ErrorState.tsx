import { Button } from './Button.tsx';
import { useT } from './useIntl.ts';

/** `retryLabel`: the button's text in the element's own bundle (default: the conversations bundle's). */
export function ErrorState({ message, onRetry, retryLabel }: { message: string; onRetry?: () => void; retryLabel?: string }) {
  const t = useT();
  return (
    <div className="vf-state vf-state--error" part="error" role="alert">
      <p>{message}</p>
      {onRetry ? <Button onClick={onRetry}>{retryLabel ?? t('conversations.retry')}</Button> : null}
    </div>
  );
}
