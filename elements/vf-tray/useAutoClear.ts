/**
 * A message that clears itself after 4000 ms (content.md §4 "Notification status UI": success
 * and errors clear after 4000 ms; §9). Setting a new one restarts the clock; null clears now.
 */
import { useCallback, useEffect, useState } from 'react';

export const AUTO_CLEAR_MS = 4000;

export function useAutoClear<T = string>(): [T | null, (value: T | null) => void] {
  const [value, setValue] = useState<{ value: T } | null>(null);
  useEffect(() => {
    if (!value) return undefined;
    const timer = setTimeout(() => setValue(null), AUTO_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [value]);
  // A fresh box each time: the same message set twice still restarts the clock.
  const set = useCallback((next: T | null) => setValue(next === null ? null : { value: next }), []);
  return [value?.value ?? null, set];
}
