/**
 * Uploaded images (avatars, live-blog media): the type is read from the file's bytes, never from
 * what the upload declared, so a script named .png is refused; `imageInfo` also reads the size
 * from the image's header (which must parse). Files get random names that are never reused.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const IMAGE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
} as const;
export type ImageExtension = keyof typeof IMAGE_TYPES;

/** A stored file's name: 32 hex digits and a known extension (anything else is not ours). */
export const IMAGE_FILE_PATTERN = /^[0-9a-f]{32}\.(png|jpg|webp|gif)$/;

/** Larger sides than this are refused: no page shows them, and they are a decoding bomb's shape. */
export const MAX_IMAGE_SIDE = 10000;

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  return bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image kind the bytes are (PNG, JPEG, WebP, GIF), or null. */
export function detectImageType(bytes: Uint8Array): ImageExtension | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

interface Size {
  width: number;
  height: number;
}

/** PNG: the IHDR chunk comes first, 13 bytes long; width and height are big-endian at 16 and 20. */
function pngSize(b: Buffer): Size | null {
  if (b.length < 24 || b.readUInt32BE(8) !== 13 || !startsWith(b, ascii('IHDR'), 12)) return null;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

/** JPEG: the segments up to the first baseline, extended or progressive frame header (SOF0–2). */
function jpegSize(b: Buffer): Size | null {
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2; // markers without a length
      continue;
    }
    const length = b.readUInt16BE(at + 2);
    if (length < 2) return null;
    if (marker >= 0xc0 && marker <= 0xc2) {
      // length, precision, height, width
      return length >= 8 && at + 9 <= b.length ? { width: b.readUInt16BE(at + 7), height: b.readUInt16BE(at + 5) } : null;
    }
    // Another frame type (lossless, arithmetic: no browser shows them), the scan or the end: no size.
    if ((marker >= 0xc3 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) || marker === 0xda || marker === 0xd9) return null;
    at += 2 + length;
  }
  return null;
}

/** GIF: the logical screen's width and height, little-endian at 6 and 8. */
function gifSize(b: Buffer): Size | null {
  return b.length >= 10 ? { width: b.readUInt16LE(6), height: b.readUInt16LE(8) } : null;
}

/** WebP: the first chunk is VP8 (lossy), VP8L (lossless) or VP8X (extended, with the canvas size). */
function webpSize(b: Buffer): Size | null {
  const chunk = b.length >= 16 ? b.toString('latin1', 12, 16) : '';
  if (chunk === 'VP8 ') {
    if (b.length < 30 || !startsWith(b, [0x9d, 0x01, 0x2a], 23)) return null;
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (b.length < 25 || b[20] !== 0x2f) return null;
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X' && b.length >= 30) return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  return null;
}

const SIZE_OF: Record<ImageExtension, (bytes: Buffer) => Size | null> = { png: pngSize, jpg: jpegSize, gif: gifSize, webp: webpSize };

export interface ImageInfo extends Size {
  extension: ImageExtension;
  content_type: string;
}

/**
 * The image's kind and size, read from its bytes; null when it is none of our types, its header
 * does not parse, or a side is 0 or over MAX_IMAGE_SIDE.
 */
export function imageInfo(bytes: Buffer): ImageInfo | null {
  const extension = detectImageType(bytes);
  const size = extension ? SIZE_OF[extension](bytes) : null;
  if (!extension || !size) return null;
  const sane = (side: number) => side >= 1 && side <= MAX_IMAGE_SIDE;
  return sane(size.width) && sane(size.height) ? { extension, content_type: IMAGE_TYPES[extension], ...size } : null;
}

/** Writes the bytes in `dir` under a new random name (never over a file); returns the name. */
export async function saveImageFile(dir: string, bytes: Uint8Array, extension: ImageExtension): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = `${randomBytes(16).toString('hex')}.${extension}`;
  await writeFile(join(dir, file), bytes, { flag: 'wx' });
  return file;
}
