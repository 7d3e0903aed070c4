/**
 * <vf-media-gallery>: the images of a container's visible content as a grid of thumbnails
 * (docs/elements.md "<vf-media-gallery>"); a thumbnail opens the lightbox, and closing it
 * returns focus to that thumbnail. Sizes are reserved (square cells), images load lazily.
 */
import { useRef, useState } from 'react';
import { apiAssetUrl } from '../../core/api/assets.ts';
import { useGalleryQuery, type GalleryKind } from '../../core/api/shares.ts';
import { selectIsOnline } from '../../core/network/slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { ErrorState } from '../ui/ErrorState.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useElementContainer } from '../ui/useElementContainer.ts';
import { useHostState } from '../ui/useHostState.ts';
import { useT } from '../ui/useIntl.ts';
import { Lightbox } from './Lightbox.tsx';
import { OfflineNotice } from '../ui/OfflineNotice.tsx';

export interface MediaGalleryProps {
  /** `vf-container-id`: the container whose images show; default the page's container id, else its url. */
  vfContainerId?: string;
  /** `kind`: `conversation` (default), `liveblog` or `chat`. */
  kind?: string;
}

const KINDS: readonly GalleryKind[] = ['conversation', 'liveblog', 'chat'];
const kindOf = (kind: string | undefined): GalleryKind => KINDS.find((k) => k === kind?.trim().toLowerCase()) ?? 'conversation';

export function MediaGallery({ vfContainerId, kind }: MediaGalleryProps) {
  const t = useT();
  const online = useAppSelector(selectIsOnline);
  const { status, sectionUuid, containerId, retry } = useElementContainer(vfContainerId);
  const query = useGalleryQuery({ sectionUuid: sectionUuid ?? '', containerId, kind: kindOf(kind) }, { skip: !sectionUuid });
  const [open, setOpen] = useState<number | null>(null);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const images = query.currentData;
  const failed = status === 'failed' || (query.isError && !images);
  useHostState(failed ? 'error' : !images ? 'loading' : images.length ? 'ready' : 'empty');

  const offline = <OfflineNotice className="vf-gallery__note" text={t('base.gallery.offline')} />;
  if (failed) return <ErrorState message={t('base.gallery.loadFailed')} onRetry={status === 'failed' ? retry : () => void query.refetch()} retryLabel={t('base.gallery.retry')} />;
  // Offline before the first answer: the notice in the list's place.
  if (!images) return online ? <Skeleton lines={3} label={t('base.gallery.loading')} /> : offline;
  if (!images.length) {
    return (
      <>
        <p className="vf-state vf-state--empty" part="empty">
          {t('base.gallery.empty')}
        </p>
        {offline}
      </>
    );
  }

  const close = () => {
    const index = open;
    setOpen(null);
    if (index !== null) thumbs.current[index]?.focus();
  };
  return (
    <div className="vf-gallery" part="base">
      <ul className="vf-gallery__grid" part="grid" aria-label={t('base.gallery.label')}>
        {images.map((image, i) => {
          const values = { index: i + 1, count: images.length, alt: image.alt };
          return (
            <li key={`${image.content_uuid}:${image.media_uuid}`}>
              <button
                ref={(button) => void (thumbs.current[i] = button)}
                type="button"
                className="vf-gallery__thumb"
                part="thumbnail"
                aria-label={t(image.alt ? 'base.gallery.openWithAlt' : 'base.gallery.open', values)}
                onClick={() => setOpen(i)}
              >
                <img src={apiAssetUrl(image.url) ?? undefined} width={image.width} height={image.height} alt="" loading="lazy" decoding="async" />
              </button>
            </li>
          );
        })}
      </ul>
      {offline}
      {open !== null && images[open] && <Lightbox images={images} index={open} onIndex={setOpen} onClose={close} />}
    </div>
  );
}
