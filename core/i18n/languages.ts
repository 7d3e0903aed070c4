/**
 * The languages vf speaks (spec §2 "Languages and text bundles"): their codes, the short forms and
 * aliases a page may use, the BCP 47 locale each formats numbers and dates with, and the writing
 * direction. Pure: no formatjs, no DOM (the page's `window.vfConfig.language` is read lazily).
 */

/** vf's language codes (the folder names under i18n/). */
export const LANGUAGES = [
  'en-us', 'es-es', 'fr-fr', 'fr-ca', 'fi-fi', 'nl-nl',
  'ar-ar', 'sr-sr', 'da-da', 'it-it', 'pt-br', 'de-de',
] as const;
export type Language = (typeof LANGUAGES)[number];

/** The text bundles every language has (the file names under i18n/<lang>/). */
export const BUNDLES = [
  'base', 'conversations', 'chat', 'quote', 'reviews',
  'page_settings', 'trending_articles', 'privacy_policy', 'polls',
] as const;
export type Bundle = (typeof BUNDLES)[number];

export const DEFAULT_LANGUAGE: Language = 'en-us';

/**
 * Aliases → language. Keys are lower case with `-`. The spec's locale map short forms (ar, da,
 * de, en-us, es, fi, fr-ca, fr-fr, it, nl, pt-br, sr) come first; then the common BCP 47 tags a
 * page's `<html lang>` carries. A tag not listed here is tried by its primary subtag
 * (`de-at` → `de` → de-de), so regional variants land on the closest language.
 */
const ALIASES: Record<string, Language> = {
  // the locale map's short forms
  ar: 'ar-ar', da: 'da-da', de: 'de-de', es: 'es-es', fi: 'fi-fi', it: 'it-it', nl: 'nl-nl', sr: 'sr-sr',
  // primary subtags and regional tags
  en: 'en-us', fr: 'fr-fr', pt: 'pt-br',
  'pt-pt': 'pt-br', 'pt-ao': 'pt-br', 'pt-mz': 'pt-br',
  'fr-qc': 'fr-ca',
  'sr-latn': 'sr-sr', 'sr-latn-rs': 'sr-sr', 'sr-rs': 'sr-sr', 'sr-latn-ba': 'sr-sr', 'sr-latn-me': 'sr-sr',
  'sr-cyrl': 'sr-sr', 'sr-cyrl-rs': 'sr-sr', sh: 'sr-sr',
};

/** BCP 47 locale used to format numbers, dates and plurals, and for the widget's `lang`. */
const LOCALES: Record<Language, string> = {
  'en-us': 'en-US', 'es-es': 'es-ES', 'fr-fr': 'fr-FR', 'fr-ca': 'fr-CA', 'fi-fi': 'fi-FI',
  'nl-nl': 'nl-NL', 'ar-ar': 'ar', 'sr-sr': 'sr-Latn', 'da-da': 'da-DK', 'it-it': 'it-IT',
  'pt-br': 'pt-BR', 'de-de': 'de-DE',
};

const RTL: ReadonlySet<Language> = new Set<Language>(['ar-ar']);

function isLanguage(code: string): code is Language {
  return (LANGUAGES as readonly string[]).includes(code);
}

/**
 * A page's language tag → a vf language, or null when vf does not speak it. Case-insensitive,
 * `_` is `-`, surrounding spaces ignored; `de-AT` tries `de-at`, then `de`.
 */
export function matchLanguage(tag: string | null | undefined): Language | null {
  if (typeof tag !== 'string') return null;
  const code = tag.trim().toLowerCase().replace(/_/g, '-');
  if (!code) return null;
  if (isLanguage(code)) return code;
  if (ALIASES[code]) return ALIASES[code]!;
  const primary = code.split('-')[0]!;
  if (isLanguage(primary)) return primary;
  return ALIASES[primary] ?? null;
}

/** Like matchLanguage, with the default (en-us) for anything unsupported. */
export function normalizeLanguage(tag: string | null | undefined): Language {
  return matchLanguage(tag) ?? DEFAULT_LANGUAGE;
}

/** `window.vfConfig.language`, when the page sets it (a non-empty string). */
export function configuredLanguage(): string | null {
  const raw = (globalThis as { vfConfig?: { language?: unknown } }).vfConfig;
  const value = raw && typeof raw === 'object' ? raw.language : undefined;
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

const warnedOverrides = new Set<string>();

/**
 * The language the widgets use: `window.vfConfig.language` if the page sets one, else the
 * page's own (`vf:lang` meta, else `<html lang>`, as read into the page identity); anything vf
 * does not speak → en-us. An override vf does not speak is warned about and also gives en-us.
 */
export function pageLanguage(pageLang: string | null | undefined): Language {
  const override = configuredLanguage();
  if (override !== null) {
    const matched = matchLanguage(override);
    if (!matched && !warnedOverrides.has(override)) {
      warnedOverrides.add(override);
      console.warn(`vf: window.vfConfig.language "${override}" is not supported; using ${DEFAULT_LANGUAGE}`);
    }
    return matched ?? DEFAULT_LANGUAGE;
  }
  return normalizeLanguage(pageLang);
}

/** The BCP 47 locale for a vf language (`sr-sr` → `sr-Latn`, `ar-ar` → `ar`). */
export function localeOf(lang: string): string {
  return LOCALES[normalizeLanguage(lang)];
}

/** `rtl` for the right-to-left languages (Arabic), else `ltr`. */
export function directionOf(lang: string): 'ltr' | 'rtl' {
  return RTL.has(normalizeLanguage(lang)) ? 'rtl' : 'ltr';
}
