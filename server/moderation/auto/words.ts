/**
 * A site's banned or suspect words, found in a text the way a reader would read them: whatever
 * the case, leetspeak ("b4dw0rd"), look-alike Unicode (Cyrillic "а", full-width letters) or
 * letters spaced out ("b a d w o r d", "b.a.d"), in the spellings readers of vf's twelve
 * languages use interchangeably (languages.ts: "Scheisse" for "Scheiße", Serbian in either
 * script, Arabic with its article and marks, invisible characters dropped), and only as whole
 * words ("class" does not hold for "ass"; in Arabic, after the particles the language attaches).
 * The look-alikes and leetspeak are `obscenity`'s (its transformers and its RegExpMatcher), fed
 * with the site's list; the word boundaries are ours, Unicode-aware. Pure: no I/O.
 *
 * Running every listed word's pattern over each comment costs about 2 µs per word (10 ms for
 * 5,000 words), so an index picks the few words that can be there first: each word's letters
 * as obscenity reads them, filed under their rarest three; a text's letters, read the same way,
 * name the words worth matching, and obscenity looks for each only around where its letters are.
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
import { type Folded, foldText, isArabic, original, wholeWord, wordForms } from './languages.ts';

/**
 * How obscenity reads a text: look-alikes resolved, leetspeak resolved ("b4d" is "bad"), lower
 * case, runs of spaces as one. The word boundaries are judged on the text itself (wholeWord), so
 * "ass!" is a whole "ass" though this reading makes it "assi".
 */
const spaces = () => collapseDuplicatesTransformer({ defaultThreshold: Number.POSITIVE_INFINITY, customThresholds: new Map([[' ', 1]]) });
const LEET: TransformerContainer[] = [resolveConfusablesTransformer(), resolveLeetSpeakTransformer(), toAsciiLowerCaseTransformer(), spaces()];
const KEY_LENGTH = 3;
const LETTER = /[\p{L}\p{N}]/u;
/** What a token is made of (a word, or a leetspeak one); anything else separates tokens. */
const TOKEN = /[\p{L}\p{N}@$\p{M}]/u;
/** A run of three or more single letters set apart by spaces or dots ("b a d", "b.a.d"). */
const SPACED_RUN = /(?<![\p{L}\p{N}])[\p{L}\p{N}@$](?:[\s.\-_*·•]+[\p{L}\p{N}@$](?![\p{L}\p{N}])){2,}/gu;

export interface WordMatch {
  /** The listed word, as the site listed it. */
  word: string;
  /** Where it is in the text: [start, end) in UTF-16 units. */
  match: [number, number];
}

export interface WordMatcher {
  /** The listed word that comes first in the text (a reading from `readText` saves reading it again). */
  find(text: string | TextReading): WordMatch | null;
}

/** These transformers applied to one code point at a time (undefined: dropped), as RegExpMatcher applies them; `reset` before each text. */
function steps(transformers: TransformerContainer[]): { reset(): void; read(code: number): number | undefined } {
  const each = transformers.map((t) => ('transform' in t ? { transform: t.transform, reset() {} } : t.factory()));
  return {
    reset: () => each.forEach((step) => step.reset()),
    read(code) {
      let out: number | undefined = code;
      for (const step of each) if (out !== undefined) out = step.transform(out);
      return out;
    },
  };
}

const LEET_STEPS = steps(LEET);

/** Reads a text as obscenity does. */
function readLeet(text: string): string {
  LEET_STEPS.reset();
  let out = '';
  for (const char of text) {
    const code = LEET_STEPS.read(char.codePointAt(0)!);
    if (code !== undefined) out += String.fromCodePoint(code);
  }
  return out;
}

const NOT_A_LETTER = '';
/**
 * Each code point's letter in the leetspeak reading ('' when it reads as none), worked out once:
 * for letters that reading is one code point at a time (its only step with a memory, `spaces`,
 * drops nothing but spaces), so a comment's letters are a table look-up each.
 */
const LETTERS = new Map<number, string>();
const MAX_REMEMBERED = 65_536;

function letterOf(code: number): string {
  let letter = LETTERS.get(code);
  if (letter === undefined) {
    LEET_STEPS.reset();
    const read = LEET_STEPS.read(code);
    const char = read === undefined ? NOT_A_LETTER : String.fromCodePoint(read);
    letter = LETTER.test(char) ? char : NOT_A_LETTER;
    if (LETTERS.size < MAX_REMEMBERED) LETTERS.set(code, letter);
  }
  return letter;
}

/** A text as the matchers look at it: itself, and its readings (spelled; bare too when that differs, languages.ts). */
export interface TextReading {
  text: string;
  readings: Reading[];
}

/** One reading: the folded text, the letters and digits of its leetspeak reading (where the index looks), and where in the folded text each came from. */
interface Reading {
  folded: Folded;
  letters: string;
  at: number[];
}

/** A (folded) text's letters in the leetspeak reading, and where in it each came from. */
function lettersOf(text: string): { letters: string; at: number[] } {
  let letters = '';
  const at: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.codePointAt(i)!;
    const letter = letterOf(code);
    letters += letter;
    for (let unit = 0; unit < letter.length; unit++) at.push(i); // an astral letter is two units of `letters`
    if (code > 0xffff) i++;
  }
  return { letters, at };
}

/** Reads a text once for every matcher that looks at it (a site's banned and suspect words). */
export function readText(text: string): TextReading {
  const spelled = foldText(text, 'spelled');
  const folds = spelled.differs ? [spelled, foldText(text, 'bare')] : [spelled];
  return { text, readings: folds.map((folded) => ({ folded, ...lettersOf(folded.text) })) };
}

