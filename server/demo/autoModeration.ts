/**
 * The demo site's automatic moderation (docs/moderation.md "Stand-ins"): a few banned and
 * suspect words, links held outside the site's own domains, and both scorers on, pointed at the
 * stand-ins the demo server serves. Written once: an admin's later changes (the staging page's
 * site settings) survive a restart. Outside demo mode, scorers still pointed at the stand-ins
 * (not served then) are turned off.
 */
import type { FastifyInstance } from 'fastify';
import { applyChange, defaultSettings, readSettings, writeSettings } from '../moderation/auto/settings.ts';
import { DEMO_SCORERS } from '../standins/scorers.ts';

export const DEMO_BANNED_WORDS = ['scumbag', 'dirtbag'];
export const DEMO_SUSPECT_WORDS = ['scam', 'fake news', 'shill'];

export async function seedDemoAutoModeration(app: FastifyInstance, siteUuid: string, origin: string, domains: readonly string[]): Promise<void> {
  const stored = await app.db.selectFrom('moderation_settings').select('site_uuid').where('site_uuid', '=', siteUuid).executeTakeFirst();
  if (stored) return;
  const scorer = (which: keyof typeof DEMO_SCORERS) => ({ enabled: true, endpoint: `${origin}${DEMO_SCORERS[which].endpoint}`, key: DEMO_SCORERS[which].key, hold_at: 0.7, reject_at: 0.95, on_timeout: 'pass' });
  const settings = applyChange(defaultSettings(), {
    banned_words: DEMO_BANNED_WORDS,
    suspect_words: DEMO_SUSPECT_WORDS,
    links: 'outside_allowlist',
    link_allowlist: [...domains, 'vf.local'],
    spam_scorer: scorer('akismet'),
    toxicity_scorer: scorer('perspective'),
  });
  await writeSettings(app.db, siteUuid, settings);
  app.hub.siteChanged(siteUuid);
}

export async function retireDemoScorers(app: FastifyInstance, siteUuid: string): Promise<void> {
  const settings = await readSettings(app.db, siteUuid);
  const demo = (s: typeof settings.spam_scorer, which: keyof typeof DEMO_SCORERS) => s.enabled && s.key === DEMO_SCORERS[which].key;
  if (!demo(settings.spam_scorer, 'akismet') && !demo(settings.toxicity_scorer, 'perspective')) return;
  const off = { enabled: false, key: '' };
  await writeSettings(app.db, siteUuid, applyChange(settings, {
    ...(demo(settings.spam_scorer, 'akismet') ? { spam_scorer: off } : {}),
    ...(demo(settings.toxicity_scorer, 'perspective') ? { toxicity_scorer: off } : {}),
  }));
  app.hub.siteChanged(siteUuid);
}
