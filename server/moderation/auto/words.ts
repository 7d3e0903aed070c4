/**
 * A site's banned or suspect words, found in a text the way a reader would read them: whatever
 * the case, leetspeak ("b4dw0rd"), look-alike Unicode (Cyrillic "а", full-width letters) or
 * letters spaced out ("b a d w o r d", "b.a.d"), and only as whole words ("class" does not hold
 * for "ass"). The matching is `obscenity`'s (its transformers and its RegExpMatcher), fed with
 * the site's list. Pure: no I/O.
 *
 * Running every listed word's pattern over each comment costs about 2 µs per word (10 ms for
 * 5,000 words), so an index picks the few words that can be there first: each word's letters
 * as obscenity reads them, filed under their first three; a text's letters, read the same way,
 * name the words worth matching.
 */
import {
  collapseDuplicatesTransformer,
  DataSet,
  parseRawPattern,
  RegExpMatcher,
  resolveConfusablesTransformer,
  resolveLeetSpeakTransformer,
  toAsciiLowerCaseTransformer,
  type TransformerContainer,
} from 'obscenity';

/**
 * How obscenity reads a text: look-alikes resolved, lower case, runs of spaces as one, and once
 * more with leetspeak resolved ("b4d" is "bad"; but "ass!" would read "assi", so both readings).
 */
const spaces = () => collapseDuplicatesTransformer({ defaultThreshold: Number.POSITIVE_INFINITY, customThresholds: new Map([[' ', 1]]) });
const PLAIN: TransformerContainer[] = [resolveConfusablesTransformer(), toAsciiLowerCaseTransformer(), spaces()];
const LEET: TransformerContainer[] = [resolveConfusablesTransformer(), resolveLeetSpeakTransformer(), toAsciiLowerCaseTransformer(), spaces()];
const KEY_LENGTH = 3;
const LETTER = /[\p{L}\p{N}]/u;
/** A run of three or more single letters set apart by spaces or dots ("b a d", "b.a.d"). */
const SPACED_RUN = /(?<![\p{L}\p{N}])[\p{L}\p{N}@$](?:[\s.\-_*·•]+[\p{L}\p{N}@$](?![\p{L}\p{N}])){2,}/gu;

export interface WordMatch {
  /** The listed word, as the site listed it. */
  word: string;
  /** Where it is in the text: [start, end) in UTF-16 units. */
  match: [number, number];
}

export interface WordMatcher {
  find(text: string): WordMatch | null;
}

/** The text as these transformers read it, code point by code point (as RegExpMatcher does). */
function transformed(text: string, transformers: TransformerContainer[]): string {
  const steps = transformers.map((t) => {
    if ('transform' in t) return t.transform;
    const stateful = t.factory();
    return (code: number) => stateful.transform(code);
  });
  let out = '';
  for (const char of text) {
    let code: number | undefined = char.codePointAt(0)!;
    for (const step of steps) if (code !== undefined) code = step(code);
    if (code !== undefined) out += String.fromCodePoint(code);
  }
  return out;
}

/** Only the letters and digits of the leetspeak reading: where the index looks. */
function lettersOf(text: string): string {
  let letters = '';
  for (const c of transformed(text, LEET)) if (LETTER.test(c)) letters += c;
  return letters;
}

/** The word as an obscenity pattern for that reading: between word boundaries, syntax escaped. */
const patternOf = (word: string, transformers: TransformerContainer[]) => parseRawPattern(`|${transformed(word, transformers).replace(/[[\]?|\\]/g, '\\$&')}|`);

/** The text with spaced-out letters closed up, and where each of its characters came from. */
function closedUp(text: string): { text: string; from: number[] } | null {
  if (!SPACED_RUN.test(text)) return null;
  SPACED_RUN.lastIndex = 0;
  let out = '';
  const from: number[] = [];
  let last = 0;
  const copy = (start: number, end: number, keep: (c: string) => boolean) => {
    for (let i = start; i < end; i++) {
      if (!keep(text[i]!)) continue;
      out += text[i];
      from.push(i);
    }
  };
  for (const run of text.matchAll(SPACED_RUN)) {
    copy(last, run.index, () => true);
    copy(run.index, run.index + run[0].length, (c) => !/[\s.\-_*·•]/.test(c));
    last = run.index + run[0].length;
  }
  copy(last, text.length, () => true);
  return { text: out, from };
}

interface Listed {
  word: string;
  letters: string;
  /** Compiled when a text first comes close to the word (both readings); kept for the next. */
  matchers?: RegExpMatcher[];
}

/** Every run of up to KEY_LENGTH letters of `letters` (a short word is its own key). */
function* keysOf(letters: string): Generator<string> {
  if (letters.length <= KEY_LENGTH) yield letters;
  for (let i = 0; i + KEY_LENGTH <= letters.length; i++) yield letters.slice(i, i + KEY_LENGTH);
}

export function buildWordMatcher(words: readonly string[]): WordMatcher {
  const listed = words.map((word) => ({ word, letters: lettersOf(word) })).filter((l) => l.letters !== '');
  // Each word is filed under its rarest key among the list, so no key gathers many words.
  const often = new Map<string, number>();
  for (const { letters } of listed) for (const key of new Set(keysOf(letters))) often.set(key, (often.get(key) ?? 0) + 1);
  const index = new Map<string, Listed[]>();
  for (const entry of listed) {
    let rarest = '';
    for (const key of keysOf(entry.letters)) if (!rarest || often.get(key)! < often.get(rarest)!) rarest = key;
    const bucket = index.get(rarest);
    if (bucket) bucket.push(entry);
    else index.set(rarest, [entry]);
  }

  /** The listed words whose letters are all in the text's letters, in that order. */
  function candidates(letters: string): Listed[] {
    const found = new Set<Listed>();
    for (let i = 0; i < letters.length; i++) {
      for (let n = 1; n <= KEY_LENGTH && i + n <= letters.length; n++) {
        for (const entry of index.get(letters.slice(i, i + n)) ?? []) if (letters.includes(entry.letters)) found.add(entry);
      }
    }
    return [...found];
  }

  function first(entry: Listed, text: string): [number, number] | null {
    entry.matchers ??= [PLAIN, LEET].map((transformers) => new RegExpMatcher({
      ...new DataSet<object>().addPhrase((phrase) => phrase.addPattern(patternOf(entry.word, transformers))).build(),
      blacklistMatcherTransformers: transformers,
    }));
    for (const matcher of entry.matchers) {
      const [hit] = matcher.getAllMatches(text, true);
      if (hit) return [hit.startIndex, hit.endIndex + 1];
    }
    return null;
  }

  return {
    find(text) {
      if (index.size === 0) return null;
      const near = candidates(lettersOf(text));
      if (near.length === 0) return null;
      const spaced = closedUp(text);
      let best: WordMatch | null = null;
      for (const entry of near) {
        let match = first(entry, text);
        if (!match && spaced) {
          const closed = first(entry, spaced.text);
          if (closed) match = [spaced.from[closed[0]]!, spaced.from[closed[1] - 1]! + 1];
        }
        if (match && (!best || match[0] < best.match[0])) best = { word: entry.word, match };
      }
      return best;
    },
  };
}
