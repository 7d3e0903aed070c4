/**
 * The demo live blog (demo mode only, from index.ts): `demo/liveblog.html`'s `demo-liveblog`, a
 * running live blog a newcomer sees working at once: rich posts by the demo moderator and admin
 * (bold, a list, a quote, links, a video link card), one pinned, one with an image, and replies
 * by a demo reader. Written through the same storage calls as the live-blog routes (the
 * policy's text check, insertContent, changeComment), so counters and the event log are right.
 *
 * Made once: the demo reader's account is created with it, and whoever creates that account
 * seeds the live blog; a restart, or a second process starting at the same time, finds the
 * account and adds nothing.
 */
import type { FastifyInstance } from 'fastify';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type KindPolicy, typeOf } from '../engine/policy.ts';
import { liveblogPolicy } from '../kinds/liveblog/policy.ts';
import { REPO_ROOT } from '../routes/static.ts';
import { withActor } from '../engine/contentQueries.ts';
import { changeComment, contentEvent } from '../engine/contentWrites.ts';
import { getOrCreateContainer } from '../engine/containers.ts';
import { insertContent } from '../engine/contentInserts.ts';
import { saveMedia } from '../media/media.ts';
import type { ContainersTable, ContentsTable } from '../storage/schema.ts';
import { createUser, findUserByEmail, type UserRow } from '../engine/users.ts';
import { DEMO_ACCOUNTS, DEMO_SITE } from './site.ts';

export const DEMO_LIVEBLOG_ID = 'demo-liveblog';

/** The reader whose replies the demo shows. No password opens it: readers sign up to reply. */
export const DEMO_READER = { email: 'reader@vf.local', name: 'Demo Reader' } as const;
export const NO_PASSWORD = '!demo-reader'; // not a scrypt hash: verifyPassword matches nothing

/** A 640×360 PNG drawn for the demo: runners on a river bridge. */
export const DEMO_LIVEBLOG_IMAGE = join(REPO_ROOT, 'demo/liveblog-bridge.png');

export type DemoEditor = 'mod' | 'admin';
interface DemoPost {
  by: DemoEditor;
  /** Rich text (docs/api.md "Rich text"); `{image}` stands for the uploaded image's uuid. */
  text: string;
  pinned?: boolean;
  replies?: string[];
}

/** Oldest first, as they are published. */
const POSTS: DemoPost[] = [
  {
    by: 'admin',
    text: '**Good morning from the start line!** Twelve thousand runners are in their pens on Bridge Street.\n\n' +
      'Our reporters are at the start, on the river bridge (km 12) and at the finish. Ask them anything under any post.',
  },
  {
    by: 'mod',
    pinned: true,
    text: '**What you need to know**\n\n- Elite start 08:30, the last wave at 09:15\n- Roads along the river stay closed until 15:00\n' +
      '- The course record to beat: *2:05:41*\n\nThe full route and every closure: [the city\'s race notice](https://example.org/city-marathon/closures)',
  },
  {
    by: 'mod',
    text: 'Missed the start? Watch the first kilometre again:\n\nhttps://www.youtube.com/watch?v=CityRun2026',
  },
  {
    by: 'mod',
    text: 'The leading group crosses the river bridge at km 12, right on record pace.\n\n![Four runners cross the river bridge past the 12 km marker](media:{image})',
    replies: ['Great picture! I was standing just behind that marker.'],
  },
  {
    by: 'admin',
    text: 'Race director Ana Ruiz, at half way:\n\n> The crowd on the bridge is the loudest we have ever had. The runners feel it.',
    replies: ['Is the finish area still open to spectators?'],
  },
  {
    by: 'admin',
    text: '**30 km:** the leaders are 40 seconds under record pace, and three runners are left in the front group.',
  },
];

