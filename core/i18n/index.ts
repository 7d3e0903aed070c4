/**
 * Runtime i18n (spec §2 "Languages and text bundles"; docs/languages.md): message bundles are
 * chunks loaded on demand from a static map of dynamic imports (so the bundler can split them);
 * an unsupported language falls back to en-us; a message missing in a language but present in
 * en-us shows the en-us text (a warning in debug mode); a message missing everywhere renders
 * 'Translation not found' and warns.
 */
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { BUNDLE_LOADERS, type BundleModule } from './loaders.ts';
import { DEFAULT_LANGUAGE, localeOf, normalizeLanguage } from './languages.ts';

export {
  BUNDLES, LANGUAGES, DEFAULT_LANGUAGE, directionOf, localeOf, matchLanguage, normalizeLanguage, pageLanguage,
  type Bundle, type Language,
} from './languages.ts';

/** ICU strings (tests, dev) or precompiled ASTs (the build): both are valid message values. */
export type Messages = Record<string, string | MessageFormatElement[]>;

export const DEFAULT_LANG = DEFAULT_LANGUAGE;
export const MISSING_TRANSLATION = 'Translation not found';

/** Keys of a loaded message set that hold en-us text (missing in the language itself). */
const fallbackKeysOf = new WeakMap<Messages, ReadonlySet<string>>();

/** `window.vfConfig.debug` is true: extra console warnings (spec §8: warnings only in debug). */
export function isDebug(): boolean {
  const raw = (globalThis as { vfConfig?: { debug?: unknown } }).vfConfig;
  const value = raw && typeof raw === 'object' ? raw.debug : undefined;
  return value === true || value === 'true';
}

/** The language whose bundles are loaded: the requested one (or its alias), else en-us. */
export function resolveLanguage(lang: string, bundles: readonly string[]): string {
  const wanted = normalizeLanguage(lang);
  return bundles.some((bundle) => BUNDLE_LOADERS[`${wanted}/${bundle}`]) ? wanted : DEFAULT_LANG;
}

async function loadBundle(lang: string, bundle: string): Promise<BundleModule | null> {
  const loader = BUNDLE_LOADERS[`${lang}/${bundle}`];
  return loader ? loader() : null;
}

/**
 * Loads and merges the bundles (later bundles win on a shared key). A language's bundle built by
 * rollup already carries en-us text for the keys it lacks (and lists them as `fallbacks`), so a
 * page never fetches en-us chunks for another language; an unbuilt bundle (dev server, tests) is
 * completed from the en-us bundle here.
 */
export async function loadMessages(lang: string, bundles: readonly string[]): Promise<Messages> {
  const resolved = resolveLanguage(lang, bundles);
  const fallbacks = new Set<string>();
  const loaded = await Promise.all(
    bundles.map(async (bundle): Promise<Messages> => {
      const own = await loadBundle(resolved, bundle);
      const messages = (own?.default ?? {}) as Messages;
      if (resolved === DEFAULT_LANG || Array.isArray(own?.fallbacks)) {
        if (!own) console.warn(`vf: no message bundle ${resolved}/${bundle}`);
        for (const key of own?.fallbacks ?? []) fallbacks.add(key);
        return messages;
      }
      const base = await loadBundle(DEFAULT_LANG, bundle);
      if (!own && !base) console.warn(`vf: no message bundle ${resolved}/${bundle}`);
      const filled: Messages = { ...messages };
      for (const [key, value] of Object.entries((base?.default ?? {}) as Messages)) {
        if (!(key in filled)) {
          filled[key] = value;
          fallbacks.add(key);
        }
      }
      return filled;
    }),
  );
  const merged = Object.assign({}, ...loaded) as Messages;
  if (fallbacks.size > 0) fallbackKeysOf.set(merged, fallbacks);
  return merged;
}

const cache = createIntlCache();

/** A formatjs instance for a vf language (any alias works; numbers and dates use its locale). */
export function createVfIntl(lang: string, messages: Messages): IntlShape {
  const language = normalizeLanguage(lang);
  const intl = createIntl(
    {
      locale: localeOf(language),
      defaultLocale: localeOf(DEFAULT_LANG),
      // formatjs types want all strings or all ASTs; a mix works at runtime.
      messages: messages as Record<string, string>,
      onError: (error) => console.warn('vf i18n:', error.message),
    },
    cache,
  );
  const formatMessage = intl.formatMessage;
  const fallbacks = fallbackKeysOf.get(messages);
  const warned = new Set<string>();
  // Unknown ids: formatjs would fall back to the id itself; the spec wants this text and a warning.
  const guarded = ((descriptor: { id?: string }, values?: unknown, opts?: unknown) => {
    const id = descriptor.id;
    if (id && !(id in messages)) {
      console.warn(`vf i18n: missing message "${id}" for ${language}`);
      return MISSING_TRANSLATION;
    }
    if (id && fallbacks?.has(id) && !warned.has(id) && isDebug()) {
      warned.add(id);
      console.warn(`vf i18n: message "${id}" is not translated to ${language}; showing ${DEFAULT_LANG}`);
    }
    return (formatMessage as (...args: unknown[]) => unknown)(descriptor, values, opts);
  }) as IntlShape['formatMessage'];
  return { ...intl, formatMessage: guarded, $t: guarded };
}
