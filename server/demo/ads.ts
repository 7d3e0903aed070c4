/**
 * The demo site's ad settings (demo mode only, from index.ts; docs/ads.md "Demo"): every vendor
 * address points at the local stand-ins in demo/vendors/, so the demo and the tests never contact
 * an ad network. Conversations carry Taboola promos, the standalone surface GPT with Outbrain as
 * its alternative, the live blog a video (EX.CO) falling back to the publisher's custom tag.
 */
import { AD_INTEGRATIONS, vendorUrlKey, type AdSettingValues } from '../../core/settings/ads.ts';

const DEMO_VENDOR_PATH = '/demo/vendors';

export const DEMO_AD_SETTINGS: Partial<AdSettingValues> = {
  ...Object.fromEntries(AD_INTEGRATIONS.filter((i) => i !== 'none').map((i) => [vendorUrlKey(i), `${DEMO_VENDOR_PATH}/${i}.js`])),
  general_ad_integration: 'taboola',
  general_ad_alt_integration: 'outbrain',
  general_site_ad_id: 'thumbnails-a',
  standalone_ad_integration: 'gtag',
  standalone_ad_alt_integration: 'outbrain',
  standalone_site_ad_id: '/1234567/vf-demo-standalone',
  liveblog_ad_integration: 'exco',
  liveblog_ad_alt_integration: 'custom',
  liveblog_site_ad_id: 'demo-exco-player',
  trending_ad_integration: 'outbrain',
  trending_site_ad_id: 'AR_1',
  conversation_starter_ad_integration: 'custom',
  first_promo_position_conversations: 2,
  promo_interval_conversations: 3,
  promo_interval_replies_conversations: 2,
};
