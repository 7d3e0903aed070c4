/**
 * The chat service (`/api/chat`, docs/api.md "chat"): the content engine's calls with the chat
 * policy, and the chat's settings: `PUT /{s}/{c}` sets them (slow mode among them), `DELETE
 * …/settings/edit` resets the ones it names (content.md §7).
 */
import type { FastifyInstance } from 'fastify';
import contentChangeRoutes from '../../engine/changes.ts';
import contentReadRoutes from '../../engine/reads.ts';
import containerSettingsRoutes from '../../engine/settings.ts';
import contentWriteRoutes from '../../engine/writes.ts';
import { chatPolicy as policy } from './policy.ts';

export default async function chatRoutes(app: FastifyInstance): Promise<void> {
  app.register(contentWriteRoutes, { policy });
  app.register(contentChangeRoutes, { policy });
  app.register(contentReadRoutes, { policy });
  const settings = { kind: policy.kind, contentType: policy.containerEvents } as const;
  app.register(containerSettingsRoutes, { ...settings, url: '/:section/:container', methods: ['PUT'] });
  app.register(containerSettingsRoutes, { ...settings, url: '/:section/:container/settings/edit', methods: ['DELETE'] });
}
