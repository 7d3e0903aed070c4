/**
 * An element whose required attribute is missing renders nothing; this warns once per element
 * (not per render) so the publisher sees why. Returns the trimmed value ('' when missing).
 */
import { useEffect } from 'react';
import { useHost } from './hostEvents.ts';

const warned = new WeakSet<object>();

export function useRequiredAttribute(value: string | undefined, attribute: string): string {
  const host = useHost();
  const trimmed = value?.trim() ?? '';
  useEffect(() => {
    if (trimmed || !host || warned.has(host)) return;
    warned.add(host);
    console.warn(`${host.localName}: the ${attribute} attribute is required; nothing is shown`, host);
  }, [trimmed, host, attribute]);
  return trimmed;
}
