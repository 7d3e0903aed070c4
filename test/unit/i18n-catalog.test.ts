// The message catalogue (i18n/<lang>/<bundle>.json, docs/languages.md): every language has every
// en-us key and no other, each message parses, keeps en-us's ICU arguments, uses the plural
// categories of its language, formats, and is not an English copy. Fix a failure by translating
// the key in every language (docs/languages.md "Adding a message").
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { BUNDLES, DEFAULT_LANGUAGE, LANGUAGES, localeOf } from '../../core/i18n/languages.ts';
import { BUNDLE_LOADERS } from '../../core/i18n/loaders.ts';

const root = fileURLToPath(new URL('../../i18n/', import.meta.url));
const OTHERS = LANGUAGES.filter((lang) => lang !== DEFAULT_LANGUAGE);

/** Messages that are rightly spelled as in English (the word is the same in that language). */
const SAME_AS_ENGLISH: Record<string, readonly string[]> = {
  'de-de': ['base.login.name', 'conversations.liveblog.role.moderator'],
  'da-da': ['chat.compose.submit', 'conversations.chat.compose.submit', 'conversations.liveblog.role.moderator'],
  'it-it': ['base.login.email', 'base.login.password'],
  'fr-fr': ['base.tray.title', 'base.tray.tab.feed'],
  'nl-nl': ['conversations.liveblog.role.moderator'],
  'sr-sr': ['conversations.liveblog.role.moderator'],
  'fr-ca': ['base.tray.title', 'base.tray.tab.feed'],
};

type Catalog = Record<string, string>;

function read(lang: string, file: string): Catalog {
  return JSON.parse(readFileSync(join(root, lang, file), 'utf8')) as Catalog;
}

const bundleFiles = readdirSync(join(root, DEFAULT_LANGUAGE)).filter((f) => f.endsWith('.json')).sort();
const english: Record<string, Catalog> = Object.fromEntries(bundleFiles.map((f) => [f, read(DEFAULT_LANGUAGE, f)]));

/** name → kind of every ICU argument (plural/select options and tags searched too). */
function argumentsOf(ast: MessageFormatElement[], out = new Map<string, string>()): Map<string, string> {
  for (const el of ast) {
    switch (el.type) {
      case TYPE.argument: out.set(el.value, 'argument'); break;
      case TYPE.number: out.set(el.value, 'number'); break;
      case TYPE.date: out.set(el.value, 'date'); break;
      case TYPE.time: out.set(el.value, 'time'); break;
      case TYPE.select:
        out.set(el.value, `select`);
        for (const option of Object.values(el.options)) argumentsOf(option.value, out);
        break;
      case TYPE.plural:
        out.set(el.value, el.pluralType === 'ordinal' ? 'selectordinal' : 'plural');
        for (const option of Object.values(el.options)) argumentsOf(option.value, out);
        break;
      case TYPE.tag:
        out.set(el.value, 'tag');
        argumentsOf(el.children, out);
        break;
      default:
        break;
    }
  }
  return out;
}

/** Every plural/selectordinal element, with the path of option keys leading to it. */
function pluralsOf(ast: MessageFormatElement[], out: { name: string; ordinal: boolean; keys: string[] }[] = []) {
  for (const el of ast) {
    if (el.type === TYPE.plural) {
      out.push({ name: el.value, ordinal: el.pluralType === 'ordinal', keys: Object.keys(el.options) });
    }
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      for (const option of Object.values(el.options)) pluralsOf(option.value, out);
    }
    if (el.type === TYPE.tag) pluralsOf(el.children, out);
  }
  return out;
}

function selectKeysOf(ast: MessageFormatElement[], out = new Map<string, string[]>()): Map<string, string[]> {
  for (const el of ast) {
    if (el.type === TYPE.select) out.set(el.value, Object.keys(el.options).sort());
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      for (const option of Object.values(el.options)) selectKeysOf(option.value, out);
    }
    if (el.type === TYPE.tag) selectKeysOf(el.children, out);
  }
  return out;
}

function sampleValues(args: Map<string, string>, selects: Map<string, string[]>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, kind] of args) {
    if (kind === 'plural' || kind === 'selectordinal' || kind === 'number') values[name] = 3;
    else if (kind === 'date' || kind === 'time') values[name] = new Date(Date.UTC(2026, 0, 15, 12));
    else if (kind === 'select') values[name] = selects.get(name)?.[0] ?? 'other';
    else if (kind === 'tag') values[name] = (chunks: unknown[]) => chunks.join('');
    else values[name] = 'Ana';
  }
  return values;
}

const describeArgs = (args: Map<string, string>) => JSON.stringify([...args].sort());

