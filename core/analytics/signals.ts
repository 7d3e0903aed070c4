/**
 * What the page tells analytics besides time: logins (once per email per page — a hash is kept,
 * never the address), the consent result (sent once per browser: a fingerprint of the last one
 * sent is remembered), and recirculation clicks (a link carrying `vf_medium` inside a vf element).
 */
import type { ConsentResult } from './consent.ts';
import type { RecordedEvent } from './record.ts';
import { REFERRER_PARAMS } from './referrerParams.ts';
import { fnv1a } from '../text/fnv1a.ts';

export const CONSENT_SENT_KEY = 'vf.analytics.consent';

/** FNV-1a, 32 bits, hex: enough to tell emails apart on one page. */
export function shortHash(text: string): string {
  return fnv1a(text).toString(16).padStart(8, '0');
}

const loggedIn = new Set<string>();

/** The `login_success` event for an `authentication / login` payload, or null for a repeat. */
export function loginEvent(payload: unknown): RecordedEvent | null {
  const { user, type, is_new } = (payload ?? {}) as { user?: { email?: unknown; uuid?: unknown }; type?: unknown; is_new?: unknown };
  const who = typeof user?.email === 'string' && user.email !== '' ? user.email.trim().toLowerCase() : typeof user?.uuid === 'string' ? user.uuid : '';
  if (who === '') return null;
  const key = shortHash(who);
  if (loggedIn.has(key)) return null;
  loggedIn.add(key);
  return { event_type: 'login_success', data: { type: typeof type === 'string' ? type : null, is_new: is_new === true } };
}

/** The `consent` event when this result differs from the one last sent from this browser. */
export function consentEvent(consent: ConsentResult, storage: Storage | null): RecordedEvent | null {
  const fingerprint = [consent.required, consent.granted, consent.error ?? '', shortHash(consent.tcString ?? '')].join('|');
  try {
    if (storage?.getItem(CONSENT_SENT_KEY) === fingerprint) return null;
    storage?.setItem(CONSENT_SENT_KEY, fingerprint);
  } catch {
    // without storage it is sent once per page
  }
  return {
    event_type: 'consent',
    data: { required: consent.required, granted: consent.granted, error: consent.error ?? null, tc_string: consent.tcString ?? null },
  };
}

/** A click's vf element and the `vf_medium` of the link it followed, when both exist. */
export function recirculationOf(event: Event): { element: HTMLElement; medium: string } | null {
  const path = event.composedPath();
  const anchor = path.find((node): node is HTMLAnchorElement => node instanceof HTMLAnchorElement && node.href !== '');
  const element = path.find((node): node is HTMLElement => node instanceof HTMLElement && node.tagName.startsWith('VF-'));
  if (!anchor || !element) return null;
  try {
    const medium = new URL(anchor.href).searchParams.get(REFERRER_PARAMS.medium);
    return medium ? { element, medium: medium.slice(0, 200) } : null;
  } catch {
    return null;
  }
}
