/**
 * Every element's React root: the page's one store, the host element, and the i18n context.
 * Messages for `base` + the element's bundle load once per language and are shared by every
 * element on the page; a quiet skeleton reserves space until they arrive. If they cannot be
 * loaded (offline), the widget says so, untranslated since its texts are what failed, with Retry.
 */
import { useLayoutEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { getStore, type AppStore } from '../../core/store/index.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { selectPage } from '../../core/session/slice.ts';
import { createVfIntl, directionOf, loadMessages, localeOf, pageLanguage, type VfIntl } from '../../core/i18n/index.ts';
import { HostContext, useHost } from './hostEvents.ts';
import { IntlContext } from './useIntl.ts';
import { Button } from './Button.tsx';
import { Skeleton } from './Skeleton.tsx';
import { useRetryableLoad } from './useRetryableLoad.ts';
import { UNTRANSLATED_CHUNK_ERROR } from '../../core/mount/chunkError.ts';

const DEFAULT_LANG = 'en-us';
const intlCache = new Map<string, Promise<VfIntl>>();
/** The same, once loaded: a root that finds its messages here renders them at once (hydration needs that). */
const intlLoaded = new Map<string, VfIntl>();

/** `base` and the element's bundle; an element that shows another's tools names both, `page_settings,conversations`. */
function bundlesFor(bundle: string | undefined): string[] {
  return ['base', ...(bundle ?? '').split(',').filter((name) => name !== '' && name !== 'base')];
}

/** Loads (once) the formatjs instance for a language; an unavailable language falls back. */
export function loadIntl(lang: string, bundle?: string): Promise<VfIntl> {
  const key = intlKey(lang, bundle);
  const cached = intlCache.get(key);
  if (cached) return cached;
  const pending: Promise<VfIntl> = loadMessages(lang, bundlesFor(bundle))
    .then((messages) => {
      const intl = createVfIntl(lang, messages);
      intlLoaded.set(key, intl);
      return intl;
    })
    .catch((error: unknown) => {
      intlCache.delete(key);
      if (lang !== DEFAULT_LANG) return loadIntl(DEFAULT_LANG, bundle);
      throw error;
    });
  intlCache.set(key, pending);
  return pending;
}

const intlKey = (lang: string, bundle: string | undefined) => `${lang}|${bundlesFor(bundle).join(',')}`;

/** The language a root renders in: window.vfConfig.language > the page's; aliases resolved, unsupported → en-us. */
export function rootLanguage(pageLang: unknown): string {
  return pageLanguage(typeof pageLang === 'string' ? pageLang : null);
}

interface IntlGateProps {
  bundle: string | undefined;
  placeholder: 'skeleton' | 'none' | undefined;
  children: ReactNode;
}

function IntlGate({ bundle, placeholder, children }: IntlGateProps) {
  const pageLang = useAppSelector((state) => selectPage(state)?.lang);
  const lang = rootLanguage(pageLang);
  const host = useHost();
  const ready = intlLoaded.get(intlKey(lang, bundle));
  // loadIntl forgets a failure: Retry imports the bundle again.
  const load = useRetryableLoad(ready ? null : () => loadIntl(lang, bundle), [lang, bundle]);
  const { failed, retry } = load;
  const intl = ready ?? load.value;

  // The widget root carries its language and direction (Arabic lays out right to left), so the
  // shadow tree mirrors even on a page whose own direction differs.
  useLayoutEffect(() => {
    if (!host) return;
    host.setAttribute('lang', localeOf(lang));
    host.setAttribute('dir', directionOf(lang));
  }, [host, lang]);

  if (!intl && failed) {
    return (
      <div className="vf-chunk-error" part="error" role="alert" lang="en">
        <span>{UNTRANSLATED_CHUNK_ERROR.message}</span>{' '}
        <Button onClick={retry}>{UNTRANSLATED_CHUNK_ERROR.retry}</Button>
      </div>
    );
  }
  if (!intl) return placeholder === 'none' ? null : <Skeleton />;
  return <IntlContext.Provider value={intl}>{children}</IntlContext.Provider>;
}

export interface WidgetRootProps {
  host: HTMLElement | null;
  /** The page's one store unless given (the server renders each first paint with its own). */
  store?: AppStore;
  /** The element's message bundle, loaded with `base`. */
  bundle?: string;
  placeholder?: 'skeleton' | 'none';
  children: ReactNode;
}

export function WidgetRoot({ host, store, bundle, placeholder, children }: WidgetRootProps) {
  return (
    <Provider store={store ?? getStore()}>
      <HostContext.Provider value={host}>
        <IntlGate bundle={bundle} placeholder={placeholder}>
          {children}
        </IntlGate>
      </HostContext.Provider>
    </Provider>
  );
}
