/**
 * How the word matcher reads the letters of the twelve languages vf ships (i18n/*), before
 * obscenity reads the result for English look-alikes and leetspeak (words.ts). What is folded,
 * language by language, is written down in docs/moderation.md "Word lists in every language".
 *
 * A text is folded one letter at a time (a letter and the combining marks after it together):
 * NFKC (full-width letters, ligatures, Arabic presentation forms), invisible characters dropped,
 * marks dropped on Latin, Greek, Cyrillic and Arabic letters, a word written wholly in Cyrillic
 * read as Serbian Latin, and the letters readers write in more than one way made one. Each
 * folded character remembers the original characters it came from, so a match is marked where
 * the reader wrote it. Pure: no I/O.
 */

/**
 * How a letter is read: `spelled` as readers spell it out without the key (ä "ae", å "aa",
 * ß "ss", đ "dj", ñ "ny"), `bare` with its marks left out (ä "a", đ "d"; ñ stays "ny": "año" is
 * not "ano"), `typed` as a listed word may be typed on a keyboard without the letter (bare, and
 * ñ "n"). A comment is read spelled, and bare too when that differs; a listed word spelled and
 * typed.
 */
export type Spelling = 'spelled' | 'bare' | 'typed';
const COLUMN: Record<Spelling, 0 | 1 | 2> = { spelled: 0, bare: 1, typed: 2 };
type Readings = [spelled: string, bare: string, typed: string];

/** Latin letters written otherwise without their key (German, Danish, Finnish, French, Serbian Latin, Spanish). */
const LATIN: Record<string, Readings> = {
  ä: ['ae', 'a', 'a'], ö: ['oe', 'o', 'o'], ü: ['ue', 'u', 'u'], ß: ['ss', 'ss', 'ss'], ẞ: ['ss', 'ss', 'ss'],
  å: ['aa', 'a', 'a'], ø: ['oe', 'o', 'o'], æ: ['ae', 'ae', 'ae'], œ: ['oe', 'oe', 'oe'],
  đ: ['dj', 'd', 'd'], ñ: ['ny', 'ny', 'n'],
};

/** Serbian Cyrillic in Serbian Latin (then folded as Latin: "ђ" is "đ", "ж" is "ž"). */
const SERBIAN: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', ђ: 'đ', е: 'e', ж: 'ž', з: 'z', и: 'i', ј: 'j', к: 'k', л: 'l', љ: 'lj', м: 'm',
  н: 'n', њ: 'nj', о: 'o', п: 'p', р: 'r', с: 's', т: 't', ћ: 'ć', у: 'u', ф: 'f', х: 'h', ц: 'c', ч: 'č', џ: 'dž', ш: 'š',
};

/** Arabic letters written interchangeably: hamza forms of alef, alef maksura and Persian yeh, ta marbuta, Persian keheh; tatweel is dropped. */
const ARABIC: Record<string, string> = {
  'أ': 'ا', 'إ': 'ا', 'آ': 'ا', 'ٱ': 'ا', 'ٲ': 'ا', 'ٳ': 'ا', 'ٵ': 'ا',
  'ى': 'ي', 'ی': 'ي', 'ة': 'ه', 'ک': 'ك', 'ـ': '',
};

// Capitals read as their small letters (ß has no one-letter capital but ẞ, listed).
for (const table of [LATIN, SERBIAN] as Record<string, unknown>[]) {
  for (const [letter, as] of Object.entries(table)) if (letter.toUpperCase().length === 1) table[letter.toUpperCase()] ??= as;
}

/** Zero-width space and joiners, soft hyphen, word joiner, byte-order mark, bidi controls, variation selectors, … */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/u;
const MARK = /\p{M}/u;
const MARKS = /\p{M}/gu;
/** Letters whose marks do not tell words apart for these languages' readers, or no letter (a stray mark); Devanagari's vowel signs, say, are kept. */
const MARKS_FOLD = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Arabic}\P{L}]/u;
const WORD_PART = /[\p{L}\p{M}\p{N}\p{Default_Ignorable_Code_Point}]/u;
const LATIN_LETTER = /\p{Script=Latin}/u;
const CYRILLIC_LETTER = /\p{Script=Cyrillic}/u;
const ASCII = /^[\x00-\x7f]*$/;

