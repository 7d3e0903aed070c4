/**
 * Avatar files (docs/accounts.md "Avatars"): stored under `<dataDir>/avatars/` with random
 * names, served at `/avatars/<file>`. The type is read from the file's first bytes, never from
 * what the upload declared, so a script named .png is refused (media/images.ts).
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { IMAGE_FILE_PATTERN, type ImageExtension, saveImageFile } from '../media/index.ts';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_URL_PREFIX = '/avatars/';

export const avatarDir = (dataDir: string) => join(dataDir, 'avatars');

/** Writes the file under a new random name; returns its public path (`/avatars/<file>`). */
export async function saveAvatar(dataDir: string, bytes: Uint8Array, extension: ImageExtension): Promise<string> {
  return AVATAR_URL_PREFIX + (await saveImageFile(avatarDir(dataDir), bytes, extension));
}

/** Deletes the files behind paths that are no longer referenced (ignores anything not ours). */
export async function deleteAvatars(dataDir: string, paths: (string | null | undefined)[]): Promise<void> {
  for (const path of new Set(paths)) {
    const file = path?.startsWith(AVATAR_URL_PREFIX) ? path.slice(AVATAR_URL_PREFIX.length) : null;
    if (file && IMAGE_FILE_PATTERN.test(file)) await rm(join(avatarDir(dataDir), file), { force: true });
  }
}
