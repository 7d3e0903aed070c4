// The live blog at scale: its posts list on a 10,000-post live blog (first and deep page, on each
// engine, like the comments list), and an editor's post fanned out to 10,000 subscribers (like
// comments' fan-out). `node --import tsx bench/liveblog.ts` runs these rows alone.
import { DEMO_ACCOUNTS, DEMO_SITE } from '../server/demo/index.ts';
import { callApi } from '../test/support/callApi.ts';
import { measureCommentsList, onLargeContainer, perEngine, type Row } from './comments-list.ts';
import { type FanoutSource, measureFanout } from './fanout.ts';

const SITE = DEMO_SITE.uuid;
export const LIVEBLOG_POSTS = 10_000;
/** Replies and a few pinned posts (bench/seed.ts) sit among the posts: the list must skip them. */
const REPLIES = 1_000;
const SUBSCRIBERS = 10_000;

/** One reader at a time (latency, not throughput): the first page, and a page from the middle. */
export function postsListRows(seconds = 2): Promise<Row[]> {
  return perEngine((engine) =>
    onLargeContainer(engine, LIVEBLOG_POSTS + REPLIES, { kind: 'liveblog', replies: REPLIES }, async ({ origin, container, middle }) => {
      const base = `${origin}/api/liveblog/${SITE}/${container}/posts?limit=10`;
      const first = await measureCommentsList(base, seconds, 1);
      const deep = await measureCommentsList(`${base}&starting_from=${middle}`, seconds, 1);
      const errors = first.errors + deep.errors;
      return [
        [`liveblog posts list p50 / p99 (${LIVEBLOG_POSTS.toLocaleString('en')} posts; ${engine.name}, 1 connection)`, '', ''],
        ['  first / deep page p50, p99', `${first.p50} / ${first.p99} ms, ${deep.p50} / ${deep.p99} ms`, errors > 0 ? `${errors} errors` : 'p99 ≤ 10 ms'],
      ];
    }),
  );
}

/** The demo moderator (an editor: live_content.create) publishing on a new live blog. */
export const liveblogSource: FanoutSource = {
  contentType: 'liveblog_post',
  async open(origin) {
    const editor = DEMO_ACCOUNTS.find((account) => account.user_privilege === 'mod')!;
    const { access_token: token } = await callApi<{ access_token: string }>(origin, 'POST', '/api/v2/users/login', { email: editor.email, password: editor.password, section: SITE });
    const { content_container_uuid: container } = await callApi<{ content_container_uuid: string }>(origin, 'POST', `/api/liveblog/${SITE}`, { container_id: `fanout-liveblog-${Date.now()}` });
    return { container, write: (writer, text) => callApi(writer, 'POST', `/api/liveblog/${SITE}/${container}/posts`, { content: `**Update:** ${text}` }, token) };
  },
};

/** 10 posts a second for 5 s to 10,000 sockets on one process (the comments' aim: p99 ≤ 250 ms). */
export async function liveblogFanoutRows(): Promise<Row[]> {
  const r = await measureFanout(SUBSCRIBERS, 1, 10, 5, liveblogSource);
  const n = SUBSCRIBERS.toLocaleString('en');
  return [
    [`liveblog post → ${n} subscribers fan-out, one process, 10 posts/s`, `${r.delivered} frames/s, p50 ${r.p50} ms / p99 ${r.p99} ms`, 'p99 ≤ 250 ms'],
    [`liveblog post → ${n} subscribers: memory, lost`, `${r.kbPerConnection} KB per connection, ${r.lost} lost`, '0 lost'],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of [...(await postsListRows()), ...(await liveblogFanoutRows())]) console.log(row.join(' | '));
}
