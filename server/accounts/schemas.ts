/**
 * Response schemas of the account calls: a user as toApiUser presents them (core/api/types.ts
 * `User`), a login's answer, bootstrap's (with the site settings derived from the settings
 * key→kind map, so a new setting cannot go missing from the answer), follows, mutes, pages and
 * bans. Serialising through them keeps a password hash, an IP or any other stored column out of
 * the answer; a user's email is only in it when the presenter put it there (their own record, or
 * a moderator's view).
 */
import { DERIVED_SETTING_KEYS, settingsChangeSchemaProperties } from '../../core/settings/site.ts';
import { count, nullable, shape } from '../engine/schemas.ts';
import { answers } from '../routes/schemas.ts';

const text = { type: 'string' } as const;
const flag = { type: 'boolean' } as const;

/** A user (core/api/types.ts `User`); the private part only when toApiUser gave it. */
export const apiUser = shape(
  {
    id: count, uuid: text, name: text, email: text, user_privilege: text, anonymous: flag, ban_level: text,
    pic_small: nullable('string'), pic_large: nullable('string'), date_created: count,
    comments_made: count, likes_made: count, likes_received: count, is_muted: flag, anonymous_name: nullable('string'),
    social_login_provider: nullable('string'), social_login_id: nullable('string'),
    email_verification_status: nullable('string'), username_pending: nullable('string'), username_moderation_status: nullable('string'),
    pic_small_pending: nullable('string'), pic_large_pending: nullable('string'), avatar_moderation_status: nullable('string'),
    email_notice_frequency: text, date_following: nullable('integer'), date_muted: nullable('integer'),
  },
  ['id', 'uuid', 'name', 'user_privilege', 'anonymous', 'ban_level', 'pic_small', 'pic_large', 'date_created'],
);

/** A user or null (a guest). A type list, not anyOf: anyOf would validate and refuse an extra field instead of dropping it. */
const userOrNull = { ...apiUser, type: ['object', 'null'] } as const;

/** `{ user, session, access_token, refresh_token }` (core/api/types.ts `AuthResult`); `deletion_cancelled`: this login cancelled the account's deletion (docs/law.md "A reader's data"). */
export const authResult = shape({ user: apiUser, session: text, access_token: text, refresh_token: text, deletion_cancelled: flag }, ['user', 'session', 'access_token', 'refresh_token']);
export const authAnswer = answers(authResult);
/** `{ result: {} }`: nothing else can leave in the answer. */
export const emptyAnswer = answers(shape({}));
export const userAnswer = answers(apiUser);
/** Signup: the new user, with the login's tokens when it asked to be logged in. */
export const signupAnswer = answers(shape(authResult.properties, ['user']));

/** Every site setting bootstrap sends (core/settings/site.ts SITE_SETTING_KINDS and the derived keys). */
const settingProperties: Record<string, object> = { ...settingsChangeSchemaProperties(), ...Object.fromEntries(DERIVED_SETTING_KEYS.map((key) => [key, flag])) };
export const siteSettings = shape(settingProperties, Object.keys(settingProperties));
export const settingsAnswer = answers(siteSettings);

const sectionTree: object = { type: 'object', additionalProperties: false, properties: { section_id: text, name: text, children: { type: 'array', items: {} } }, required: ['section_id', 'name', 'children'] };
/** Bootstrap (core/api/types.ts `BootstrapResult`): the reader (null for a guest), the site's settings and domains. */
export const bootstrapAnswer = answers(shape(
  { user: userOrNull, settings: siteSettings, sectionTree, section_uuid: text, session: text, domains: { type: 'array', items: text } },
  ['user', 'settings', 'sectionTree', 'section_uuid', 'session', 'domains'],
));

/** `POST /account/verify`: the account's own record when the link was opened signed in. */
export const verifiedAnswer = answers(shape({ email_verification_status: text, user: userOrNull }, ['email_verification_status', 'user']));

/** The caller's follow of a user (`PUT/DELETE /follows/{uuid}`). */
export const followAnswer = answers(shape({ uuid: text, date_following: nullable('integer') }, ['uuid', 'date_following']));
const follower = shape({ uuid: text, date_followed: count }, ['uuid', 'date_followed']);
export const followersAnswer = answers(shape({ items: { type: 'array', items: follower }, total_count: count }, ['items', 'total_count']));
const muted = shape({ uuid: text, type: text, is_muted: flag, date_muted: nullable('integer') }, ['uuid', 'type', 'is_muted', 'date_muted']);
/** The caller's mute of a user (`PUT/DELETE /mutes/{uuid}`). */
export const muteAnswer = answers(muted);
export const mutesAnswer = answers(shape({ items: { type: 'array', items: muted }, total_count: count }, ['items', 'total_count']));

/** A page (core/api/types.ts `Page`). */
export const pageAnswer = answers(shape(
  {
    id: text, section_uuid: text, unique_id: text, url: text, title: text, description: text, image_url: nullable('string'), image_alt: nullable('string'),
    page_type: text, owners: { type: 'array', items: text }, topics: { type: 'array', items: text }, page_section: nullable('string'), lang: nullable('string'),
    date_created: count, date_updated: count, meta_source: { type: 'string', enum: ['hint', 'page', 'staff', 'server'] },
  },
  ['id', 'section_uuid', 'unique_id', 'url', 'title', 'description', 'page_type', 'owners', 'topics', 'date_created', 'date_updated', 'meta_source'],
));

/** A ban as a moderator is told of it (core/api/commentActions.ts `Ban`), and its lifting. */
export const banAnswer = answers(shape(
  { ban_uuid: text, user_uuid: text, ban_level: text, user_message: text, is_permanent: flag, date_created: count, date_expired: nullable('integer') },
  ['ban_uuid', 'user_uuid', 'ban_level', 'user_message', 'is_permanent', 'date_created', 'date_expired'],
));
export const unbanAnswer = answers(shape({ user_uuid: text, revoked: count }, ['user_uuid', 'revoked']));
