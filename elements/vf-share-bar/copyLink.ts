/**
 * Copies text to the clipboard: the Clipboard API, else the older `execCommand('copy')` on a
 * selected off-screen textarea (pages without clipboard permission, older browsers). Resolves
 * whether it worked.
 */
export async function copyText(text: string, root: Node): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // denied or unavailable: try the fallback
  }
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.cssText = 'position:fixed;top:0;left:-9999px;opacity:0';
  const parent = root instanceof ShadowRoot || root instanceof HTMLElement ? root : document.body;
  parent.appendChild(field);
  try {
    field.select();
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    field.remove();
  }
}