/** The demo moderator and admin (index.ts made them before any demo content), or null when one is missing. */
export async function findDemoEditors(app: FastifyInstance): Promise<Map<DemoEditor, UserRow> | null> {
  const editors = new Map<DemoEditor, UserRow>();
  for (const account of DEMO_ACCOUNTS) {
    const user = await findUserByEmail(app.db, DEMO_SITE.uuid, account.email);
    if (user && (account.user_privilege === 'mod' || account.user_privilege === 'admin')) editors.set(account.user_privilege, user);
  }
  return editors.has('mod') && editors.has('admin') ? editors : null;
}

/** Seeds the demo live blog once (see above); its image goes under `dataDir`. */
export async function seedDemoLiveblog(app: FastifyInstance, dataDir: string): Promise<void> {
  const editors = await findDemoEditors(app);
  if (!editors) return; // seeded before this, in demo mode; never missing there
  const reader = await createUser(app.db, { site_uuid: DEMO_SITE.uuid, email: DEMO_READER.email, name: DEMO_READER.name, password_hash: NO_PASSWORD, user_privilege: 'user' });
  if (!reader) return; // made already: so was the live blog

  const container = await getOrCreateContainer(app.db, DEMO_SITE.uuid, DEMO_LIVEBLOG_ID, 'liveblog');
  const moderator = editors.get('mod')!;
  const image = await saveMedia(app.db, dataDir, {
    siteUuid: DEMO_SITE.uuid, containerUuid: container.uuid, uploaderUuid: moderator.uuid, bytes: await readFile(DEMO_LIVEBLOG_IMAGE),
  });
  for (const post of POSTS) {
    const editor = editors.get(post.by)!;
    const row = await write(app, container, editor, post.text.replace('{image}', image.media_uuid));
    if (post.pinned) await markDemoContent(app, row, editor, 'pinned');
    for (const reply of post.replies ?? []) await write(app, container, reader, reply, row);
  }
}

/** A post (or, with `parent`, a reply) checked by the live-blog policy, stored with its `created` event. */
const write = (app: FastifyInstance, container: ContainersTable, actor: UserRow, input: string, parent?: ContentsTable) =>
  writeDemoContent(app, liveblogPolicy, container, actor, input, { ...(parent ? { parent } : {}) });

/**
 * An item of the demo content (chat.ts too) written as the kind's routes write it: checked
 * by its policy, stored with its `created` event, published after commit. `date` backdates it;
 * `state` holds it for a moderator (server/demo/moderationQueue.ts).
 */
export async function writeDemoContent(
  app: FastifyInstance, policy: KindPolicy, container: ContainersTable, actor: UserRow, input: string,
  { parent, date, state }: { parent?: ContentsTable; date?: number; state?: 'awaiting_moderation' } = {},
): Promise<ContentsTable> {
  const text = await policy.checkText(app.db, container, !!parent, input);
  if (!text.ok) throw new Error(`demo ${policy.kind}: ${text.message}`);
  const { row, events } = await insertContent(
    app.db,
    {
      type: typeOf(policy, !!parent),
      site_uuid: container.site_uuid,
      container_uuid: container.uuid,
      actor_uuid: actor.uuid,
      content: text.text,
      media: text.media,
      ...(parent ? { parent } : {}),
      ...(date === undefined ? {} : { date_created: date }),
      ...(state ? { state } : {}),
    },
    (stored) => contentEvent('created', withActor(stored, actor), actor.uuid),
  );
  for (const event of events) app.hub.publish(event); // after commit, as the routes do
  return row;
}

const MARKS = { pinned: () => ({ is_pinned: 1, date_pinned: Date.now() }), picked: () => ({ is_picked: 1 }) } as const;

/** An editor pins an item of the demo content, or makes it an editor's pick (conversation.ts), with its event. */
export async function markDemoContent(app: FastifyInstance, item: ContentsTable, editor: UserRow, mark: keyof typeof MARKS): Promise<void> {
  const { event } = await changeComment(
    app.db,
    item.uuid,
    () => ({ patch: MARKS[mark]() }),
    (_before, after) => contentEvent(mark, after, editor.uuid),
  );
  if (event) app.hub.publish(event);
}
