/**
 * Consent through the IAB TCF v2 API (`window.__tcfapi`) where the page has a CMP (content.md §5,
 * §8, §9). Analytics and ads ask once per page; both wait for the reader's choice when the CMP is
 * still showing its dialog. Without `__tcfapi` consent is not required here (error
 * `tcfapi-not-supported`, granted). A CMP that answers nothing usable gives `no-data`; a choice
 * that cannot be kept gives `data-store-error`: both mean not granted.
 */

/** vf's vendor ids in the Global Vendor List (content.md §9): any one with consent grants. */
export const CONSENT_VENDOR_IDS = [1138, 95, 561] as const;
export type ConsentError = 'no-data' | 'data-store-error' | 'tcfapi-not-supported';

export interface ConsentResult {
  /** GDPR applies to this reader (the CMP says so). */
  required: boolean;
  /** vf may store and send (always true when not required). */
  granted: boolean;
  error?: ConsentError;
  /** The TC string, sent once with the consent event. */
  tcString?: string;
}

interface TcData {
  gdprApplies?: boolean;
  eventStatus?: string;
  tcString?: string;
  listenerId?: number;
  vendor?: { consents?: Record<string, boolean> };
}
type TcfApi = (command: string, version: number, callback: (data: TcData | null, success: boolean) => void, param?: unknown) => void;

/** How long a CMP may take to answer before `no-data`. */
export const CONSENT_WAIT_MS = 5000;

let pending: Promise<ConsentResult> | null = null;

/** The reader's consent for vf, asked once per page (`resetConsent` for a new page or a test). */
export function readConsent(win: Window = window): Promise<ConsentResult> {
  return (pending ??= ask(win));
}

export function resetConsent(): void {
  pending = null;
}

function ask(win: Window): Promise<ConsentResult> {
  const tcfapi = (win as unknown as { __tcfapi?: unknown }).__tcfapi;
  if (typeof tcfapi !== 'function') {
    return Promise.resolve({ required: false, granted: true, error: 'tcfapi-not-supported' });
  }
  return new Promise((resolve) => {
    let done = false;
    const finish = (result: ConsentResult, data?: TcData | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (data?.listenerId !== undefined) {
        try {
          (tcfapi as TcfApi)('removeEventListener', 2, () => undefined, data.listenerId);
        } catch {
          /* a CMP that cannot remove its listener is harmless once we stop listening */
        }
      }
      resolve(result);
    };
    const timer = setTimeout(() => finish({ required: true, granted: false, error: 'no-data' }), CONSENT_WAIT_MS);
    try {
      (tcfapi as TcfApi)('addEventListener', 2, (data, success) => {
        if (!success || !data) return finish({ required: true, granted: false, error: 'no-data' }, data);
        // The dialog is up: wait for the reader's choice.
        if (data.eventStatus === 'cmpuishown') return;
        finish(fromTcData(data), data);
      });
    } catch {
      finish({ required: true, granted: false, error: 'data-store-error' });
    }
  });
}

function fromTcData(data: TcData): ConsentResult {
  if (data.gdprApplies === false) return { required: false, granted: true, tcString: data.tcString };
  const consents = data.vendor?.consents;
  if (!consents || typeof consents !== 'object') return { required: true, granted: false, error: 'no-data' };
  const granted = CONSENT_VENDOR_IDS.some((id) => consents[id] === true);
  return { required: true, granted, tcString: data.tcString };
}
