/**
 * The page events after which the realtime feed may have missed something: the browser coming
 * back online and the tab becoming visible again (a sleeping laptop, a background tab). Returns
 * a function that stops watching. A no-op outside a browser.
 */
export function watchPage(onWake: () => void): () => void {
  const win = (globalThis as { window?: Window }).window;
  const doc = (globalThis as { document?: Document }).document;
  if (!win || !doc) return () => {};
  const onVisibility = () => {
    if (doc.visibilityState === 'visible') onWake();
  };
  win.addEventListener('online', onWake);
  doc.addEventListener('visibilitychange', onVisibility);
  return () => {
    win.removeEventListener('online', onWake);
    doc.removeEventListener('visibilitychange', onVisibility);
  };
}
