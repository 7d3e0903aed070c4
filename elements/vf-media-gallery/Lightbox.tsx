/**
 * The gallery's lightbox: one image at a time in a modal `<dialog>` (focus kept inside, Escape
 * closes it natively), with its alt text as caption, its position in a polite live region,
 * Previous / Next buttons and the arrow keys (wrapping around), and Close.
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { apiAssetUrl } from '../../core/api/assets.ts';
import type { GalleryImage } from '../../core/api/types.ts';
import { Button } from '../ui/Button.tsx';
import { useT } from '../ui/useIntl.ts';

export interface LightboxProps {
  images: GalleryImage[];
  index: number;
  onIndex(index: number): void;
  /** The dialog closed (Close, Escape): the gallery unmounts it and returns focus. */
  onClose(): void;
}

export function Lightbox({ images, index, onIndex, onClose }: LightboxProps) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const count = images.length;
  const image = images[index]!;
  const go = (step: number) => onIndex((index + step + count) % count);
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const forward = (event.key === 'ArrowRight') !== (getComputedStyle(event.currentTarget).direction === 'rtl');
    go(forward ? 1 : -1);
  };
  const position = t('base.gallery.position', { index: index + 1, count });

  return (
    <dialog ref={dialog} className="vf-lightbox" part="lightbox" aria-label={position} onClose={onClose} onKeyDown={onKeyDown}>
      <figure className="vf-lightbox__figure">
        <img className="vf-lightbox__image" part="lightbox-image" src={apiAssetUrl(image.url) ?? undefined} width={image.width} height={image.height} alt={image.alt} />
        {image.alt && <figcaption part="caption">{image.alt}</figcaption>}
      </figure>
      <div className="vf-lightbox__controls">
        {count > 1 && (
          <Button part="previous" aria-label={t('base.gallery.previous')} onClick={() => go(-1)}>
            <span aria-hidden="true">‹</span>
          </Button>
        )}
        <p className="vf-lightbox__position" part="position" aria-live="polite">
          {position}
        </p>
        {count > 1 && (
          <Button part="next" aria-label={t('base.gallery.next')} onClick={() => go(1)}>
            <span aria-hidden="true">›</span>
          </Button>
        )}
        <Button variant="primary" part="close" autoFocus onClick={() => dialog.current?.close()}>
          {t('base.gallery.close')}
        </Button>
      </div>
    </dialog>
  );
}