/** A listed word's form as an obscenity pattern, syntax escaped (the word boundaries are wholeWord's). */
const patternOf = (form: string) => parseRawPattern(readLeet(form).replace(/[[\]?|\\]/g, '\\$&'));

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
  /** The word as folded (languages.ts wordForms): what is looked for. */
  form: string;
  letters: string;
  /** An Arabic word may follow the particles Arabic attaches; its length in letters says which (languages.ts wholeWord). */
  arabic: boolean;
  length: number;
  /** Compiled when a text first comes close to the word; kept for the next. */
  matcher?: RegExpMatcher;
}

/**
 * The index's key for `n` units of `letters` from `i`: a small integer (no string made per
 * letter of every comment); two runs may share a key, the word's letters are checked after.
 */
function keyAt(letters: string, i: number, n: number): number {
  let key = n;
  for (let j = i; j < i + n; j++) key = (key * 31 + letters.charCodeAt(j)) & 0x3fffffff;
  return key;
}

/** The keys of every run of KEY_LENGTH letters of `letters` (a short word is its own key). */
function keysOf(letters: string): number[] {
  if (letters.length <= KEY_LENGTH) return [keyAt(letters, 0, letters.length)];
  return Array.from({ length: letters.length - KEY_LENGTH + 1 }, (_, i) => keyAt(letters, i, KEY_LENGTH));
}

export function buildWordMatcher(words: readonly string[]): WordMatcher {
  const listed: Listed[] = words
    .flatMap((word) => wordForms(word).map((form) => ({ word, form, letters: lettersOf(form).letters, arabic: isArabic(form), length: [...form].length })))
    .filter((l) => l.letters !== '');
  // Each word is filed under its rarest key among the list, so no key gathers many words.
  const often = new Map<number, number>();
  for (const { letters } of listed) for (const key of new Set(keysOf(letters))) often.set(key, (often.get(key) ?? 0) + 1);
  const index = new Map<number, Listed[]>();
  for (const entry of listed) {
    let rarest = -1;
    for (const key of keysOf(entry.letters)) if (rarest === -1 || often.get(key)! < often.get(rarest)!) rarest = key;
    const bucket = index.get(rarest);
    if (bucket) bucket.push(entry);
    else index.set(rarest, [entry]);
  }

  // Keys shorter than KEY_LENGTH (words that short) are looked for only when such words are listed.
  const shortest = Math.min(KEY_LENGTH, ...listed.map((entry) => entry.letters.length));

  /** The listed words whose letters are all in the text's letters, in that order. */
  function candidates(letters: string): Listed[] {
    const found = new Set<Listed>();
    for (let i = 0; i < letters.length; i++) {
      for (let n = shortest; n <= KEY_LENGTH && i + n <= letters.length; n++) {
        const bucket = index.get(keyAt(letters, i, n));
        if (bucket) for (const entry of bucket) if (letters.includes(entry.letters)) found.add(entry);
      }
    }
    return [...found];
  }

  /** The entry's first whole-word match in the text. */
  function first(entry: Listed, text: string): [number, number] | null {
    entry.matcher ??= new RegExpMatcher({
      ...new DataSet<object>().addPhrase((phrase) => phrase.addPattern(patternOf(entry.form))).build(),
      blacklistMatcherTransformers: LEET,
    });
    for (const hit of entry.matcher.getAllMatches(text, true)) {
      const start = wholeWord(entry, text, hit.startIndex, hit.endIndex + 1);
      if (start !== -1) return [start, hit.endIndex + 1];
    }
    return null;
  }

  /**
   * The word's first match in the folded text, looked for only around where its letters are:
   * from the token before to the token after (a word boundary, or a run of spaced-out letters,
   * is decided by its neighbours).
   */
  function around(entry: Listed, { folded: { text }, letters, at }: Reading): [number, number] | null {
    // The last window looked in: its every match was judged, so the letters inside it need no window of their own (a long run of them would cost one window each).
    let seen: [number, number] = [-1, -1];
    for (let k = letters.indexOf(entry.letters); k !== -1; k = letters.indexOf(entry.letters, k + 1)) {
      if (at[k]! >= seen[0] && at[k + entry.letters.length - 1]! < seen[1]) continue;
      let from = at[k]!;
      while (from > 0 && !TOKEN.test(text[from - 1]!)) from--;
      while (from > 0 && TOKEN.test(text[from - 1]!)) from--;
      let to = at[k + entry.letters.length - 1]! + 1;
      while (to < text.length && !TOKEN.test(text[to]!)) to++;
      while (to < text.length && TOKEN.test(text[to]!)) to++;
      const window = text.slice(from, to);
      let match = first(entry, window);
      const spaced = match ? null : closedUp(window);
      if (spaced) {
        const closed = first(entry, spaced.text);
        if (closed) match = [spaced.from[closed[0]]!, spaced.from[closed[1] - 1]! + 1];
      }
      if (match) return [from + match[0], from + match[1]];
      seen = [from, to];
    }
    return null;
  }

  return {
    find(input) {
      if (index.size === 0) return null;
      const { readings } = typeof input === 'string' ? readText(input) : input;
      let best: WordMatch | null = null;
      for (const reading of readings) {
        for (const entry of candidates(reading.letters)) {
          const found = around(entry, reading);
          const match = found && original(reading.folded, found[0], found[1]);
          if (match && (!best || match[0] < best.match[0])) best = { word: entry.word, match };
        }
      }
      return best;
    },
  };
}
