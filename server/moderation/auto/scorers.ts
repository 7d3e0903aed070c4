/**
 * The spam and toxicity scorers (docs/moderation.md "Automatic moderation"): adapters speaking
 * Akismet's `comment-check` and Perspective API's `comments:analyze`, each given at most
 * SCORER_TIMEOUT_MS. Both run side by side; a scorer that is slow, down, refuses the key or
 * answers something else gives `failed`, and the site's `on_timeout` decides (verdict.ts).
 */
import { SCORER_TIMEOUT_MS, type ScorerSettings } from '../../../core/moderation/types.ts';

export type ScorerName = 'akismet' | 'perspective';

/** A score from 0 to 1, `certain` when the service says to discard it unseen; or a failure. */
export type ScorerAnswer = { scorer: ScorerName; score: number; certain?: boolean } | { scorer: ScorerName; failed: string };

/** What Akismet is told of a comment (its `comment-check` parameters). */
export interface ScoredItem {
  text: string;
  authorName: string;
  /** The site's home (Akismet's `blog`) and the page the item is on (`permalink`). */
  blog: string;
  permalink: string;
  userIp: string;
  userAgent: string;
  /** Akismet's comment_type: "comment", "reply", "message", … */
  type: string;
  /** The page's language, when known (Perspective's `languages`). */
  language?: string;
}

async function post(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  return fetch(url, { ...init, method: 'POST', signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
}

const failure = (scorer: ScorerName, error: unknown): ScorerAnswer => ({
  scorer,
  failed: error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError') ? 'timeout' : error instanceof Error ? error.message : String(error),
});

/**
 * Akismet `comment-check`: a form-encoded POST; "false" is ham (score 0), "true" spam (0.9: held
 * at the default thresholds, as Akismet's own plugin files it for review), and "true" with
 * `X-akismet-pro-tip: discard` blatant spam (1, rejected whatever the thresholds).
 */
export const AKISMET_SPAM = 0.9;
export async function akismet(settings: ScorerSettings, item: ScoredItem, timeoutMs = SCORER_TIMEOUT_MS): Promise<ScorerAnswer> {
  const body = new URLSearchParams({
    api_key: settings.key ?? '',
    blog: item.blog,
    user_ip: item.userIp,
    user_agent: item.userAgent,
    comment_type: item.type,
    comment_author: item.authorName,
    comment_content: item.text,
    permalink: item.permalink,
    ...(item.language ? { blog_lang: item.language } : {}),
  });
  try {
    const response = await post(settings.endpoint, { body, headers: { 'content-type': 'application/x-www-form-urlencoded' } }, timeoutMs);
    const answer = (await response.text()).trim();
    if (!response.ok || (answer !== 'true' && answer !== 'false')) {
      return { scorer: 'akismet', failed: response.headers.get('x-akismet-debug-help') ?? `answered ${response.status} ${answer.slice(0, 40)}` };
    }
    const discard = response.headers.get('x-akismet-pro-tip') === 'discard';
    if (answer === 'false') return { scorer: 'akismet', score: 0 };
    return discard ? { scorer: 'akismet', score: 1, certain: true } : { scorer: 'akismet', score: AKISMET_SPAM };
  } catch (error) {
    return failure('akismet', error);
  }
}

/** Perspective `comments:analyze`: JSON POST to `endpoint?key=KEY`; the score is TOXICITY's summary score. */
export async function perspective(settings: ScorerSettings, item: ScoredItem, timeoutMs = SCORER_TIMEOUT_MS): Promise<ScorerAnswer> {
  const url = new URL(settings.endpoint);
  url.searchParams.set('key', settings.key ?? '');
  const body = { comment: { text: item.text }, requestedAttributes: { TOXICITY: {} }, ...(item.language ? { languages: [item.language] } : {}), doNotStore: true };
  try {
    const response = await post(url.href, { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }, timeoutMs);
    const answer = (await response.json().catch(() => null)) as { attributeScores?: { TOXICITY?: { summaryScore?: { value?: unknown } } }; error?: { message?: string } } | null;
    const value = answer?.attributeScores?.TOXICITY?.summaryScore?.value;
    if (!response.ok || typeof value !== 'number' || value < 0 || value > 1) return { scorer: 'perspective', failed: answer?.error?.message ?? `answered ${response.status}` };
    return { scorer: 'perspective', score: value };
  } catch (error) {
    return failure('perspective', error);
  }
}