/** One letter (NFKC done) in the three readings; '' for none. */
function foldLetter(char: string): Readings {
  if (INVISIBLE.test(char)) return ['', '', ''];
  const latin = LATIN[char];
  if (latin) return latin;
  const arabic = ARABIC[char] ?? char;
  const parts = arabic.normalize('NFD');
  const bare = parts !== arabic && MARKS_FOLD.test(parts) ? parts.replace(MARKS, '') : arabic;
  return [bare, bare, bare];
}

/** A letter with its marks (`cluster`) in the three readings; Cyrillic in Serbian Latin when `serbian`. */
function foldCluster(cluster: string, serbian: boolean): Readings {
  const out: Readings = ['', '', ''];
  for (const char of cluster.normalize('NFKC')) {
    // In a Serbian word, a letter with an accent (ѐ, ѝ: the accents that tell words apart in print) is the letter.
    const latin = serbian ? (SERBIAN[char] ?? SERBIAN[char.normalize('NFD')[0]!]) : undefined;
    for (const letter of latin ?? char) {
      const readings = foldLetter(letter);
      for (const column of [0, 1, 2] as const) out[column] += readings[column];
    }
  }
  // Marks NFKC could not compose into the letter go too (stacked accents, strike-through).
  return MARKS_FOLD.test(cluster) ? (out.map((reading) => reading.replace(MARKS, '')) as Readings) : out;
}

/** What folding needs to know of a code point, worked out once. */
interface Letter {
  mark: boolean;
  cyrillic: boolean;
  latin: boolean;
  /** Part of a word: a letter, mark, digit or invisible character. */
  word: boolean;
  alone: Readings;
  serbian: Readings;
}
const LETTERS = new Map<number, Letter>();
const CLUSTERS = new Map<string, Readings>();
const MAX_REMEMBERED = 65_536;

function letterInfo(code: number): Letter {
  let letter = LETTERS.get(code);
  if (!letter) {
    const char = String.fromCodePoint(code);
    const cyrillic = CYRILLIC_LETTER.test(char);
    const alone = foldCluster(char, false);
    letter = { mark: MARK.test(char), cyrillic, latin: LATIN_LETTER.test(char), word: WORD_PART.test(char), alone, serbian: cyrillic ? foldCluster(char, true) : alone };
    if (LETTERS.size < MAX_REMEMBERED) LETTERS.set(code, letter);
  }
  return letter;
}

/** A letter with marks after it (rarer), worked out once. */
function clusterOf(cluster: string, serbian: boolean): Readings {
  const key = `${serbian ? 1 : 0}${cluster}`;
  let readings = CLUSTERS.get(key);
  if (!readings) {
    readings = foldCluster(cluster, serbian);
    if (CLUSTERS.size < MAX_REMEMBERED) CLUSTERS.set(key, readings);
  }
  return readings;
}

/** A text as the matcher reads it, and where in the original each of its UTF-16 units came from: [start[i], end[i]). */
export interface Folded {
  text: string;
  /** null: the text is its own reading (plain ASCII). */
  start: number[] | null;
  end: number[] | null;
  /** Whether reading it `bare` gives another text. */
  differs: boolean;
}

/** The original span [start, end) that the folded span [from, to) came from. */
export function original(folded: Folded, from: number, to: number): [number, number] {
  return folded.start ? [folded.start[from]!, folded.end![to - 1]!] : [from, to];
}

/** Whether the word around `at` holds no Latin letter (so its Cyrillic is Serbian, not look-alikes in a Latin word, "wrеtсh"); and where it ends. */
function cyrillicWord(text: string, at: number): { serbian: boolean; end: number } {
  let latin = false;
  let start = at;
  for (let letter; start > 0 && (letter = letterInfo(text.charCodeAt(start - 1))).word; start--) latin ||= letter.latin;
  let end = at;
  for (let letter; end < text.length && (letter = letterInfo(text.charCodeAt(end))).word; end++) latin ||= letter.latin;
  return { serbian: !latin, end };
}

