import type { FastifyContextConfig } from 'fastify';

/** Route options of a stand-in's routes: left out of vf's OpenAPI document (openapi/collect.ts). */
export const notApi = { config: { openapi: false } as FastifyContextConfig };
