/**
 * The publisher's legal duties on `/api/v2` (docs/law.md): notices of illegal content, statements
 * of reasons, appeals, the site's grounds and the transparency exports.
 */
import type { FastifyInstance } from 'fastify';
import appealRoutes from './appealRoutes.ts';
import noticeRoutes from './noticeRoutes.ts';
import legalSettingsRoutes from './settingsRoutes.ts';
import statementRoutes from './statementRoutes.ts';
import transparencyRoutes from './transparencyRoutes.ts';

export default async function legalRoutes(app: FastifyInstance): Promise<void> {
  await app.register(legalSettingsRoutes);
  await app.register(noticeRoutes);
  await app.register(statementRoutes);
  await app.register(appealRoutes);
  await app.register(transparencyRoutes);
}
