/**
 * What a profile update changes (docs/accounts.md "Profiles"): the permission checks, the
 * pre-moderation switches (a moderator's or admin's own change is never held back) and the
 * avatar file checks. Pure of HTTP except for the errors it throws.
 */
import { isPrivileged, type PermissionUser } from '../../core/permissions/index.ts';
import type { SiteSettings } from '../../core/settings/site.ts';
import { badRequest } from '../errors.ts';
import { enforce } from '../permissions/index.ts';
import { saveAvatar } from './avatars.ts';
import { detectImageType } from '../media/index.ts';
import type { UserChange, UserRow } from '../engine/users.ts';
import { storedUserName } from '../routes/schemas.ts';

export interface ProfileEdit {
  /** The editor as the rules see them (null: not a user of the target's site). */
  user: PermissionUser | null;
  settings: SiteSettings;
  /** The user being changed. */
  target: UserRow;
}

export function nameChange(edit: ProfileEdit, name: string): UserChange {
  enforce('user', 'update_name', { user: edit.user, settings: edit.settings, target: { uuid: edit.target.uuid } });
  const clean = storedUserName(name);
  if (edit.settings.enable_username_premoderation && !isPrivileged(edit.user)) {
    return { username_pending: clean, username_moderation_status: 'pending' };
  }
  return { name: clean, username_pending: null, username_moderation_status: 'none' };
}

/**
 * A new picture (`file`) or the removal of the current one (`file` null). Returns the change
 * and the stored pictures it leaves unused (to delete once the change is saved).
 */
export async function avatarChange(
  edit: ProfileEdit,
  file: Buffer | null,
  dataDir: string,
): Promise<{ change: UserChange; unused: (string | null | undefined)[] }> {
  enforce('user', 'update_avatar', { user: edit.user, settings: edit.settings, target: { uuid: edit.target.uuid } });
  const { target } = edit;
  const pending = [target.pic_small_pending, target.pic_large_pending];
  if (!file) {
    const change = { pic_small: null, pic_large: null, pic_small_pending: null, pic_large_pending: null, avatar_moderation_status: 'none' };
    return { change, unused: [target.pic_small, target.pic_large, ...pending] };
  }
  const type = detectImageType(file);
  if (!type) throw badRequest('The avatar must be a PNG, JPEG, WebP or GIF image', 'avatar');
  // One stored file serves both sizes: browsers scale it (docs/accounts.md).
  const path = await saveAvatar(dataDir, file, type);
  if (edit.settings.enable_avatar_premoderation && !isPrivileged(edit.user)) {
    return { change: { pic_small_pending: path, pic_large_pending: path, avatar_moderation_status: 'pending' }, unused: pending };
  }
  const change = { pic_small: path, pic_large: path, pic_small_pending: null, pic_large_pending: null, avatar_moderation_status: 'none' };
  return { change, unused: [target.pic_small, target.pic_large, ...pending] };
}
