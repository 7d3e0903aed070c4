/**
 * One video ad per page (content.md §4): the first widget to ask gets the page's video slot;
 * it gives it back when its video fails, so another may try.
 */
let owner: string | null = null;

/** True when `slotId` may play video (it has, or now takes, the page's one video slot). */
export function claimVideo(slotId: string): boolean {
  if (owner === null || owner === slotId) {
    owner = slotId;
    return true;
  }
  return false;
}

export function releaseVideo(slotId: string): void {
  if (owner === slotId) owner = null;
}

/** Which slot holds the page's video ad (tests, docs). */
export const videoOwner = (): string | null => owner;
