/**
 * The comment to bring into view and focus: the deeplinked one, or the first of the new
 * comments the reader just revealed. List items read it from context and take `tabIndex=-1`,
 * `data-highlight` and focus when they match; focus moves once per request.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';

export interface FocusRequest {
  /** The highlighted comment. */
  uuid: string | null;
  /** Focus has yet to move to it. */
  pending: boolean;
  /** Marks the focus as done so a re-render does not steal focus again (the highlight stays). */
  done(): void;
}

const FocusTargetContext = createContext<FocusRequest>({ uuid: null, pending: false, done() {} });
export const FocusTargetProvider = FocusTargetContext.Provider;

/** A focus request for one list: starts at `initial` (and again when it changes); `focusOn` asks anew. */
export function useFocusRequest(initial: string | null): { request: FocusRequest; focusOn(uuid: string): void } {
  const [state, setState] = useState({ uuid: initial, pending: true });
  useEffect(() => setState((s) => (s.uuid === initial && s.pending ? s : { uuid: initial, pending: true })), [initial]);
  const done = useCallback(() => setState((s) => ({ ...s, pending: false })), []);
  const focusOn = useCallback((uuid: string) => setState({ uuid, pending: true }), []);
  // Every list item reads this context: a new object only when the request itself changes.
  const request = useMemo(() => ({ ...state, done }), [state, done]);
  return { request, focusOn };
}

/** Props for a list item holding `contentUuid`: focusable, highlighted and focused when wanted. */
export function useFocusTarget(contentUuid: string) {
  const request = useContext(FocusTargetContext);
  const wanted = request.uuid === contentUuid;
  const requestRef = useRef(request);
  requestRef.current = request;
  const ref = useCallback(
    (el: HTMLElement | null) => {
      const current = requestRef.current;
      if (!el || current.uuid !== contentUuid || !current.pending) return;
      el.scrollIntoView({ block: 'center' });
      el.focus({ preventScroll: true });
      current.done();
    },
    [contentUuid],
  );
  return wanted ? { ref, tabIndex: -1, 'data-highlight': '' } : {};
}
