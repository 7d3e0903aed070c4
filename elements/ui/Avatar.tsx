/**
 * An author's picture, or their initials on a coloured circle when there is no picture or it
 * fails to load. Size comes from --vf-avatar-size (spec: 40 px above 480 px width, else 30 px).
 * Decorative: the author's name is always shown beside it.
 */
import { useState } from 'react';
import { apiAssetUrl } from '../../core/api/assets.ts';

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => Array.from(word ?? '')[0] ?? '').join('').toUpperCase() || '?';
}

/** A stable hue per person, dark enough for white initials. */
export function avatarColor(seed: string): string {
  let hash = 0;
  for (let i = 0; i < seed.length; i++) hash = (hash * 31 + seed.charCodeAt(i)) | 0;
  return `hsl(${Math.abs(hash) % 360} 45% 30%)`;
}

export interface AvatarProps {
  name: string;
  src?: string | null;
  /** Seeds the fallback colour; defaults to the name. */
  seed?: string;
}

export function Avatar({ name, src: given, seed }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  // Stored pictures are paths on the API's origin (docs/accounts.md).
  const src = apiAssetUrl(given);
  const showImage = Boolean(src) && failed !== src;
  return (
    <span
      className="vf-avatar"
      part="avatar"
      aria-hidden="true"
      style={showImage ? undefined : { background: avatarColor(seed ?? name) }}
    >
      {showImage ? (
        <img src={src ?? undefined} alt="" loading="lazy" decoding="async" onError={() => setFailed(src ?? null)} />
      ) : (
        initials(name)
      )}
    </span>
  );
}
