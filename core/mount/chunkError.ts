/**
 * When an element kind's own chunk did not load (loader → `showChunkError`), each element of
 * that kind shows a small placeholder: a translated message and a Retry button. The element is
 * not defined yet, so the placeholder goes in its light DOM (a shadow root would block the
 * element's own later), or after the server-painted markup in the shadow root the loader made
 * (core/loader/firstPaint.ts), where light DOM would not show; Retry removes it and asks the
 * loader again. The rest of the page keeps working.
 */
import { createVfIntl, loadMessages } from '../i18n/index.ts';

export const CHUNK_ERROR_ATTR = 'data-vf-chunk-error';

/** What a "didn't load" notice says when the message bundle did not load either. */
export const UNTRANSLATED_CHUNK_ERROR = { message: "This part of the page didn't load.", retry: 'Retry' };

async function texts(lang: string): Promise<{ message: string; retry: string }> {
  try {
    const intl = createVfIntl(lang, await loadMessages(lang, ['base']));
    return {
      message: intl.formatMessage({ id: 'base.chunkError.message' }),
      retry: intl.formatMessage({ id: 'base.chunkError.retry' }),
    };
  } catch {
    // The message bundle did not load either: say it in the default language.
    return UNTRANSLATED_CHUNK_ERROR;
  }
}

export async function showChunkError(kind: string, lang: string, retry: () => void, doc: Document = document) {
  const elements = Array.from(doc.querySelectorAll(kind)).filter((el) => !(el.shadowRoot ?? el).querySelector(`[${CHUNK_ERROR_ATTR}]`));
  if (elements.length === 0 || customElements.get(kind)) return;
  const { message, retry: retryLabel } = await texts(lang);
  const notices: HTMLElement[] = [];
  for (const el of elements) {
    const notice = doc.createElement('div');
    notice.setAttribute(CHUNK_ERROR_ATTR, kind);
    notice.setAttribute('role', 'alert');
    notice.style.cssText = 'display:flex;gap:.5em;align-items:center;padding:.5em 0;font:inherit';
    const text = doc.createElement('span');
    text.textContent = message;
    const button = doc.createElement('button');
    button.type = 'button';
    button.textContent = retryLabel;
    button.addEventListener('click', () => {
      notices.forEach((node) => node.remove());
      retry();
    });
    notice.append(text, button);
    (el.shadowRoot ?? el).append(notice);
    notices.push(notice);
  }
}
