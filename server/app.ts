/**
 * Builds the Fastify app: external plugins (CORS, websocket), app plugins (storage, auth,
 * realtime hub), then one route plugin per service. main.ts starts it; tests inject into it.
 */
import cors from '@fastify/cors';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { DEFAULT_PASSWORD_COST, setPasswordCost } from './auth/passwords.ts';
import { DEFAULT_NOTICE_LIMIT, DEFAULT_POST_LIMIT, SlidingWindowLimiter } from './plugins/rateLimit.ts';
import { type Config, DEFAULT_PUSH_HOSTS, publicOrigin } from './config.ts';
import { BODY_LIMIT, formatSchemaErrors, installErrorHandlers } from './errors.ts';
import { DEFAULT_GUEST_CACHE_MB } from './engine/guest-cache.ts';
import mailPlugin from './mail/plugin.ts';
import followupSweep from './notifications/followupSweep.ts';
import autoModerationPlugin from './moderation/auto/plugin.ts';
import moderationQueueNotice from './moderation/announce.ts';
import contentNotices from './notifications/plugin.ts';
import readerMails from './mail/readerMails.ts';
import mailPreferenceRoutes from './mail/preferenceRoutes.ts';
import mailUnsubscribeRoutes from './mail/unsubscribeRoutes.ts';
import legalPlugin from './legal/legalPlugin.ts';
import autoModerationRoutes from './moderation/auto/routes.ts';
import operationsPlugin from './plugins/operations.ts';
import pageMetaPlugin from './pages/plugin.ts';
import { type LogOptions, loggerOptions, requestLog } from './operations/logging.ts';
import { closeSocketsForRestart } from './operations/shutdown.ts';
import authPlugin from './plugins/auth.ts';
import realtimePlugin from './plugins/realtime.ts';
import storagePlugin from './plugins/storage.ts';
import webhooksPlugin from './plugins/webhooks.ts';
import analyticsRoutes from './analytics/routes.ts';
import accountRoutes from './accounts/accountRoutes.ts';
import apiRoutes from './routes/api.ts';
import avatarRoutes from './accounts/avatarRoutes.ts';
import banRoutes from './moderation/banRoutes.ts';
import conversationRoutes from './kinds/conversation/routes.ts';
import liveblogRoutes from './kinds/liveblog/routes.ts';
import chatRoutes from './kinds/chat/routes.ts';
import communityRoutes from './community/routes.ts';
import reviewsRoutes from './kinds/reviews/routes.ts';
import ratingRoutes from './kinds/reviews/ratings.ts';
import { mediaFileRoutes } from './kinds/liveblog/media.ts';
import firstPaintRoutes from './routes/firstPaint.ts';
import followRoutes from './follows/routes.ts';
import notificationRoutes from './notifications/routes.ts';
import subscriptionRoutes from './notifications/subscriptionRoutes.ts';
import pageRoutes from './pages/routes.ts';
import pollRoutes from './polls/routes.ts';
import pushRoutes from './notifications/pushRoutes.ts';
import realtimeRoutes from './routes/realtime.ts';
import settingsRoutes from './sites/settingsRoutes.ts';
import shareRoutes from './shares/routes.ts';
import mediaGalleryRoutes from './media/galleryRoutes.ts';
import staticRoutes from './routes/static.ts';
import importExportRoutes from './import/routes.ts';
import loginRoutes from './identity/loginRoutes.ts';
import identityRoutes from './identity/routes.ts';
import { DemoAccounts, thisMachineOnly } from './plugins/demoGate.ts';
import { registerIdentityStandIns } from './standins/identity.ts';
import { registerScorerStandIns } from './standins/scorers.ts';
import thirdPartyRoutes from './identity/thirdpartyRoutes.ts';
import userRoutes from './accounts/userRoutes.ts';
import dataRoutes from './accounts/dataRoutes.ts';
import moderationRoutes from './moderation/plugin.ts';
import legalRoutes from './legal/plugin.ts';
import webhookRoutes from './webhooks/routes.ts';
import { collectRoutes } from './openapi/collect.ts';
import openApiRoutes from './openapi/routes.ts';
import { hostOf } from './engine/sites.ts';
import { DEFAULT_MAX_ATTEMPTS, DEFAULT_TIMEOUT_MS } from './webhooks/defaults.ts';
import { AJV_OPTIONS, buildValidator } from './validation.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Login/signup/password-reset attempt limits (plugins/rateLimit.ts); tests replace its clock. */
    authLimiter: SlidingWindowLimiter;
    /** Posting limits (plugins/rateLimit.ts limitPosting): the counter and the posts allowed per minute. */
    postLimiter: SlidingWindowLimiter;
    postLimit: number;
    noticeLimit: number;
    /** Demo mode (config.ts `demo`): the seed makes the demo accounts, mail is kept for /demo/mail. */
    demo: boolean;
    /** The accounts demo mode publishes the passwords of, named by the seed: they log in only on this machine (plugins/demoGate.ts). */
    demoAccounts: DemoAccounts;
  }
}

