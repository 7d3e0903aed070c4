/**
 * The mails the test server kept (no SMTP in browser tests: demo mode lists them at /demo/mail).
 */
import { waitUntil } from './wait.ts';
import { testConfig } from './api.ts';

/** The links of type `vtype` (`reset`, `emailverification`) mailed to `email`, newest first. */
async function linksNow(email: string, vtype: string): Promise<URL[]> {
  const page = new DOMParser().parseFromString(await (await fetch(`${testConfig().origin}/demo/mail`)).text(), 'text/html');
  return [...page.querySelectorAll('li.mail')]
    .filter((mail) => mail.querySelector('.meta')?.textContent?.includes(email))
    .map((mail) => mail.querySelector('a')?.getAttribute('href'))
    .flatMap((href) => (href ? [new URL(href)] : []))
    .filter((link) => link.searchParams.get('vtype') === vtype);
}

/** Waits until at least `count` such links arrived (mail is sent in the background); newest first. */
export async function mailedLinks(email: string, vtype: string, count = 1): Promise<URL[]> {
  let links: URL[] = [];
  await waitUntil(async () => (links = await linksNow(email, vtype)).length >= count, `${count} ${vtype} mail(s) to ${email}`);
  return links;
}

/** Opens a mailed verification link the way another tab would: `POST account/verify` with its token. */
export async function confirmEmail(link: URL): Promise<void> {
  const res = await fetch(`${testConfig().apiBase}/account/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: link.searchParams.get('vtoken') }),
  });
  if (!res.ok) throw new Error(`account/verify → ${res.status} ${await res.text()}`);
}
