/**
 * Every element's React root: the page's one store, the host element, and the i18n context.
 * Messages for `base` + the element's bundle load once per language and are shared by every
 * element on the page; a quiet skeleton reserves space until they arrive. If they cannot be
 * loaded (offline), the widget says so, untranslated since its texts are what failed, with Retry.
 */
import { useLayoutEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { getStore } from '../../core/store/index.ts';
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

function bundlesFor(bundle: string | undefined): string[] {
  return bundle && bundle !== 'base' ? ['base', bundle] : ['base'];
}

/** Loads (once) the formatjs instance for a language; an unavailable language falls back. */
export function loadIntl(lang: string, bundle?: string): Promise<VfIntl> {
  const bundles = bundlesFor(bundle);
  const key = `${lang}|${bundles.join(',')}`;
  const cached = intlCache.get(key);
  if (cached) return cached;
  const pending: Promise<VfIntl> = loadMessages(lang, bundles)
    .then((messages) => createVfIntl(lang, messages))
    .catch((error: unknown) => {
      intlCache.delete(key);
      if (lang !== DEFAULT_LANG) return loadIntl(DEFAULT_LANG, bundle);
      throw error;
    });
  intlCache.set(key, pending);
  return pending;
}

interface IntlGateProps {
  bundle: string | undefined;
  placeholder: 'skeleton' | 'none' | undefined;
  children: ReactNode;
}

function IntlGate({ bundle, placeholder, children }: IntlGateProps) {
  const pageLang = useAppSelector((state) => selectPage(state)?.lang);
  // window.vfConfig.language > the page's language; aliases resolved, unsupported → en-us.
  const lang = pageLanguage(typeof pageLang === 'string' ? pageLang : null);
  const host = useHost();
  // loadIntl forgets a failure: Retry imports the bundle again.
  const { value: intl, failed, retry } = useRetryableLoad(() => loadIntl(lang, bundle), [lang, bundle]);

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
  /** The element's message bundle, loaded with `base`. */
  bundle?: string;
  placeholder?: 'skeleton' | 'none';
  children: ReactNode;
}

export function WidgetRoot({ host, bundle, placeholder, children }: WidgetRootProps) {
  return (
    <Provider store={getStore()}>
      <HostContext.Provider value={host}>
        <IntlGate bundle={bundle} placeholder={placeholder}>
          {children}
        </IntlGate>
      </HostContext.Provider>
    </Provider>
  );
}
