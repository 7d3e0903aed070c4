/**
 * What the community views share around their lists: the titled section, and the loading
 * (space-reserving skeleton), error (Retry), empty and offline states.
 */
import { useId, type ReactNode } from 'react';
import { selectIsOnline } from '../../core/network/slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { ErrorState } from '../ui/ErrorState.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useT } from '../ui/useIntl.ts';

export interface ListQueryState<T> {
  currentData?: T;
  isError: boolean;
  refetch(): unknown;
}

interface CommunitySectionProps<T> {
  title: string;
  /** 2 on a page; 3 inside the tray (under its own title). */
  headingLevel: 2 | 3;
  query: ListQueryState<T>;
  /** Skeleton lines while loading: about the list's height, so nothing shifts when it arrives. */
  placeholderLines: number;
  loadingLabel: string;
  errorText: string;
  emptyText: string;
  isEmpty(data: T): boolean;
  children(data: T): ReactNode;
}

export function CommunitySection<T>({ title, headingLevel, query, placeholderLines, loadingLabel, errorText, emptyText, isEmpty, children }: CommunitySectionProps<T>) {
  const t = useT();
  const id = useId();
  const online = useAppSelector(selectIsOnline);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  let body: ReactNode;
  if (query.currentData !== undefined) body = isEmpty(query.currentData) ? <EmptyState text={emptyText} /> : children(query.currentData);
  else if (query.isError) {
    body = <ErrorState message={errorText} onRetry={() => void query.refetch()} retryLabel={t('base.community.retry')} />;
  } else body = <Skeleton lines={placeholderLines} label={loadingLabel} />;
  return (
    <section className="vf-community" part="base" aria-labelledby={id}>
      <Heading id={id} className="vf-community__title" part="heading">
        {title}
      </Heading>
      {online ? null : (
        <p className="vf-community__offline" part="offline" role="status">
          {t('base.community.offline')}
        </p>
      )}
      {body}
    </section>
  );
}
