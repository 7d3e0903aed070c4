// Automatic moderation's cost per comment (docs/moderation.md "Automatic moderation"): the time
// `moderate` adds before a comment is stored, with 5,000 banned and 5,000 suspect words listed,
// links held outside an allow-list, scorers off (their time-out is their own bound). 3,000 varied
// comments of 20–120 words, a tenth of them with a listed word, after a warm-up (the site's
// matchers are built once per settings change; that build is its own row). Then the same for
// comments in German, Serbian Cyrillic and Arabic (the letters languages.ts folds: umlauts read
// twice, Cyrillic read as Serbian Latin, Arabic marks and letter forms).
// `node --import tsx bench/automod.ts`
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { applyChange, defaultSettings, MAX_LISTED_WORDS, writeSettings } from '../server/moderation/auto/settings.ts';
import { buildWordMatcher } from '../server/moderation/auto/words.ts';
import { DEMO_SITE, seed } from '../server/demo/index.ts';
import { getOrCreateContainer } from '../server/engine/containers.ts';
import { getSite } from '../server/engine/sites.ts';

type Row = [string, string, string];
const COMMENTS = 3_000;
/** Words of the languages whose letters are folded most (German umlauts and ß, Serbian Cyrillic, Arabic with marks). */
const FOLDED_PROSE = 'für über schön Größe Straße Mädchen hören Übung Bücher fährt möchte später zurück Frühstück ово је пример текста на српском ђак љубав њива џеп шума жаба ћерка чаша هذا مثال على نَصٍّ عربي مع الكلمات والحروف في المدينة الجميلة وكانت السماء زرقاء'.split(' ');
const PROSE = 'the a of and to in is that it was for on with as his they be at one have this from or had by not word but what some we can out other were all there when up use your how said an each she which do their time if will way about many then them write would like so these her long make thing see him two has look more day could go come did number sound no most people my over know water than call first who may down side been now find'.split(' ');

/** A small deterministic generator, so every run judges the same comments. */
function random(seed: number): () => number {
  return () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const ms = (value: number) => `${value.toFixed(3)} ms`;

export async function automodRows(): Promise<Row[]> {
  const next = random(42);
  const word = () => Array.from({ length: 4 + Math.floor(next() * 7) }, () => String.fromCharCode(97 + Math.floor(next() * 26))).join('');
  const banned = Array.from({ length: MAX_LISTED_WORDS }, word);
  const suspect = Array.from({ length: MAX_LISTED_WORDS }, word);
  const comments = (prose: string[]) => Array.from({ length: COMMENTS }, (_, i) => {
    const words = Array.from({ length: 20 + Math.floor(next() * 100) }, () => prose[Math.floor(next() * prose.length)]);
    if (i % 10 === 0) words.splice(Math.floor(next() * words.length), 0, suspect[Math.floor(next() * suspect.length)]!);
    if (i % 7 === 0) words.push('https://example.com/more');
    return `${words.join(' ')}.`;
  });
  const texts = comments(PROSE);
  const foldedTexts = comments(FOLDED_PROSE);

  const started = performance.now();
  buildWordMatcher(banned);
  const buildMs = performance.now() - started;

  const dataDir = mkdtempSync(join(tmpdir(), 'vf-bench-automod-'));
  const app = buildApp({ config: loadConfig({ VF_DATA_DIR: dataDir, LOG_LEVEL: 'warn' }) });
  try {
    await app.ready();
    await seed(app);
    await writeSettings(app.db, DEMO_SITE.uuid, applyChange(defaultSettings(), { banned_words: banned, suspect_words: suspect, links: 'outside_allowlist', link_allowlist: ['example.com'] }));
    const site = (await getSite(app.db, DEMO_SITE.uuid))!;
    const container = await getOrCreateContainer(app.db, site.uuid, 'bench-automod');
    const author = { uuid: 'bench-reader', name: 'Reader', user_privilege: 'user', badge_trusted: 0, always_premoderate: 0 } as const;
    const judge = (text: string) => app.autoModeration.moderate({ site, container, author, text, isEdit: false, premoderated: false });
    /** Wall time, and the process's CPU time (a shared, loaded machine stretches the wall time of a few calls), after a warm-up. */
    async function timed(judged: string[]): Promise<{ wall: number[]; cpu: number[]; held: number }> {
      for (const text of judged.slice(0, 200)) await judge(text); // warm-up: the matchers built, each word's pattern compiled
      const wall: number[] = [];
      const cpu: number[] = [];
      let held = 0;
      for (const text of judged) {
        const t0 = performance.now();
        const c0 = process.cpuUsage();
        const verdict = await judge(text);
        const used = process.cpuUsage(c0);
        wall.push(performance.now() - t0);
        cpu.push((used.user + used.system) / 1000);
        if (verdict.state !== 'visible') held++;
      }
      return { wall: wall.sort((a, b) => a - b), cpu: cpu.sort((a, b) => a - b), held };
    }
    const plain = await timed(texts);
    const folded = await timed(foldedTexts);
    const p50p99 = (sorted: number[]) => `${ms(percentile(sorted, 0.5))} / ${ms(percentile(sorted, 0.99))}`;
    return [
      ['automatic moderation per comment, 5,000 + 5,000 listed words: p50 / p99', p50p99(plain.wall), `p99 ≤ 1 ms; ${plain.held} of ${COMMENTS} held`],
      ["  the same in the process's CPU time (all its threads, the garbage collector's among them): p50 / p99", p50p99(plain.cpu), ''],
      ['  the same for comments in German, Serbian Cyrillic and Arabic: p50 / p99', p50p99(folded.wall), `p99 ≤ 1 ms; ${folded.held} of ${COMMENTS} held`],
      ['  building a site\'s matcher of 5,000 words (once per settings change)', `${Math.round(buildMs)} ms`, ''],
    ];
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await automodRows()) console.log(row.join(' | '));
}
