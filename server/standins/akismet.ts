/**
 * A local stand-in for Akismet's `comment-check` (docs/moderation.md "Stand-ins"): the same
 * protocol (a form-encoded POST with `api_key`, `blog`, `comment_author`, `comment_content`, …;
 * the answer `true` for spam, `false` for ham, `X-akismet-pro-tip: discard` for blatant spam;
 * `invalid` with `X-akismet-debug-help` for a wrong key) and a deterministic judgement: the
 * author Akismet documents as its test spammer, "viagra-test-123", is blatant spam; text with an
 * obvious spam phrase is spam. Demo mode serves it under /demo/standin/akismet; tests start it on
 * a port of their own and make it slow or failing through `behaviour`.
 */
import type { FastifyInstance } from 'fastify';
import { notApi } from './notApi.ts';
import { acceptForms, formBody } from './readers.ts';

/** Akismet's documented test author: always spam. */
export const AKISMET_TEST_SPAMMER = 'viagra-test-123';
const SPAM_PHRASES = ['viagra', 'casino bonus', 'cheap pills', 'crypto giveaway', 'work from home and earn', 'click here to claim'];

/** What a test changes while the stand-in runs: a delay before answering, or an error status instead. */
export interface StandInBehaviour {
  delayMs: number;
  failWith: number | null;
}

export interface AkismetStandInOptions {
  apiKey: string;
  behaviour?: StandInBehaviour;
}

const text = { 200: { type: 'string' } } as const;

export default async function akismetStandIn(app: FastifyInstance, options: AkismetStandInOptions): Promise<void> {
  acceptForms(app);
  app.post<{ Body: Record<string, string> }>('/1.1/comment-check', { ...notApi, schema: { body: formBody, response: text } }, async (request, reply) => {
    const behaviour = options.behaviour;
    if (behaviour?.delayMs) await new Promise((resolve) => setTimeout(resolve, behaviour.delayMs));
    if (behaviour?.failWith) return reply.code(behaviour.failWith).type('text/plain').send('Internal Server Error');
    reply.type('text/plain');
    if (request.body['api_key'] !== options.apiKey) return reply.header('x-akismet-debug-help', 'Invalid API key. Please check your key.').send('invalid');
    if (!request.body['blog']) return reply.header('x-akismet-debug-help', 'Empty "blog" value').send('Missing required field: blog.');
    if (request.body['comment_author'] === AKISMET_TEST_SPAMMER) return reply.header('x-akismet-pro-tip', 'discard').send('true');
    const content = (request.body['comment_content'] ?? '').toLowerCase();
    return SPAM_PHRASES.some((phrase) => content.includes(phrase)) ? 'true' : 'false';
  });
}
