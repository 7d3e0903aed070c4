/**
 * Demo mode answers only this machine (docs/server.md "Demo mode"). Its accounts' passwords are
 * published and its mail page lists every reset link, while a reverse proxy on the same machine
 * hands the internet's requests on from 127.0.0.1. So a request that came through a proxy gets
 * nothing of demo mode: no /demo/mail and no stand-in (the app's own 404, as for an address
 * nothing serves), no login of a demo account (401), no push endpoint on this machine.
 * VF_TRUST_PROXY changes nothing here: a proxy it trusts still carries requests from afar.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { isLoopbackHost } from '../config.ts';
import { HttpError } from '../errors.ts';

/** Headers only a proxy adds: RFC 7239's Forwarded, the X-Forwarded-* family, X-Real-IP. */
const FORWARDING = /^(forwarded|x-forwarded-.*|x-real-ip)$/;

/** A Host header naming this machine: a loopback address (IPv6 in brackets) or localhost, with or without a port. */
function isLoopbackHostHeader(host: string | undefined): boolean {
  const match = /^(?:\[([^\]]+)\]|([^:[\]]+))(?::\d+)?$/.exec(host ?? '');
  return match !== null && isLoopbackHost((match[1] ?? match[2])!);
}

/**
 * Whether a request came straight from this machine: no forwarding header (even empty) and a
 * loopback Host. A proxy's request shows one or the other (or a Host it was told to keep).
 */
export function isLocalRequest(headers: IncomingHttpHeaders): boolean {
  if (Object.keys(headers).some((name) => FORWARDING.test(name.toLowerCase()))) return false;
  return isLoopbackHostHeader(typeof headers.host === 'string' ? headers.host : undefined);
}

/** onRequest hook of what demo mode serves only here: from afar, the app's not-found answer. */
export async function thisMachineOnly(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  if (isLocalRequest(request.headers)) return undefined;
  reply.callNotFound();
  return reply; // answered: the route's handler does not run
}

/** The accounts whose passwords demo mode publishes: the demo seed names them (app.demoAccounts). */
export class DemoAccounts {
  private readonly keys = new Set<string>();

  add(siteUuid: string, email: string): void {
    this.keys.add(`${siteUuid} ${email.toLowerCase()}`);
  }

  has(user: { site_uuid: string; email: string }): boolean {
    return this.keys.has(`${user.site_uuid} ${user.email.toLowerCase()}`);
  }
}

export const DEMO_LOGIN_FROM_AFAR =
  "Demo accounts sign in only on the server's own machine: their passwords are public, and this request came through a proxy or names another host";

/** A demo account's login from afar is a 401 saying why, before its (public) password is checked. */
export function refuseDemoAccountFromAfar(app: FastifyInstance, request: FastifyRequest, user: { site_uuid: string; email: string }): void {
  if (app.demoAccounts.has(user) && !isLocalRequest(request.headers)) throw new HttpError(401, DEMO_LOGIN_FROM_AFAR);
}