describe('i18n catalogue', () => {
  it('has a folder for each of the 12 languages and nothing else', () => {
    const folders = readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    assert.deepEqual(folders.sort(), [...LANGUAGES].sort());
  });

  it('en-us has exactly the 9 bundles of the spec (core/i18n/languages.ts BUNDLES)', () => {
    assert.deepEqual(bundleFiles, BUNDLES.map((b) => `${b}.json`).sort(),
      'a new bundle file needs an entry in BUNDLES and in core/i18n/loaders.ts');
  });

  it('every language has the same bundle files as en-us', () => {
    for (const lang of OTHERS) {
      const files = readdirSync(join(root, lang)).filter((f) => f.endsWith('.json')).sort();
      assert.deepEqual(files, bundleFiles, `${lang} bundle files`);
    }
  });

  it('the loader map has one lazy import per language × bundle', () => {
    const expected = LANGUAGES.flatMap((lang) => BUNDLES.map((bundle) => `${lang}/${bundle}`)).sort();
    assert.deepEqual(Object.keys(BUNDLE_LOADERS).sort(), expected);
    const source = readFileSync(new URL('../../core/i18n/loaders.ts', import.meta.url), 'utf8');
    for (const key of expected) {
      assert.ok(source.includes(`'${key}': () => import('../../i18n/${key}.json')`), `loader for ${key}`);
    }
  });

  for (const lang of LANGUAGES) {
    describe(lang, () => {
      const locale = localeOf(lang);
      const cardinal = new Set(new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[]);
      const ordinal = new Set(
        new Intl.PluralRules(locale, { type: 'ordinal' }).resolvedOptions().pluralCategories as string[],
      );

      it('has every en-us key and no extra key, in the same bundle', () => {
        const problems: string[] = [];
        for (const file of bundleFiles) {
          const path = join(root, lang, file);
          if (!existsSync(path)) {
            problems.push(`${lang}/${file} is missing`);
            continue;
          }
          const own = read(lang, file);
          for (const key of Object.keys(english[file]!)) if (!(key in own)) problems.push(`missing ${lang}/${file}: ${key}`);
          for (const key of Object.keys(own)) if (!(key in english[file]!)) problems.push(`extra ${lang}/${file}: ${key}`);
        }
        assert.deepEqual(problems, []);
      });

      it('every message parses, keeps the en-us arguments, uses its plural categories and formats', () => {
        const problems: string[] = [];
        for (const file of bundleFiles) {
          if (!existsSync(join(root, lang, file))) continue;
          const own = read(lang, file);
          for (const [key, message] of Object.entries(own)) {
            const at = `${lang}/${file} ${key}`;
            if (typeof message !== 'string' || message.trim() === '') {
              problems.push(`${at}: empty or not a string`);
              continue;
            }
            if (/'[{}#|']/.test(message)) {
              problems.push(`${at}: an apostrophe before {, }, #, | or ' starts ICU quoting; write ’ instead`);
            }
            let ast: MessageFormatElement[];
            try {
              ast = parse(message);
            } catch (error) {
              problems.push(`${at}: does not parse (${(error as Error).message})`);
              continue;
            }
            const source = english[file]![key];
            if (source !== undefined) {
              const enArgs = argumentsOf(parse(source));
              const args = argumentsOf(ast);
              if (describeArgs(args) !== describeArgs(enArgs)) {
                problems.push(`${at}: arguments ${describeArgs(args)} differ from en-us ${describeArgs(enArgs)}`);
              }
              const enSelects = selectKeysOf(parse(source));
              for (const [name, keys] of selectKeysOf(ast)) {
                if (JSON.stringify(keys) !== JSON.stringify(enSelects.get(name))) {
                  problems.push(`${at}: select {${name}} options ${keys.join(',')} differ from en-us`);
                }
              }
              if (lang !== DEFAULT_LANGUAGE && message === source && /[A-Za-z]{2}/.test(message.replace(/\{[^{}]*\}/g, ''))
                && !SAME_AS_ENGLISH[lang]?.includes(key)) {
                problems.push(`${at}: not translated (same as en-us)`);
              }
            }
            for (const plural of pluralsOf(ast)) {
              const categories = plural.ordinal ? ordinal : cardinal;
              const keys = plural.keys.filter((k) => !k.startsWith('='));
              for (const k of keys) {
                if (!categories.has(k)) problems.push(`${at}: plural {${plural.name}} has "${k}", not a ${locale} category`);
              }
              for (const c of categories) {
                if (!keys.includes(c)) problems.push(`${at}: plural {${plural.name}} lacks the ${locale} category "${c}"`);
              }
            }
            let formatted: unknown = '';
            try {
              formatted = new IntlMessageFormat(ast, locale).format(sampleValues(argumentsOf(ast), selectKeysOf(ast)) as Record<string, string>);
            } catch (error) {
              problems.push(`${at}: ${(error as Error).message}`);
            }
            if (typeof formatted !== 'string' || formatted.trim() === '') problems.push(`${at}: formats to nothing`);
          }
        }
        assert.deepEqual(problems, []);
      });
    });
  }
});
