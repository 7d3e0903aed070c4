/**
 * <vf-share-bar>: shares a page (docs/elements.md "<vf-share-bar>"). Where the browser has the
 * Web Share API, a Share button opens its share sheet and the links wait behind "More ways to
 * share"; elsewhere the links show at once: one per network (a new window, `noopener
 * noreferrer`), Email (`mailto:`) and Copy link. Each share is recorded for the current page
 * (fire and forget: a failure blocks nothing) and announced as `vf-share`.
 */
import { useEffect, useId, useState } from 'react';
import { useRecordShareMutation } from '../../core/api/shares.ts';
import { selectIsOnline } from '../../core/network/slice.ts';
import { selectPage } from '../../core/page/slice.ts';
import { isLoggedInUser, selectCurrentUser, selectSettings } from '../../core/session/slice.ts';
import { httpAddress, parseNetworks, sharedUrl, shareLink, type LinkNetwork, type ShareNetwork } from '../../core/share/links.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { Button } from '../ui/Button.tsx';
import { useHost, useHostEvent } from '../ui/hostEvents.ts';
import { ShareCount, useSharedPageUuid } from '../ui/ShareCount.tsx';
import { useT } from '../ui/useIntl.ts';
import { copyText } from './copyLink.ts';

export interface ShareBarProps {
  /** `url`: the address to share; default the page's canonical address. */
  url?: string;
  /** `share-title`: the title shared with the link; default the page's title. */
  shareTitle?: string;
  /** `share-text`: a line of text the share sheet and the email add. */
  shareText?: string;
  /** `networks`: comma-separated networks, in order. */
  networks?: string;
  /** `show-total`: show the page's share count. */
  showTotal?: boolean;
}

export interface ShareDetail {
  network: ShareNetwork;
  url: string;
}

/** Brand names are the same in every language. */
const BRANDS: Record<Exclude<LinkNetwork, 'email'>, string> = { facebook: 'Facebook', x: 'X', linkedin: 'LinkedIn', whatsapp: 'WhatsApp', reddit: 'Reddit' };
/** How long "Link copied" stays (content.md §9: message display 4000 ms). */
const STATUS_MS = 4000;

const withoutHash = (url: URL | null) => url && `${url.origin}${url.pathname}${url.search}`;

export function ShareBar({ url, shareTitle, shareText, networks, showTotal = false }: ShareBarProps) {
  const t = useT();
  const host = useHost();
  const emit = useHostEvent();
  const identity = useAppSelector(selectPage);
  const user = useAppSelector(selectCurrentUser);
  const online = useAppSelector(selectIsOnline);
  const settings = useAppSelector(selectSettings);
  const pageUuid = useSharedPageUuid();
  const [recordShare] = useRecordShareMutation();
  const [status, setStatus] = useState('');
  const [more, setMore] = useState(false);
  const linksId = useId();

  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(''), STATUS_MS);
    return () => clearTimeout(timer);
  }, [status]);

  // The site's switch (platform.md §3 enable_sharebar): off, the bar is not shown at all.
  if (settings && !settings.enable_sharebar) return null;
  const canonical = httpAddress(identity?.url ?? location.href, location.href);
  const page = url?.trim() ? httpAddress(url.trim(), location.href) : canonical;
  if (!page) {
    return (
      <p className="vf-state vf-state--empty" part="empty">
        {t('base.share.unavailable')}
      </p>
    );
  }
  // Shares count for the current page only: another address is shared but not counted here.
  const countedPage = withoutHash(page) === withoutHash(canonical) ? pageUuid : null;
  const sharer = isLoggedInUser(user) ? user.uuid : null;
  const title = shareTitle?.trim() || identity?.title || document.title;
  const addressFor = (network: ShareNetwork) => sharedUrl(page, network, sharer);

  const shared = (network: ShareNetwork) => {
    emit<ShareDetail>('vf-share', { network, url: addressFor(network) });
    if (countedPage) void recordShare({ pageUuid: countedPage, network });
  };

  const shareNatively = () => {
    navigator.share({ title, text: shareText?.trim() || undefined, url: addressFor('native') }).then(
      () => shared('native'),
      () => {}, // dismissed (AbortError) or refused: nothing was shared
    );
  };

  const copy = async () => {
    const address = addressFor('copy');
    const copied = await copyText(address, host?.shadowRoot ?? document.body);
    setStatus(copied ? t('base.share.copied') : t('base.share.copyFailed', { url: address }));
    if (copied) shared('copy');
  };

  const native = typeof navigator.share === 'function';
  const linkFor = (network: LinkNetwork) => shareLink(network, addressFor(network), title, shareText?.trim());

  return (
    <div className="vf-share" part="base" role="group" aria-label={t('base.share.label')}>
      {native && (
        <>
          <Button variant="primary" part="share-button" onClick={shareNatively}>
            {t('base.share.native')}
          </Button>
          <Button part="more-button" aria-expanded={more} aria-controls={linksId} onClick={() => setMore(!more)}>
            {t('base.share.more')}
          </Button>
        </>
      )}
      <ul className="vf-share__links" part="links" id={linksId} hidden={native && !more}>
        {parseNetworks(networks).map((network) => (
          <li key={network}>
            {network === 'copy' ? (
              <Button part="link copy" onClick={() => void copy()}>
                {t('base.share.copy')}
              </Button>
            ) : network === 'email' ? (
              <a className="vf-button vf-button--secondary" part="link email" href={linkFor('email')} aria-label={t('base.share.emailLabel')} onClick={() => shared('email')}>
                {t('base.share.email')}
              </a>
            ) : (
              <a
                className="vf-button vf-button--secondary"
                part={`link ${network}`}
                href={linkFor(network)}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('base.share.on', { network: BRANDS[network] })}
                onClick={() => shared(network)}
              >
                {BRANDS[network]}
              </a>
            )}
          </li>
        ))}
      </ul>
      {showTotal && <ShareCount pageUuid={countedPage} showZero />}
      <p className="vf-share__status" part="status" role="status">
        {status}
      </p>
      {!online && (
        <p className="vf-share__status" part="offline" role="status">
          {t('base.share.offline')}
        </p>
      )}
    </div>
  );
}
