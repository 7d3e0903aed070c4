/**
 * Mail plugin: `app.mail` (mailer.ts), `app.mailOutbox`, the outbox's dispatcher
 * (dispatcher.ts: started when the app is ready, like the other background work, and stopped
 * before the mailer closes), and `app.mailDigests`, the digests' schedule (digestSchedule.ts:
 * started and stopped with the dispatcher), all closed with the app. In demo mode without SMTP it also
 * serves `/demo/mail`, a page listing the mails written to the data folder (newest first) with
 * their links, so a demo reader can follow a reset or verification link without a mail server.
 * Outside demo mode that page does not exist (anyone could read everyone's reset links there), and
 * in demo mode a request that came through a proxy does not find it either.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { escapeHtml as escape } from './accountMails.ts';
import { DigestSchedule } from './digestSchedule.ts';
import { sendDueDigests } from './digests.ts';
import { MailDispatcher } from './dispatcher.ts';
import { createMailer, linksIn, readStoredMails, type Mailer, type StoredMail } from './mailer.ts';
import { thisMachineOnly } from '../plugins/demoGate.ts';
import { sends } from '../routes/schemas.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mailer;
    /** Readers' mails (outbox.ts): `kick()` wakes the dispatcher now, so a mail enqueued for now does not wait for the next poll. */
    mailOutbox: MailDispatcher;
    /** Readers' hourly and daily digests (digests.ts): `tick()` runs what is due now; tests set `now`. */
    mailDigests: DigestSchedule;
  }
}

export interface MailPluginOptions {
  smtpUrl: string | null;
  from: string;
  dataDir: string;
  /** Demo mode (config.ts): without SMTP, keep mails for /demo/mail; else log them without links. */
  demo: boolean;
}

export default fp<MailPluginOptions>(
  async (app, options) => {
    const mailer = createMailer({
      ...options,
      logError: (error, mail) => app.log.error({ err: error, subject: mail.subject }, 'mail: sending failed'),
      logUnsent: (mail) => app.log.warn({ mail }, 'mail: not sent (no SMTP_URL); its links are left out of this log'),
    });
    app.decorate('mail', mailer);
    const dispatcher = new MailDispatcher(app.db, mailer, app.log);
    app.decorate('mailOutbox', dispatcher);
    app.queueDepths.set('mail_outbox', () => dispatcher.pending);
    const digests = new DigestSchedule((now) => sendDueDigests(app.db, {
      key: app.readerMails.key, publicUrl: app.readerMails.publicUrl, now, onWritten: () => dispatcher.kick(),
    }), app.log);
    app.decorate('mailDigests', digests);
    // On ready rather than on listen: tests and tools that only `ready()` the app get their mails too.
    app.addHook('onReady', async () => {
      dispatcher.start();
      digests.start();
    });
    app.addHook('onClose', async () => {
      await digests.close();
      await dispatcher.close();
      await mailer.close();
    });
    const target = mailer.target;
    if (typeof target === 'object') registerDemoPage(app, target.folder);
  },
  { name: 'vf-mail', dependencies: ['vf-storage', 'vf-operations'] },
);

function registerDemoPage(app: FastifyInstance, folder: string): void {
  // Every mail's links, reset links included: for this machine only (plugins/demoGate.ts).
  app.get('/demo/mail', { onRequest: thisMachineOnly, schema: { querystring: { type: 'object', additionalProperties: false, properties: {} }, response: { 200: sends('The mails sent, newest first', 'text/html') } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
    return mailPage(readStoredMails(folder));
  });
}

function mailPage(mails: StoredMail[]): string {
  const items = mails.map(
    (mail) => `<li class="mail">
  <h2>${escape(mail.subject)}</h2>
  <p class="meta">To ${escape(mail.to)} · <time datetime="${escape(mail.date)}">${escape(mail.date)}</time></p>
  ${mail.headers ? `<dl class="headers">${Object.entries(mail.headers).map(([name, value]) => `<dt>${escape(name)}</dt><dd>${escape(value)}</dd>`).join('')}</dl>` : ''}
  <ul class="links">${linksIn(mail.text).map((link) => `<li><a href="${escape(link)}">${escape(link)}</a></li>`).join('')}</ul>
  <pre>${escape(mail.text)}</pre>
</li>`,
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>vf demo mail</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; max-inline-size: 48rem; margin-block: 2rem; margin-inline: auto; padding-inline: 1rem; }
.mail { border-block-end: 1px solid #d1d9e0; padding-block: 1rem; list-style: none; }
.meta { color: #57606a; margin-block: 0; }
pre { white-space: pre-wrap; background: #f6f8fa; padding: 0.75rem; }
ol { padding-inline-start: 0; }
</style>
</head>
<body>
<main>
<h1>Mail sent by this vf server</h1>
<p>No <code>SMTP_URL</code> is set, so mails are kept in the data folder and listed here, newest first.</p>
${mails.length ? `<ol>${items.join('\n')}</ol>` : '<p class="empty">No mail yet.</p>'}
</main>
</body>
</html>`;
}
