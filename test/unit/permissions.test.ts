import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BanLevel, UserPrivilege } from '../../core/api/types.ts';
import { ANONYMOUS_UUID } from '../../core/ids/index.ts';
import {
  allPermissions, can, editWindowEnd, isLoggedIn, PERMISSIONS, type PermissionContext, type PermissionUser, type Reason, type Subject,
} from '../../core/permissions/index.ts';
import { resolveSiteSettings, type SiteSettings } from '../../core/settings/site.ts';

const NOW = 1_800_000_000_000;
const OTHER = '11111111-1111-4111-8111-111111111111';

function person(uuid: string, privilege: UserPrivilege, ban: BanLevel = 'none', extra: Partial<PermissionUser> = {}): PermissionUser {
  return { id: 7, uuid, user_privilege: privilege, ban_level: ban, email: `${privilege}@example.test`, ...extra };
}

const ROLES = {
  guest: null,
  user: person('22222222-2222-4222-8222-222222222222', 'user'),
  moderator: person('33333333-3333-4333-8333-333333333333', 'mod'),
  admin: person('44444444-4444-4444-8444-444444444444', 'admin'),
  banned_posting: person('55555555-5555-4555-8555-555555555555', 'user', 'posting'),
  banned_ghost: person('66666666-6666-4666-8666-666666666666', 'user', 'ghost'),
  banned_hide: person('77777777-7777-4777-8777-777777777777', 'user', 'hide'),
  muted: person('88888888-8888-4888-8888-888888888888', 'user', 'none', { is_muted: true }),
} as const;
type Role = keyof typeof ROLES;
const ROLE_NAMES = Object.keys(ROLES) as Role[];

/** Expected rulings, one letter per role in ROLE_NAMES order. */
const CODES: Record<string, Reason | true | false> = {
  A: true, X: false, L: 'login_required', B: 'banned', M: 'muted', S: 'setting_disabled', N: 'not_owner', P: 'privilege', F: 'self',
};
//                                   guest user mod admin posting ghost hide muted
const TABLE: Record<string, string> = {
  'reply.create':                    'LAAABBBM',
  'user.login':                      'AXXXXXXX',
  'user.trust':                      'LPAAPPPP',
  'user.update_password':            'LNNANNNN',
  'user.update_avatar':              'LNNANNNN',
  'user.update_email':               'LNNANNNN',
  'user.update_notifications':       'LNNANNNN',
  'user.update_name':                'LNNANNNN',
  'user.mute':                       'LAAAABBA',
  'user.unmute':                     'LAAAAAAA',
  'user.follow':                     'LAAAABBA',
  'user.see_follow':                 'AAAAAAAA',
  'user.save_share':                 'LAAAAAAA',
  'user.has_rejected_username':      'XXXXXXXX',
  'user.has_pending_username':       'XXXXXXXX',
  'user.has_new_username':           'XXXXXXXX',
  'comment.moderate':                'LPAAPPPP',
  'comment.attempt_to_create':       'AAAABBBM',
  'comment.create':                  'LAAABBBM',
  'comment.like':                    'LAAAABBA',
  'comment.dislike':                 'LAAAABBA',
  'comment.update':                  'LNNNBBBN',
  'comment.remove':                  'LNNNBBBN',
  'live_content.create':             'LPAAPPPP',
  'content.flag':                    'LAAAAAAA',
  'page.rate':                       'LAAAABBA',
  'page.see_subscriptions':          'LAAAAAAA',
  'page.follow':                     'LAAAAAAA',
  'page.follow_thread':              'LAAAAAAA',
  'media.upload':                    'SSSSSSSS',
  'message.create':                  'LAAABBBM',
  'message.flag':                    'LAAAAAAA',
  'message.like':                    'LAAAABBA',
  'message.dislike':                 'LAAAABBA',
  'topic.follow':                    'LAAAAAAA',
  'polls.vote':                      'AAAAAAAA',
  'polls.see_results':               'AAAAAAAA',
  'polls.manage':                    'LPAAPPPP', // designed (docs/polls.md): create, edit, close, reopen
};

