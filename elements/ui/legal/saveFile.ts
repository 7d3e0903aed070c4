/**
 * Hands a file the page already holds to the browser's downloads: a link to a `blob:` address
 * with `download`, clicked. No script or HTML is written anywhere, so a page enforcing Trusted
 * Types or a strict Content-Security-Policy lets it through.
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.click();
  // The download has its own reference once it starts; the address is let go a while after.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