const width = (code: number) => (code > 0xffff ? 2 : 1);
const MAX_MARKS = 8;

/** The text read in one spelling, each folded unit with the original characters it came from. */
export function foldText(text: string, spelling: Spelling): Folded {
  if (ASCII.test(text)) return { text, start: null, end: null, differs: false };
  const column = COLUMN[spelling];
  let out = '';
  const start: number[] = [];
  const end: number[] = [];
  let differs = false;
  // The word a Cyrillic letter was last seen in: up to where, and whether it is Serbian.
  let wordEnd = -1;
  let serbianWord = false;
  for (let i = 0; i < text.length;) {
    const code = text.codePointAt(i)!;
    let next = i + width(code);
    // A letter takes up to MAX_MARKS marks; more (a "zalgo" pile) are read as marks on their own, dropped.
    for (let marks = 0; marks < MAX_MARKS && next < text.length && text.charCodeAt(next) >= 0x300 && letterInfo(text.codePointAt(next)!).mark; marks++) next += width(text.codePointAt(next)!);
    let piece: string;
    if (code < 0x80 && next === i + 1) piece = text[i]!;
    else {
      const letter = letterInfo(code);
      if (letter.cyrillic && i >= wordEnd) ({ end: wordEnd, serbian: serbianWord } = cyrillicWord(text, i));
      const serbian = serbianWord && i < wordEnd;
      const readings = next === i + width(code) ? (serbian ? letter.serbian : letter.alone) : clusterOf(text.slice(i, next), serbian);
      piece = readings[column];
      differs ||= readings[0] !== readings[1];
    }
    out += piece;
    for (let unit = 0; unit < piece.length; unit++) {
      start.push(i);
      end.push(next);
    }
    i = next;
  }
  return { text: out, start, end, differs };
}

/** The forms a listed word is looked for in (spelled and typed; most words have one). */
export function wordForms(word: string): string[] {
  return [...new Set([foldText(word, 'spelled').text, foldText(word, 'typed').text])];
}

const ARABIC_LETTER = /\p{Script=Arabic}/u;
export const isArabic = (text: string) => ARABIC_LETTER.test(text);

/**
 * The particles Arabic writes attached before a word: و or ف, then ب, ك or ل, then the article ال
 * (ل with ال is لل). Single letters are particles only before words of three letters or more,
 * so "بسم" does not hold a listed "سم"; the article only before words of two or more.
 */
const PARTICLES = new Map<string, number>();
for (const and of ['', 'و', 'ف']) {
  for (const to of ['', 'ب', 'ك', 'ل']) {
    for (const the of ['', 'ال']) {
      const prefix = to === 'ل' && the ? `${and}لل` : `${and}${to}${the}`;
      if (prefix) PARTICLES.set(prefix, the ? 2 : 3);
    }
  }
}

/** What a word is made of: a listed word matches only where none is next to it. */
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
/** The code point ending at `i` (a whole surrogate pair). */
const before = (text: string, i: number) => String.fromCodePoint(text.codePointAt(i >= 2 && /[\udc00-\udfff]/.test(text[i - 1]!) ? i - 2 : i - 1)!);

/**
 * Where a match [start, end) of a listed word in a folded text begins as a whole word, or -1: no
 * letter or digit right after it, and none before it but the particles Arabic attaches before an
 * Arabic word of `length` letters (then the word is marked from them, as written). A word in
 * another script read out of Arabic letters by obscenity's look-alikes is no match.
 */
export function wholeWord(word: { arabic: boolean; length: number }, text: string, start: number, end: number): number {
  if (end < text.length && WORD_CHAR.test(String.fromCodePoint(text.codePointAt(end)!))) return -1;
  if (!word.arabic && isArabic(text.slice(start, end))) return -1;
  let from = start;
  for (let char; from > 0 && WORD_CHAR.test((char = before(text, from))); ) from -= char.length;
  if (from === start) return start;
  const shortest = word.arabic ? PARTICLES.get(text.slice(from, start)) : undefined;
  return shortest !== undefined && word.length >= shortest ? from : -1;
}
