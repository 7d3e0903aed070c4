// `npm run bench`: builds if needed, starts the real server, prints one table of figures.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from '../test/support/browser.mjs';
import { startServer } from '../test/support/serve.mjs';
import { dist } from './bundle.ts';
import { fanoutRows } from './fanout.ts';
import { clusterLoadRows } from './cluster-load.ts';
import { guestListRows, largeContainerTable, measureCommentsList } from './comments-list.ts';
import { firstLoadCallRows } from './first-load-calls.ts';
import { firstPaintRows } from './first-paint.ts';
import { loaderRow, measureWeight, weightRows } from './weight.ts';
import { measureFirstRender } from './first-render.ts';
import { ARTICLE_OWN_CODE_BEFORE, articleScripts, libraryFloor } from './library-floor.ts';
import { liveblogFanoutRows, postsListRows } from './liveblog.ts';
import { chatRows } from './chat.ts';
import { chatSessionRows } from './chat-element.ts';
import { notificationRows } from './notifications.ts';
import { trendingRows } from './trending.ts';
import { moderationQueueRows } from './moderationQueue.ts';
import { pollTable } from './polls.ts';
import { postingTable } from './posting.ts';
import { analyticsRows } from './analytics.ts';
import { reviewRows } from './reviews.ts';
import { webhookRows } from './webhooks.ts';
import { replyMailTable } from './reply-mail.ts';
import { digestMailTable } from './digest-mail.ts';
import { automodRows } from './automod.ts';
import { importRows } from './import.ts';
import { render1000Rows } from './render-1000.ts';
import { seedConversation } from './seed.ts';
import { footprintRows } from './server-footprint.ts';
import { cspRows } from './csp.ts';
import { layoutShiftRows } from './layout-shift.ts';
import { mainThreadRows } from './main-thread.ts';
import { firstInteractionRows } from './first-interaction.ts';
import { lighthouseRows } from './lighthouse.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
if (!existsSync(join(dist, 'vf.js')) || !existsSync(join(dist, 'server', 'main.js'))) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });

const rows: Array<[string, string, string]> = [];
rows.push(loaderRow());

// The production server's start time and memory, idle and loaded (bench/server-footprint.ts): first, on a quiet machine.
rows.push(...(await footprintRows()));

