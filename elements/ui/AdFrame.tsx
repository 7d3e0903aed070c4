/**
 * The box an ad shows in (docs/ads.md): the "Advertisement" label and, below it, exactly the
 * creative's size reserved before the creative arrives, holding the shadow `<slot>` the vendor's
 * light-DOM div is shown through. Drawn while the ad is still being decided when nothing known at
 * once rules it out (so a server-painted conversation already holds the space); nothing at all
 * once no ad will be asked for.
 */
import type { AdSize } from '../../core/ads/format.ts';
import type { AdSlotState } from './useAdSlot.ts';
import { useT } from './useIntl.ts';

export function AdFrame({ state, size, slotName }: { state: AdSlotState; size: AdSize; slotName: string }) {
  const t = useT();
  if (state === 'off') return null;
  return (
    // A labelled group, not an <aside>: it often sits inside another landmark (a conversation).
    <div className="vf-ad" part="ad" role="group" aria-label={t('base.ad.label')} data-ad-state={state}>
      <span className="vf-ad__label" part="ad-label" aria-hidden="true">
        {t('base.ad.label')}
      </span>
      <div className="vf-ad__space" part="ad-space" style={{ maxWidth: '100%', width: `${size.width}px`, height: `${size.height}px`, overflow: 'hidden' }}>
        <slot name={slotName} />
      </div>
    </div>
  );
}
