import type { FastifyInstance } from 'fastify';

// Routes of docs/law.md "API": being written.
export default async function routes(_app: FastifyInstance): Promise<void> {}
