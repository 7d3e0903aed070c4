/** A free TCP port on loopback. */
export function freePort(): Promise<number>;
