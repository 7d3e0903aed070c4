/**
 * The publishers' identity platforms' login routes on `/api/v2` (docs/login.md "Identity
 * platforms"), one plugin per vendor: Gigya and Janrain (gigyaJanrain.ts), LoginRadius
 * (loginRadius.ts), Backplane (backplane.ts). Each ends in identity/externalSession.ts (one vf
 * account per provider user id); a refusal stores nothing.
 */
import type { FastifyInstance } from 'fastify';
import backplaneRoutes from './backplane.ts';
import gigyaJanrainRoutes from './gigyaJanrain.ts';
import loginRadiusRoutes from './loginRadius.ts';

export default async function identityRoutes(app: FastifyInstance): Promise<void> {
  await app.register(gigyaJanrainRoutes);
  await app.register(loginRadiusRoutes);
  await app.register(backplaneRoutes);
}