const server = await startServer();
try {
  const { listUrl } = await seedConversation(server.origin, 200);
  const browser = await launchChromium();
  try {
    const first = await measureFirstRender(browser, server.origin);
    rows.push(['first conversations render: scripts gzip / brotli', `${kb(first.scriptGzip)} / ${kb(first.scriptBrotli)}`, 'gzip ≤ 110 KB']);
    const floor = await libraryFloor();
    rows.push(['  of it, the third-party libraries alone', kb(floor.gzip), `${floor.packages.length} packages`]);
    const article = await articleScripts(browser, server.origin);
    rows.push(["the article's scripts, a guest's first 10 s: gzip", kb(article), '']);
    rows.push(['  of it, vf\'s own code above the libraries', kb(article - floor.gzip), `≤ ${kb(ARTICLE_OWN_CODE_BEFORE)} (before issue 44)`]);
    rows.push(['first conversations render: API gzip', `${kb(first.apiGzip)} (${first.requests} requests)`, '']);
    rows.push(['first conversations render: page load → first comment', `${first.ms} ms`, '']);
  } finally {
    await browser.close();
  }
  const load = await measureCommentsList(listUrl);
  rows.push(['comments list (SQLite, 10 connections, 5 s)', `${load.requestsPerSecond} req/s`, '']);
  rows.push(['comments list latency p50 / p99', `${load.p50} ms / ${load.p99} ms`, `${load.errors} errors`]);
} finally {
  await server.stop();
}
// The combined first-load call against two calls, under emulated network latency (its own server).
rows.push(...(await firstLoadCallRows()));
// The list at scale (bench/comments-list.ts): its own servers, one per engine.
rows.push(...(await largeContainerTable()));
// Guests and a signed-in reader on a 10,000-comment conversation, 50 connections (the guest cache).
rows.push(...(await guestListRows()));
// 50 signed-in readers posting 5,000 comments to that conversation, two windows of 2,000 timed (bench/posting.ts), per engine.
rows.push(...(await postingTable()));
// The live blog's posts list at scale (bench/liveblog.ts), the same way.
rows.push(...(await postsListRows()));
// Realtime fan-out (bench/fanout.ts): its own servers, after the one above has stopped.
rows.push(...(await fanoutRows()));
// The production shape under load (bench/cluster-load.ts): `npm run cluster` (PostgreSQL, Redis, 3
// processes, nginx), 10,000 readers, 200 comments/s and 2,000 list reads/s through nginx, then a
// twentieth of those rates; a row saying why instead when nginx, PostgreSQL or Redis is not installed.
rows.push(...(await clusterLoadRows()));
// An editor's live-blog post to 10,000 subscribers (bench/liveblog.ts), the same way.
rows.push(...(await liveblogFanoutRows()));
// A busy chat room (bench/chat.ts): 1,000 readers, 50 messages a second, one and two processes.
rows.push(...(await chatRows()));
// Notification fan-out (bench/notifications.ts): a broadcast and a followed user's comment to 10,000 readers.
rows.push(...(await notificationRows()));
// The trending read on a site with 100,000 conversations (bench/trending.ts), plain and for one reader.
rows.push(...(await trendingRows()));
// The moderation queue with 100,000 pending items on 1,000 pages (bench/moderationQueue.ts): first pages, filters, approving 500.
rows.push(...(await moderationQueueRows()));
// A busy poll (bench/polls.ts): 1,000 votes a second with live results, votes lost 0, per engine.
rows.push(...(await pollTable()));
// Analytics (bench/analytics.ts): ingest events/s in batches of 100 on one process, and the dashboard over 10M events' aggregates.
rows.push(...(await analyticsRows()));
// Reviews' reads on one container of 50,000 reviews (bench/reviews.ts): the summary and each order's pages.
rows.push(...(await reviewRows()));
// Webhook deliveries per second from one process to a local receiver (bench/webhooks.ts), per engine.
rows.push(...(await webhookRows()));
// A reply's mail to a reader on immediate, from the reply's answer to the SMTP server, 50 replies/s (bench/reply-mail.ts), per engine.
rows.push(...(await replyMailTable()));
// A daily digest run to 100,000 readers: mails/s handed to SMTP and the server's peak memory (bench/digest-mail.ts), per engine.
rows.push(...(await digestMailTable()));
// Automatic moderation (bench/automod.ts): the time it adds per comment with 5,000 listed words, scorers off.
rows.push(...(await automodRows()));
// The importer (bench/import.ts): a generated 20,000-comment Disqus export, comments/s and live heap, then the re-run.
rows.push(...(await importRows()));
// The server-rendered first paint against today's path, on the demo article (bench/first-paint.ts): its own server and browser.
rows.push(...(await firstPaintRows()));
// What the demo article downloads until interactive, and after (bench/weight.ts): its own server and browser.
rows.push(...weightRows(await measureWeight()));
// Rendering a 1,000-comment conversation (bench/render-1000.ts): its own server too.
rows.push(...(await render1000Rows()));
// <vf-livechat> after 10,000 received messages (bench/chat-element.ts): its own server and browser.
rows.push(...(await chatSessionRows()));
// Every demo page under a strict Content-Security-Policy with Trusted Types (bench/csp.ts): what it refuses.
rows.push(...(await cspRows()));
// Layout shift (CLS) per demo page, a guest's first visit scrolled through (bench/layout-shift.ts).
rows.push(...(await layoutShiftRows()));
// The publisher's main thread per demo page on a 4× slower CPU, a guest with no input (bench/main-thread.ts).
rows.push(...(await mainThreadRows()));
// A reader's first interaction with each kind of element, before and after its code ran, on the same CPU (bench/first-interaction.ts).
rows.push(...(await firstInteractionRows()));
// Lighthouse's mobile profile per demo page, the median of three runs (bench/lighthouse.ts).
rows.push(...(await lighthouseRows()));

const header = ['measure', 'value', 'aim'];
const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
console.log(line(header));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const row of rows) console.log(line(row));