const defaults = resolveSiteSettings({});
function ctx(user: PermissionUser | null, over: Partial<PermissionContext> = {}, settings: Partial<SiteSettings> = {}): PermissionContext {
  return {
    user,
    settings: { ...defaults, ...settings },
    content: { actor_uuid: OTHER, state: 'visible', date_created: NOW - 1000, is_closed: false },
    target: { uuid: OTHER, user_privilege: 'user', ban_level: 'none' },
    now: NOW,
    ...over,
  };
}

function expectRuling(actual: { allowed: boolean; reason?: string }, code: string, label: string) {
  const want = CODES[code];
  if (want === true) assert.deepEqual(actual, { allowed: true }, label);
  else if (want === false) assert.deepEqual(actual, { allowed: false }, label);
  else assert.deepEqual(actual, { allowed: false, reason: want }, label);
}

describe('permission table', () => {
  it('lists every subject and action of the spec', () => {
    assert.deepEqual(Object.keys(PERMISSIONS).sort(), ['comment', 'content', 'live_content', 'media', 'message', 'page', 'polls', 'reply', 'topic', 'user']);
    assert.deepEqual(allPermissions().map(([s, a]) => `${s}.${a}`).sort(), Object.keys(TABLE).sort());
  });

  for (const [key, codes] of Object.entries(TABLE)) {
    it(`${key}: ${ROLE_NAMES.map((r, i) => `${r}=${codes[i]}`).join(' ')}`, () => {
      const [subject, action] = key.split('.') as [Subject, string];
      ROLE_NAMES.forEach((role, i) => expectRuling(can(subject, action as never, ctx(ROLES[role])), codes[i]!, `${key} for ${role}`));
    });
  }
});

