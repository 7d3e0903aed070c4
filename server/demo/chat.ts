/**
 * The demo chat (demo mode only, from index.ts): `demo/chat.html`'s `demo-chat`, a room already
 * talking when a newcomer opens it: a dozen messages by the demo moderator, the demo admin and the
 * demo reader over the last minutes, one of them a reply. Written like the live blog's
 * (liveblog.ts: the chat policy's text check, insertContent, the `created` events), with
 * creation times in the past so the room reads as a conversation that has been going on.
 *
 * Made once: whoever creates the `demo-chat` container seeds it; a restart, or a second process
 * starting at the same time, finds the container and adds nothing.
 */
import type { FastifyInstance } from 'fastify';
import { chatPolicy } from '../kinds/chat/policy.ts';
import { createContainer } from '../engine/containers.ts';
import type { ContentsTable } from '../storage/schema.ts';
import { findUserByEmail, type UserRow } from '../engine/users.ts';
import { DEMO_READER, writeDemoContent } from './liveblog.ts';
import { DEMO_ACCOUNTS, DEMO_SITE } from './site.ts';

export const DEMO_CHAT_ID = 'demo-chat';

type Author = 'mod' | 'admin' | 'reader';
interface DemoMessage {
  by: Author;
  /** Seconds before the seeding. */
  ago: number;
  text: string;
  /** The index (in MESSAGES) of the message this one answers. */
  replyTo?: number;
}

/** Oldest first, as they were sent. */
export const DEMO_CHAT_MESSAGES: readonly DemoMessage[] = [
  { by: 'mod', ago: 14 * 60, text: 'Welcome to the marathon chat! Be kind, stay on topic, and enjoy the race.' },
  { by: 'reader', ago: 13 * 60 + 20, text: 'Hi all! Watching from the river bridge, the crowd here is huge.' },
  { by: 'admin', ago: 12 * 60 + 5, text: 'Our reporter at km 12 says the leaders are right on record pace.' },
  { by: 'reader', ago: 11 * 60 + 30, text: 'Does anyone know when the last wave reaches the bridge?' },
  { by: 'mod', ago: 10 * 60 + 45, text: 'Around 10:30, if they keep the pace of the first waves.', replyTo: 3 },
  { by: 'reader', ago: 9 * 60 + 10, text: 'Thanks! Just in time for a coffee then ☕' },
  { by: 'admin', ago: 7 * 60 + 50, text: 'Three runners left in the front group at 30 km.' },
  { by: 'reader', ago: 6 * 60 + 40, text: 'The noise when they passed was unbelievable 👏' },
  { by: 'mod', ago: 5 * 60 + 15, text: 'Reminder: the roads along the river stay closed until 15:00.' },
  { by: 'admin', ago: 3 * 60 + 30, text: 'Photos from the finish line are coming in the live blog shortly.' },
  { by: 'reader', ago: 2 * 60 + 5, text: 'Who do you think wins it? My money is on the runner in green.' },
  { by: 'mod', ago: 50, text: 'Two kilometres to go, and the record is still on!' },
];

/** Seeds the demo chat once (see above). Runs after the live blog's seeding, which makes the demo reader. */
export async function seedDemoChat(app: FastifyInstance): Promise<void> {
  const authors = new Map<Author, UserRow>();
  for (const account of DEMO_ACCOUNTS) {
    const user = await findUserByEmail(app.db, DEMO_SITE.uuid, account.email);
    if (user && (account.user_privilege === 'mod' || account.user_privilege === 'admin')) authors.set(account.user_privilege, user);
  }
  const reader = await findUserByEmail(app.db, DEMO_SITE.uuid, DEMO_READER.email);
  if (reader) authors.set('reader', reader);
  if (authors.size < 3) return; // seeded before this, in demo mode; never missing there

  const container = await createContainer(app.db, DEMO_SITE.uuid, DEMO_CHAT_ID, chatPolicy.kind);
  if (!container) return; // made already: so were its messages

  const now = Date.now();
  const written: ContentsTable[] = [];
  for (const message of DEMO_CHAT_MESSAGES) {
    const parent = message.replyTo === undefined ? undefined : written[message.replyTo];
    const options = { date: now - message.ago * 1000, ...(parent ? { parent } : {}) };
    written.push(await writeDemoContent(app, chatPolicy, container, authors.get(message.by)!, message.text, options));
  }
}
