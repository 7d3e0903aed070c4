/**
 * Runtime i18n (spec §2 "Languages and text bundles"): message bundles are chunks loaded on
 * demand from a static map of dynamic imports (so the bundler can split them); an unsupported
 * language falls back to en-us; a missing message renders 'Translation not found' and warns.
 */
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** ICU strings (tests, dev) or precompiled ASTs (the build): both are valid message values. */
export type Messages = Record<string, string | MessageFormatElement[]>;

export const DEFAULT_LANG = 'en-us';
export const MISSING_TRANSLATION = 'Translation not found';

type Loader = () => Promise<{ default: unknown }>;

const LOADERS: Record<string, Loader> = {
  'en-us/base': () => import('../../i18n/en-us/base.json'),
  'en-us/conversations': () => import('../../i18n/en-us/conversations.json'),
};

/** The language whose bundles are available: the requested one, else en-us. */
export function resolveLanguage(lang: string, bundles: readonly string[]): string {
  const wanted = (lang || DEFAULT_LANG).toLowerCase();
  return bundles.some((bundle) => LOADERS[`${wanted}/${bundle}`]) ? wanted : DEFAULT_LANG;
}

/** Loads and merges the bundles (later bundles win on a shared key). */
export async function loadMessages(lang: string, bundles: readonly string[]): Promise<Messages> {
  const resolved = resolveLanguage(lang, bundles);
  const loaded = await Promise.all(
    bundles.map(async (bundle) => {
      const loader = LOADERS[`${resolved}/${bundle}`] ?? LOADERS[`${DEFAULT_LANG}/${bundle}`];
      if (!loader) {
        console.warn(`vf: no message bundle ${resolved}/${bundle}`);
        return {};
      }
      return ((await loader()).default ?? {}) as Messages;
    }),
  );
  return Object.assign({}, ...loaded) as Messages;
}

const cache = createIntlCache();

export function createVfIntl(lang: string, messages: Messages): IntlShape {
  const intl = createIntl(
    {
      locale: lang || DEFAULT_LANG,
      defaultLocale: DEFAULT_LANG,
      // formatjs types want all strings or all ASTs; a mix works at runtime.
      messages: messages as Record<string, string>,
      onError: (error) => console.warn('vf i18n:', error.message),
    },
    cache,
  );
  const formatMessage = intl.formatMessage;
  // Unknown ids: formatjs would fall back to the id itself; the spec wants this text and a warning.
  const guarded = ((descriptor: { id?: string }, values?: unknown, opts?: unknown) => {
    if (descriptor.id && !(descriptor.id in messages)) {
      console.warn(`vf i18n: missing message "${descriptor.id}" for ${lang}`);
      return MISSING_TRANSLATION;
    }
    return (formatMessage as (...args: unknown[]) => unknown)(descriptor, values, opts);
  }) as IntlShape['formatMessage'];
  return { ...intl, formatMessage: guarded, $t: guarded };
}
