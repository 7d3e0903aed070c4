/**
 * A local stand-in for Perspective API's `comments:analyze` (docs/moderation.md "Stand-ins"):
 * the same protocol (a JSON POST of `{ comment: { text }, requestedAttributes: { TOXICITY: {} } }`
 * to `…/comments:analyze?key=KEY`; the answer's score at
 * `attributeScores.TOXICITY.summaryScore.value`; a wrong key is Google's 400 error) and a
 * deterministic score from a short list of insults: none 0.05, one 0.8, two or more 0.97.
 * Demo mode serves it under /demo/standin/perspective; tests start it on a port of their own.
 */
import type { FastifyInstance } from 'fastify';
import type { StandInBehaviour } from './akismet.ts';
import { notApi } from './notApi.ts';
import { vendorAnswer } from './readers.ts';

const INSULTS = ['idiot', 'stupid', 'moron', 'loser', 'dumb', 'pathetic', 'shut up'];

export interface PerspectiveStandInOptions {
  apiKey: string;
  behaviour?: StandInBehaviour;
}

interface AnalyzeBody {
  comment: { text: string };
  requestedAttributes: Record<string, object>;
  languages?: string[];
  doNotStore?: boolean;
}

const analyzeBody = {
  type: 'object',
  required: ['comment', 'requestedAttributes'],
  properties: {
    comment: { type: 'object', required: ['text'], properties: { text: { type: 'string', maxLength: 20480 } } },
    requestedAttributes: { type: 'object' },
    languages: { type: 'array', items: { type: 'string' } },
    doNotStore: { type: 'boolean' },
  },
} as const;

/** The stand-in's score of a text: how many listed insults it holds. */
export function standInToxicity(text: string): number {
  const lower = text.toLowerCase();
  const insults = INSULTS.filter((insult) => lower.includes(insult)).length;
  return insults === 0 ? 0.05 : insults === 1 ? 0.8 : 0.97;
}

const googleError = (code: number, message: string, status: string) => ({ error: { code, message, status } });

export default async function perspectiveStandIn(app: FastifyInstance, options: PerspectiveStandInOptions): Promise<void> {
  // `::` is a literal colon in a Fastify path (the method is `comments:analyze`).
  app.post<{ Body: AnalyzeBody; Querystring: { key?: string } }>(
    '/v1alpha1/comments::analyze',
    { ...notApi, schema: { body: analyzeBody, querystring: { type: 'object', properties: { key: { type: 'string' } } }, response: { ...vendorAnswer, 400: vendorAnswer[200], 500: vendorAnswer[200] } } },
    async (request, reply) => {
      const behaviour = options.behaviour;
      if (behaviour?.delayMs) await new Promise((resolve) => setTimeout(resolve, behaviour.delayMs));
      if (behaviour?.failWith) return reply.code(behaviour.failWith).send(googleError(behaviour.failWith, 'Internal error encountered.', 'INTERNAL'));
      if (request.query.key !== options.apiKey) return reply.code(400).send(googleError(400, 'API key not valid. Please pass a valid API key.', 'INVALID_ARGUMENT'));
      if (!request.body.requestedAttributes['TOXICITY']) return reply.code(400).send(googleError(400, 'Attribute TOXICITY was not requested.', 'INVALID_ARGUMENT'));
      const value = standInToxicity(request.body.comment.text);
      return {
        attributeScores: { TOXICITY: { spanScores: [{ begin: 0, end: request.body.comment.text.length, score: { value, type: 'PROBABILITY' } }], summaryScore: { value, type: 'PROBABILITY' } } },
        languages: request.body.languages ?? ['en'],
        detectedLanguages: ['en'],
      };
    },
  );
}
