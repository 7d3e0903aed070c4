/**
 * The account mails (docs/mail.md): a password reset link and an email verification link. Each
 * link is the reader's page with `vtype` and `vtoken` added (spec platform.md §2 "Page-address
 * parameters"); the page opens the matching modal. Mails are in plain English: the server does
 * not localise mail.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { issueAccountToken } from '../accounts/index.ts';
import { hostOf, type Site } from '../engine/sites.ts';
import { updateUser, type UserRow } from '../engine/users.ts';
import type { Mail } from './mailer.ts';

export type LinkType = 'reset' | 'emailverification';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * The page a link leads back to: the first candidate (the `url` the client sent, then the
 * request's Referer and Origin) that is an http(s) address on one of the site's domains; else
 * the site's first domain. Never another host: the mail must not carry a token elsewhere.
 */
export function pageFor(site: Site, candidates: readonly (string | undefined)[]): URL {
  for (const candidate of candidates) {
    if (!candidate) continue;
    let url: URL;
    try {
      url = new URL(candidate);
    } catch {
      continue;
    }
    const host = hostOf(url.href);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && host && site.domains.includes(host)) {
      url.username = '';
      url.password = '';
      return url;
    }
  }
  return new URL(`https://${site.domains[0] ?? 'localhost'}/`);
}

/** The candidates a request offers, after an explicit `url`. */
export function requestPages(request: FastifyRequest, url?: string): (string | undefined)[] {
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  return [url, header('referer'), header('origin')];
}

export function linkTo(page: URL, type: LinkType, token: string): string {
  const url = new URL(page.href);
  url.searchParams.set('vtype', type);
  url.searchParams.set('vtoken', token);
  return url.href;
}

function mail(to: string, subject: string, paragraphs: string[], link: string, linkText: string): Mail {
  const text = [...paragraphs.slice(0, 1), link, ...paragraphs.slice(1)].join('\n\n');
  const html = [
    `<p>${escapeHtml(paragraphs[0]!)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(linkText)}</a></p>`,
    ...paragraphs.slice(1).map((p) => `<p>${escapeHtml(p)}</p>`),
  ].join('\n');
  return { to, subject, text, html };
}

export function resetMail(site: Site, user: UserRow, link: string): Mail {
  return mail(
    user.email,
    `Reset your password on ${site.name}`,
    [
      `Hello ${user.name}, someone (we hope you) asked to reset the password of your account on ${site.name}. Open this link within one hour to choose a new password:`,
      'The link works once. If you did not ask for this, ignore this mail: your password stays as it is.',
    ],
    link,
    'Choose a new password',
  );
}

export function verificationMail(site: Site, user: UserRow, link: string): Mail {
  return mail(
    user.email,
    `Confirm your email address on ${site.name}`,
    [
      `Hello ${user.name}, please confirm that ${user.email} is your email address on ${site.name} by opening this link:`,
      'The link works once, for seven days. If you did not create this account, ignore this mail.',
    ],
    link,
    'Confirm my email address',
  );
}

/** Mails a new verification link (the user's status is left as it is). */
export async function mailVerification(app: FastifyInstance, site: Site, user: UserRow, page: URL): Promise<void> {
  const token = await issueAccountToken(app.db, user.uuid, 'verify');
  app.mail.queue(verificationMail(site, user, linkTo(page, 'emailverification', token)));
}

/**
 * After a signup (routes/api.ts): on a site with `enable_email_verification` the new account is
 * `pending_new` and gets a verification mail. Returns the user as stored now.
 */
export async function startEmailVerification(app: FastifyInstance, request: FastifyRequest, site: Site, user: UserRow): Promise<UserRow> {
  if (!site.settings.enable_email_verification) return user;
  const updated = (await updateUser(app.db, user.uuid, { email_verification_status: 'pending_new' })) ?? user;
  await mailVerification(app, site, updated, pageFor(site, requestPages(request)));
  return updated;
}
