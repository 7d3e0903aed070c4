/**
 * Container signatures (spec §7): when a publisher signs a container, requests about it carry
 * `X-Request-Signature`. Nothing sets one yet; the map is here so the header path exists.
 */
const signatures = new Map<string, string>();

export function setContainerSignature(containerId: string, signature: string | null): void {
  if (signature) signatures.set(containerId, signature);
  else signatures.delete(containerId);
}

export function getContainerSignature(containerId: string | undefined): string | undefined {
  return containerId === undefined ? undefined : signatures.get(containerId);
}