export interface BuildOptions {
  config: Config;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: LogOptions['stream'];
}

export function buildApp({ config, logStream }: BuildOptions): FastifyInstance {
  const app = Fastify({
    ...loggerOptions({ level: config.logLevel, format: config.logFormat ?? 'json', ...(logStream ? { stream: logStream } : {}) }),
    bodyLimit: BODY_LIMIT,
    ajv: AJV_OPTIONS,
    // Bodies are not coerced; numbers in query strings are decimal; text is well-formed (validation.ts).
    schemaController: { compilersFactory: { buildValidator } },
    schemaErrorFormatter: formatSchemaErrors,
    // VF_TRUST_PROXY: request.ip (every per-address limit, the logs) is the address these proxies saw.
    trustProxy: config.trustProxy ?? false,
  });
  installErrorHandlers(app);
  requestLog(app);
  // Every route from here on, for the OpenAPI document at /api/openapi.json (openapi/).
  const routes = collectRoutes(app);
  const passwordCost = config.passwordCost ?? DEFAULT_PASSWORD_COST;
  setPasswordCost(passwordCost);
  if (passwordCost < DEFAULT_PASSWORD_COST) app.log.warn({ passwordCost }, `VF_PASSWORD_COST below ${DEFAULT_PASSWORD_COST} makes stored passwords quicker to guess: for test servers only`);
  app.decorate('authLimiter', new SlidingWindowLimiter(Date.now, config.authLimits));
  app.decorate('postLimiter', new SlidingWindowLimiter(Date.now));
  app.decorate('postLimit', config.postLimit ?? DEFAULT_POST_LIMIT);
  app.decorate('noticeLimit', config.noticeLimit ?? DEFAULT_NOTICE_LIMIT);
  app.decorate('demo', config.demo);
  app.decorate('demoAccounts', new DemoAccounts());
  app.decorate('vapidSubject', config.vapidSubject ?? null);
  app.decorate('pushHosts', config.pushHosts ?? DEFAULT_PUSH_HOSTS);

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
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Signature', 'X-Unique-Id'],
  });
  // Closing (operations/shutdown.ts) tells each realtime socket the server restarts (1012).
  app.register(websocket, { options: { maxPayload: BODY_LIMIT }, preClose: closeSocketsForRestart });
  // app.sites (used by the CORS check above at request time) comes from storage.
  app.register(storagePlugin, { database: config.database });
  app.register(authPlugin, { jwtSecret: config.jwtSecret });
  app.register(realtimePlugin, { redisUrl: config.redisUrl, guestCacheMb: config.guestCacheMb ?? DEFAULT_GUEST_CACHE_MB });
  // Before the routes: it times them all, and they file their queues with it.
  app.register(operationsPlugin, { metricsToken: config.metricsToken ?? null });
  app.register(webhooksPlugin, {
    demo: config.demo,
    allowPrivate: config.webhookAllowPrivate ?? false,
    timeoutSeconds: config.webhookTimeoutSeconds ?? DEFAULT_TIMEOUT_MS / 1000,
    maxAttempts: config.webhookMaxAttempts ?? DEFAULT_MAX_ATTEMPTS,
  });
  app.register(pageMetaPlugin);
  app.register(autoModerationPlugin);
  app.register(moderationQueueNotice);
  app.register(contentNotices);
  app.register(legalPlugin, { dataDir: config.dataDir });
  app.register(readerMails, { jwtSecret: config.jwtSecret, publicUrl: publicOrigin(config) });
  app.register(mailPlugin, { smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, demo: config.demo });
  app.register(followupSweep); // after-commit work a killed process left undone

  app.register(apiRoutes, { prefix: '/api/v2' });
  app.register(accountRoutes, { prefix: '/api/v2' });
  app.register(banRoutes, { prefix: '/api/v2' });
  app.register(pageRoutes, { prefix: '/api/v2' });
  app.register(settingsRoutes, { prefix: '/api/v2' });
  app.register(thirdPartyRoutes, { prefix: '/api/v2' });
  app.register(loginRoutes, { prefix: '/api/v2' });
  app.register(identityRoutes, { prefix: '/api/v2' }); // Gigya, Janrain, LoginRadius, Backplane
  app.register(importExportRoutes, { prefix: '/api/v2' });
  app.register(userRoutes, { prefix: '/api/v2', dataDir: config.dataDir });
  app.register(dataRoutes, { prefix: '/api/v2', dataDir: config.dataDir }); // a reader's data and account deletion, and the deletion sweep
  app.register(followRoutes, { prefix: '/api/v2' });
  app.register(communityRoutes, { prefix: '/api/v2' });
  app.register(shareRoutes, { prefix: '/api/v2' });
  app.register(mediaGalleryRoutes, { prefix: '/api/v2' });
  app.register(webhookRoutes, { prefix: '/api/v2' });
  app.register(autoModerationRoutes, { prefix: '/api/v2' });
  app.register(moderationRoutes, { prefix: '/api/v2' });
  app.register(legalRoutes, { prefix: '/api/v2' });
  app.register(mailPreferenceRoutes, { prefix: '/api/v2' });
  app.register(mailUnsubscribeRoutes, { prefix: '/api/v2' });
  app.register(notificationRoutes, { prefix: '/api/v5' });
  app.register(subscriptionRoutes, { prefix: '/api/v5' });
  app.register(conversationRoutes, { prefix: '/api/comments' });
  app.register(liveblogRoutes, { prefix: '/api/liveblog', dataDir: config.dataDir });
  app.register(mediaFileRoutes, { dataDir: config.dataDir });
  app.register(chatRoutes, { prefix: '/api/chat' });
  app.register(pollRoutes, { prefix: '/api/polls' });
  app.register(analyticsRoutes, { prefix: '/api/analytics', limits: config.analyticsLimits });
  app.register(reviewsRoutes, { prefix: '/api/v2/reviews' });
  app.register(ratingRoutes, { prefix: '/api/v2' });
  app.register(pushRoutes, { prefix: '/api/v5' });
  if (config.firstPaint !== false) app.register(firstPaintRoutes);
  app.register(realtimeRoutes);
  app.register(avatarRoutes, { dataDir: config.dataDir });
  app.register(staticRoutes, { demoCsp: config.demoCsp ?? null });
  // Demo mode: the identity platforms' stand-ins the demo site's logins call (docs/login.md) and
  // the spam and toxicity scorers' (docs/moderation.md), for this machine only.
  if (config.demo) {
    app.register(async function demoStandIns(standIns) {
      standIns.addHook('onRequest', thisMachineOnly);
      registerIdentityStandIns(standIns);
      registerScorerStandIns(standIns);
    });
  }
  app.register(openApiRoutes, { routes });
  return app;
}
