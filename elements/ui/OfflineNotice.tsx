/**
 * The offline notice an element shows while the page has no connection (nothing while online):
 * `role="status"`, `part="offline"`, in the element's own words and style.
 */
import { selectIsOnline } from '../../core/network/slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';

export function OfflineNotice({ text, className = 'vf-state vf-state--offline' }: { text: string; className?: string }) {
  const online = useAppSelector(selectIsOnline);
  if (online) return null;
  return (
    <p className={className} part="offline" role="status">
      {text}
    </p>
  );
}
