/**
 * "Names and pictures": users whose new name or picture waits for a moderator, each with Approve
 * and Reject for what waits (the users API's own calls). Loading, empty and error as the queues.
 */
import { apiAssetUrl } from '../../core/api/assets.ts';
import { useDecideProfileMutation, useModerationProfilesQuery } from '../../core/api/moderation.ts';
import type { QueueOrder } from '../../core/api/moderationTypes.ts';
import type { ProfileItem } from '../../core/moderation/types.ts';
import { Button } from '../ui/Button.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useT } from '../ui/useIntl.ts';

const K = 'page_settings.moderationQueue';

function Waiting({ item, field }: { item: ProfileItem; field: 'username' | 'avatar' }) {
  const t = useT();
  const [decide, state] = useDecideProfileMutation();
  const src = field === 'avatar' ? apiAssetUrl(item.pic_pending) : null;
  return (
    <div className="vf-mq__profile-field">
      {field === 'username' ? (
        <p>{t(`${K}.profiles.newName`, { name: item.username_pending ?? '' })}</p>
      ) : (
        <p>
          {t(`${K}.profiles.newPicture`)}{' '}
          {src ? <img className="vf-mq__picture" src={src} alt={t(`${K}.profiles.pictureAlt`, { name: item.name })} width={48} height={48} /> : null}
        </p>
      )}
      {(['approve', 'reject'] as const).map((decision) => (
        <Button key={decision} part={`profile-${decision}`} busy={state.isLoading} onClick={() => void decide({ userUuid: item.uuid, field, decision })}>
          {t(`${K}.do.${decision}`)}
        </Button>
      ))}
    </div>
  );
}

export function ProfilesList({ order, labelledBy }: { order: QueueOrder; labelledBy: string }) {
  const t = useT();
  const query = useModerationProfilesQuery({ order }, { refetchOnMountOrArgChange: true });
  if (query.isError && !query.currentData) {
    return <ErrorState message={t(`${K}.error`)} retryLabel={t(`${K}.retry`)} onRetry={() => void query.refetch()} />;
  }
  if (!query.currentData) return <Skeleton lines={10} label={t(`${K}.loading`)} />;
  if (query.currentData.items.length === 0) return <p className="vf-state vf-state--empty" part="empty">{t(`${K}.empty.profiles`)}</p>;
  return (
    <div className="vf-mq__list" part="list" role="region" aria-labelledby={labelledBy}>
      {query.currentData.items.map((item) => (
        <article key={item.uuid} className="vf-mq__item" part="item" aria-label={item.name}>
          <p className="vf-mq__author">{item.name}</p>
          {item.waiting.map((field) => <Waiting key={field} item={item} field={field} />)}
        </article>
      ))}
    </div>
  );
}
