/**
 * Container signatures (spec §7): the server signs each container it returns; requests about
 * that container then carry `X-Request-Signature`, and the server refuses a wrong one. Keyed by
 * container uuid.
 */
const signatures = new Map<string, string>();

export function setContainerSignature(containerUuid: string, signature: string | null | undefined): void {
  if (signature) signatures.set(containerUuid, signature);
  else signatures.delete(containerUuid);
}

export function getContainerSignature(containerUuid: string | undefined): string | undefined {
  return containerUuid === undefined ? undefined : signatures.get(containerUuid);
}
