/**
 * Builds the Fastify app: external plugins (CORS, websocket), app plugins (storage, auth,
 * realtime hub), then one route plugin per service. main.ts starts it; tests inject into it.
 */
import cors from '@fastify/cors';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { SlidingWindowLimiter } from './auth/rateLimit.ts';
import type { Config } from './config.ts';
import { BODY_LIMIT, formatSchemaErrors, installErrorHandlers } from './errors.ts';
import authPlugin from './plugins/auth.ts';
import realtimePlugin from './plugins/realtime.ts';
import storagePlugin from './plugins/storage.ts';
import apiRoutes from './routes/api.ts';
import banRoutes from './routes/bans.ts';
import commentRoutes from './routes/comments.ts';
import pageRoutes from './routes/pages.ts';
import realtimeRoutes from './routes/realtime.ts';
import settingsRoutes from './routes/settings.ts';
import staticRoutes from './routes/static.ts';
import thirdPartyRoutes from './routes/thirdparty.ts';
import { hostOf } from './storage/sites.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Login/signup/password-reset attempt limits (auth/rateLimit.ts); tests replace its clock. */
    authLimiter: SlidingWindowLimiter;
  }
}

export interface BuildOptions {
  config: Config;
}

export function buildApp({ config }: BuildOptions): FastifyInstance {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false } },
    schemaErrorFormatter: formatSchemaErrors,
  });
  installErrorHandlers(app);
  app.decorate('authLimiter', new SlidingWindowLimiter(Date.now, config.authLimits));

  app.register(cors, {
    // A request without Origin (curl, same-origin GET) passes; a browser's Origin must be a site's domain.
    origin: (origin, callback) => {
      if (!origin) return callback(null, true);
      const host = hostOf(origin);
      if (!host) return callback(null, false);
      app.sites.siteForHost(host).then(
        (site) => callback(null, site !== null),
        (error: Error) => callback(error, false),
      );
    },
    credentials: true,
    methods: ['GET', 'POST', 'DELETE', 'PATCH', 'PUT'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Signature'],
  });
  app.register(websocket, { options: { maxPayload: BODY_LIMIT } });
  // app.sites (used by the CORS check above at request time) comes from storage.
  app.register(storagePlugin, { database: config.database });
  app.register(authPlugin, { jwtSecret: config.jwtSecret });
  app.register(realtimePlugin, { redisUrl: config.redisUrl });

  app.register(apiRoutes, { prefix: '/api/v2' });
  app.register(banRoutes, { prefix: '/api/v2' });
  app.register(pageRoutes, { prefix: '/api/v2' });
  app.register(settingsRoutes, { prefix: '/api/v2' });
  app.register(thirdPartyRoutes, { prefix: '/api/v2' });
  app.register(commentRoutes, { prefix: '/api/comments' });
  app.register(realtimeRoutes);
  app.register(staticRoutes);
  return app;
}
