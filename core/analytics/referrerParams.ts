/**
 * The URL parameters vf adds to the links it makes, for analytics' referrer cookie (content.md §3
 * `ref`: medium, source, sharer_uuid): a trending link's tracking medium, a shared link's
 * network and sharer. The page identity strips them from the canonical address
 * (core/page/identity.ts), so a tracked link is still the same page.
 */
export const REFERRER_PARAMS = { medium: 'vf_medium', source: 'vf_source', sharer: 'vf_sharer' } as const;
