/**
 * Avatar files (docs/accounts.md "Avatars"): stored under `<dataDir>/avatars/` with random
 * names, served at `/avatars/<file>`. The type is read from the file's first bytes, never from
 * what the upload declared, so a script named .png is refused.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_URL_PREFIX = '/avatars/';

export const AVATAR_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
} as const;
export type AvatarExtension = keyof typeof AVATAR_TYPES;

/** A stored file's name: 32 hex digits and a known extension (anything else is not ours). */
export const AVATAR_FILE_PATTERN = /^[0-9a-f]{32}\.(png|jpg|webp|gif)$/;

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  return bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image kind the bytes are (PNG, JPEG, WebP, GIF), or null. */
export function detectImageType(bytes: Uint8Array): AvatarExtension | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

export const avatarDir = (dataDir: string) => join(dataDir, 'avatars');

/** Writes the file under a new random name; returns its public path (`/avatars/<file>`). */
export async function saveAvatar(dataDir: string, bytes: Uint8Array, extension: AvatarExtension): Promise<string> {
  const dir = avatarDir(dataDir);
  await mkdir(dir, { recursive: true });
  const file = `${randomBytes(16).toString('hex')}.${extension}`;
  await writeFile(join(dir, file), bytes, { flag: 'wx' });
  return AVATAR_URL_PREFIX + file;
}

/** Deletes the files behind paths that are no longer referenced (ignores anything not ours). */
export async function deleteAvatars(dataDir: string, paths: (string | null | undefined)[]): Promise<void> {
  for (const path of new Set(paths)) {
    const file = path?.startsWith(AVATAR_URL_PREFIX) ? path.slice(AVATAR_URL_PREFIX.length) : null;
    if (file && AVATAR_FILE_PATTERN.test(file)) await rm(join(avatarDir(dataDir), file), { force: true });
  }
}
