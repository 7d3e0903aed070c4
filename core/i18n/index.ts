/**
 * Runtime i18n (spec §2 "Languages and text bundles"; docs/languages.md): message bundles are
 * chunks loaded on demand from a static map of dynamic imports (so the bundler can split them);
 * an unsupported language falls back to en-us; a message missing in a language but present in
 * en-us shows the en-us text (a warning in debug mode); a message missing everywhere renders
 * 'Translation not found' and warns.
 */
import { IntlMessageFormat } from 'intl-messageformat';
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

export type MessageValues = Record<string, string | number | boolean | Date | null | undefined>;

/**
 * What elements format with. A thin layer over formatjs's `intl-messageformat` and the browser's
 * Intl: @formatjs/intl's full IntlShape would add ~4 KB gzip to every first render for formatters
 * no element uses (lists, display names, rich-text React values).
 */
export interface VfIntl {
  locale: string;
  formatMessage(descriptor: { id: string }, values?: MessageValues): string;
  formatDate(value: Date | number, options?: Intl.DateTimeFormatOptions): string;
  formatNumber(value: number, options?: Intl.NumberFormatOptions): string;
  formatRelativeTime(value: number, unit: Intl.RelativeTimeFormatUnit, options?: Intl.RelativeTimeFormatOptions): string;
}

/**
 * One Intl formatter per locale and options, shared by every message and element: constructing
 * them is the costly part of formatting (@formatjs/intl kept such a cache; without it each
 * message would build its own plural rules and number formats on the first render). Lookups
 * happen for every formatted value, so an options object seen before (a message's own, or a
 * module constant) is found by identity; only new objects pay for a JSON key.
 */
function memo<O extends object, T>(make: (locales?: string | string[], options?: O) => T) {
  const byJson = new Map<string, T>();
  const byObject = new WeakMap<O, Map<string, T>>();
  return (locales?: string | string[], options?: O): T => {
    const locale = typeof locales === 'string' ? locales : JSON.stringify(locales ?? null);
    const known = options ? byObject.get(options) : undefined;
    const hit = known?.get(locale);
    if (hit) return hit;
    const key = `${locale}|${options ? JSON.stringify(options) : ''}`;
    let formatter = byJson.get(key);
    if (!formatter) byJson.set(key, (formatter = make(locales, options)));
    if (options) {
      if (!known) byObject.set(options, new Map([[locale, formatter]]));
      else known.set(locale, formatter);
    }
    return formatter;
  };
}
const formatters = {
  getNumberFormat: memo((locales, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(locales, options)),
  getDateTimeFormat: memo((locales, options?: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locales, options)),
  getPluralRules: memo((locales, options?: Intl.PluralRulesOptions) => new Intl.PluralRules(locales, options)),
};
const relativeFormat = memo((locales, options?: Intl.RelativeTimeFormatOptions) => new Intl.RelativeTimeFormat(locales, options));

/** A formatter for a vf language (any alias works; numbers and dates use its locale). */
export function createVfIntl(lang: string, messages: Messages): VfIntl {
  const language = normalizeLanguage(lang);
  const locale = localeOf(language);
  const fallbacks = fallbackKeysOf.get(messages);
  const compiled = new Map<string, IntlMessageFormat>();
  const warned = new Set<string>();
  return {
    locale,
    formatMessage({ id }, values) {
      const message = messages[id];
      // Unknown ids: the spec wants this text and a warning, never the id itself.
      if (message === undefined) {
        console.warn(`vf i18n: missing message "${id}" for ${language}`);
        return MISSING_TRANSLATION;
      }
      if (fallbacks?.has(id) && !warned.has(id) && isDebug()) {
        warned.add(id);
        console.warn(`vf i18n: message "${id}" is not translated to ${language}; showing ${DEFAULT_LANG}`);
      }
      let format = compiled.get(id);
      if (!format) compiled.set(id, (format = new IntlMessageFormat(message, locale, undefined, { formatters })));
      try {
        return String(format.format(values));
      } catch (error) {
        // A missing or wrong value: say which, show the raw text rather than break the widget.
        console.warn('vf i18n:', (error as Error).message);
        return typeof message === 'string' ? message : id;
      }
    },
    formatDate: (value, options) => formatters.getDateTimeFormat(locale, options).format(value),
    formatNumber: (value, options) => formatters.getNumberFormat(locale, options).format(value),
    formatRelativeTime: (value, unit, options) => relativeFormat(locale, options).format(value, unit),
  };
}