describe('permission rules', () => {
  const user = ROLES.user!;
  const own = { actor_uuid: user.uuid, state: 'visible' as const, date_created: NOW - 1000 };

  it('logged in: a uuid that is not the anonymous one, not a guest privilege, not anonymous', () => {
    assert.equal(isLoggedIn(user), true);
    assert.equal(isLoggedIn(person(ANONYMOUS_UUID, 'user', 'none', { id: 0 })), false);
    assert.equal(isLoggedIn(person(OTHER, 'guest')), false);
    assert.equal(isLoggedIn({ ...user, anonymous: true }), false);
    assert.equal(isLoggedIn({ ...user, uuid: '' }), true, 'an id is enough');
  });

  it('owners may edit and remove within the window; not an editor pick, not closed, setting on', () => {
    for (const action of ['update', 'remove'] as const) {
      expectRuling(can('comment', action, ctx(user, { content: own })), 'A', action);
    }
    assert.deepEqual(can('comment', 'update', ctx(user, { content: { ...own, is_picked: true } })), { allowed: false, reason: 'is_editor_pick' });
    assert.deepEqual(can('comment', 'remove', ctx(user, { content: { ...own, state: 'disabled' } })), { allowed: false, reason: 'content_closed' });
    assert.deepEqual(can('comment', 'update', ctx(user, { content: { ...own, is_closed: true } })), { allowed: false, reason: 'content_closed' });
    assert.deepEqual(can('comment', 'update', ctx(user, { content: own }, { enable_user_comment_editing: false })), { allowed: false, reason: 'setting_disabled' });
    assert.deepEqual(can('comment', 'remove', ctx(user, { content: own }, { enable_user_comment_remove: false })), { allowed: false, reason: 'setting_disabled' });
    assert.deepEqual(can('comment', 'update', ctx(null, { content: own })), { allowed: false, reason: 'login_required' });
  });

  it('the edit window ends at the earlier of creation + timeout and the lock date', () => {
    const created = NOW - 10_000;
    assert.equal(editWindowEnd({ date_created: created }, 300), created + 300_000);
    assert.equal(editWindowEnd({ date_created: created, date_locked: created + 5_000 }, 300), created + 5_000);
    assert.equal(editWindowEnd({ date_created: created / 1000 }, 60), created + 60_000, 'seconds timestamps');
    const expired = { ...own, date_created: NOW - 301_000 };
    assert.deepEqual(can('comment', 'update', ctx(user, { content: expired })), { allowed: false, reason: 'edit_window_expired' });
    const locked = { ...own, date_locked: NOW - 1 };
    assert.deepEqual(can('comment', 'remove', ctx(user, { content: locked })), { allowed: false, reason: 'edit_window_expired' });
    assert.deepEqual(can('comment', 'update', ctx(user, { content: own }, { user_comment_edit_timeout: 2 })), { allowed: true });
  });

  it('dislikes need the enable_dislikes setting, then a login', () => {
    for (const subject of ['comment', 'message'] as const) {
      assert.deepEqual(can(subject, 'dislike', ctx(user, {}, { enable_dislikes: false })), { allowed: false, reason: 'setting_disabled' });
      assert.deepEqual(can(subject, 'dislike', ctx(null, {}, { enable_dislikes: false })), { allowed: false, reason: 'setting_disabled' });
      assert.deepEqual(can(subject, 'like', ctx(user, {}, { enable_dislikes: false })), { allowed: true });
    }
  });

  it('users cannot follow, mute or trust themselves; moderators are exempt from the other follow/mute rules', () => {
    const self = { target: { uuid: user.uuid } };
    for (const action of ['follow', 'mute', 'unmute'] as const) assert.deepEqual(can('user', action, ctx(user, self)), { allowed: false, reason: 'self' });
    assert.deepEqual(can('user', 'trust', ctx(ROLES.moderator, { target: { uuid: ROLES.moderator!.uuid } })), { allowed: false, reason: 'self' });
    assert.deepEqual(can('user', 'mute', ctx(user, {}, { enable_muting: false })), { allowed: false, reason: 'setting_disabled' });
    assert.deepEqual(can('user', 'mute', ctx(ROLES.moderator, {}, { enable_muting: false })), { allowed: true });
    const hiddenTarget = { target: { uuid: OTHER, ban_level: 'ghost' as const } };
    assert.deepEqual(can('user', 'follow', ctx(user, hiddenTarget)), { allowed: false, reason: 'banned' });
    assert.deepEqual(can('user', 'see_follow', ctx(user, hiddenTarget)), { allowed: false, reason: 'banned' });
    assert.deepEqual(can('user', 'follow', ctx(ROLES.admin, hiddenTarget)), { allowed: true });
    assert.deepEqual(can('user', 'see_follow', ctx(ROLES.moderator, hiddenTarget)), { allowed: true });
  });

  it('commenting: the site switch, a closed container, anonymous names, email verification', () => {
    assert.deepEqual(can('comment', 'create', ctx(user, {}, { enable_commenting: false })), { allowed: false, reason: 'setting_disabled' });
    assert.deepEqual(can('comment', 'attempt_to_create', ctx(null, {}, { enable_commenting: false })), { allowed: false, reason: 'setting_disabled' });
    assert.deepEqual(can('reply', 'create', ctx(user, { content: { is_closed: true } })), { allowed: false, reason: 'content_closed' });
    assert.deepEqual(can('message', 'create', ctx(user, {}, { enable_livechat: false })), { allowed: false, reason: 'setting_disabled' });
    const anon = person(ANONYMOUS_UUID, 'guest', 'none', { anonymous: true, anonymous_name: 'Reader' });
    assert.deepEqual(can('comment', 'create', ctx(anon, {}, { enable_anonymous_comments: true })), { allowed: true });
    assert.deepEqual(can('comment', 'create', ctx({ ...anon, anonymous_name: '  ' }, {}, { enable_anonymous_comments: true })), { allowed: false, reason: 'login_required' });
    assert.deepEqual(can('comment', 'create', ctx(anon)), { allowed: false, reason: 'login_required' }, 'setting off');
    const verify = { enable_email_verification: true };
    const pending = { ...user, email_verification_status: 'pending' as const };
    assert.deepEqual(can('comment', 'create', ctx(pending, {}, verify)), { allowed: false, reason: 'email_verification_required' });
    assert.deepEqual(can('comment', 'attempt_to_create', ctx(pending, {}, verify)), { allowed: true });
    assert.deepEqual(can('comment', 'create', ctx({ ...pending, social_login_provider: 'google' }, {}, verify)), { allowed: true }, 'social accounts');
    assert.deepEqual(can('comment', 'create', ctx({ ...user, email_verification_status: 'approved' }, {}, verify)), { allowed: true });
    const fresh = { ...user, email_verification_status: 'pending_new' as const, comments_made: 0 };
    assert.deepEqual(can('comment', 'create', ctx(fresh, {}, verify)), { allowed: true }, 'first comment');
    assert.deepEqual(can('comment', 'create', ctx({ ...fresh, comments_made: 1 }, {}, verify)), { allowed: false, reason: 'email_verification_required' });
    assert.deepEqual(can('comment', 'create', ctx(pending)), { allowed: true }, 'verification off');
  });

  it('polls: voting and results need a login only when the site says so', () => {
    assert.deepEqual(can('polls', 'vote', ctx(null, {}, { require_user_authentication_to_vote: true })), { allowed: false, reason: 'login_required' });
    assert.deepEqual(can('polls', 'see_results', ctx(null, {}, { require_user_authentication_to_see_results: true })), { allowed: false, reason: 'login_required' });
    assert.deepEqual(can('polls', 'vote', ctx(user, {}, { require_user_authentication_to_vote: true })), { allowed: true });
  });

  it('flagging your own content is refused; uploads follow the media switches; widget logins can be off', () => {
    assert.deepEqual(can('content', 'flag', ctx(user, { content: own })), { allowed: false, reason: 'self' });
    assert.deepEqual(can('media', 'upload', ctx(user, {}, { enable_comment_images: true })), { allowed: true });
    assert.deepEqual(can('media', 'upload', ctx(null, {}, { enable_comment_video: true })), { allowed: false, reason: 'login_required' });
    assert.deepEqual(can('user', 'login', ctx(null, {}, { disable_widget_logins: true })), { allowed: false, reason: 'setting_disabled' });
  });

  it('profile updates: own account only (admins any), notifications need an email and the setting', () => {
    const self = { target: { uuid: user.uuid } };
    for (const action of ['update_password', 'update_avatar', 'update_email', 'update_name', 'update_notifications'] as const) {
      assert.deepEqual(can('user', action, ctx(user, self)), { allowed: true }, action);
    }
    assert.deepEqual(can('user', 'update_password', ctx({ ...user, social_login_provider: 'google' }, self)), { allowed: false, reason: 'privilege' });
    assert.deepEqual(can('user', 'update_notifications', ctx(user, self, { disable_email_notifications: true })), { allowed: false, reason: 'setting_disabled' });
    assert.deepEqual(can('user', 'update_notifications', ctx({ ...user, email: undefined }, self)), { allowed: false, reason: 'email_verification_required' });
  });

  it('username states', () => {
    assert.deepEqual(can('user', 'has_rejected_username', ctx({ ...user, username_moderation_status: 'rejected' })), { allowed: true });
    assert.deepEqual(can('user', 'has_pending_username', ctx({ ...user, username_moderation_status: 'pending', username_pending: 'New' })), { allowed: true });
    assert.deepEqual(can('user', 'has_new_username', ctx({ ...user, username_moderation_status: 'approved', username_pending: 'New' })), { allowed: true });
    assert.deepEqual(can('user', 'has_new_username', ctx({ ...user, username_moderation_status: 'approved' })), { allowed: false });
  });
});
