// Waline (npm @waline/vercel, not a dependency of vf) on the same shape as the guest row of
// bench/comments-list.ts: the first page of a 10,000-comment page, 50 connections, 10 s, after a
// 3 s warm-up. Waline must already run; `node --import tsx bench/waline.ts [origin] [path]`
// (defaults http://127.0.0.1:8360 and /demo/article.html). How it was installed and started
// (Waline 1.39.3, Node 20), in /tmp/waline:
//   npm init -y && npm install @waline/vercel
//   SQLite schema: assets/waline.sqlite.sql of github.com/walinejs/waline (the package ships none),
//     saved as schema.sql; `python3 seed.py` creates data/waline.sqlite from it and writes 10,000
//     approved comments (~230 characters, 9,000 top-level, 1,000 replies with pid = rid) on
//     /demo/article.html straight into wl_Comment.
//   Waline GETs its OAuth service list (https://oauth.lithub.cc) on every request; offline, a stub
//     answering {"services":[]} stands in: `node oauth-stub.js 8361` (a 5-line node:http server).
//   start.js is node_modules/@waline/vercel/vanilla.js (what Waline's Docker image runs) plus
//     think.config('host', '127.0.0.1') after instance.run(): Waline has no HOST variable.
//   SQLITE_PATH=/tmp/waline/data JWT_TOKEN=bench-jwt-secret OAUTH_URL=http://127.0.0.1:8361/ \
//     node start.js 8360 > waline.log
// The list request is what @waline/client asks for its first page (src/logic/comment.js of the
// server names the parameters).
import { measureCommentsList } from './comments-list.ts';

const origin = process.argv[2] ?? 'http://127.0.0.1:8360';
const path = process.argv[3] ?? '/demo/article.html';
const COMMENTS = 10_000;
const CONNECTIONS = 50;
const SECONDS = 10;
const WARM_UP_SECONDS = 3;

const url = `${origin}/api/comment?path=${encodeURIComponent(path)}&page=1&pageSize=10&sortBy=insertedAt_desc&lang=en`;

interface WalineList { errno: number; data: { count: number; data: unknown[] } }
const first = (await (await fetch(url)).json()) as WalineList;
if (first.errno !== 0 || first.data.data.length !== 10 || first.data.count !== COMMENTS) {
  throw new Error(`${url}: expected 10 of ${COMMENTS} comments, got ${first.data?.data?.length} of ${first.data?.count} (errno ${first.errno})`);
}

await measureCommentsList(url, WARM_UP_SECONDS, CONNECTIONS);
const load = await measureCommentsList(url, SECONDS, CONNECTIONS);
console.log([
  `Waline comments list (${COMMENTS.toLocaleString('en')} comments, ${CONNECTIONS} connections)`,
  `${load.requestsPerSecond} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms${load.errors > 0 ? `, ${load.errors} errors or non-2xx` : ''}`,
].join(': '));
