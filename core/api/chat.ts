/**
 * The chat service (docs/api.md "chat"): the chat with its latest messages, history pages (older
 * messages, read while the reader scrolls up), messages by uuid (a quoted message outside the
 * window), and every write the element makes. Answers are merged into the caches by chatCache.ts,
 * which realtime events patch too (core/realtime/chatEvents.ts, registered by importing this file).
 */
import { setContainerSignature } from './signatures.ts';
import type { ChatPage, ChatWithPage, Comment, Container, ContainerSettings } from './types.ts';
import { baseApi } from './base.ts';
import type { ApiError } from './errors.ts';
import type { ReactionResult, ToggleReactionArgs } from './commentMutations.ts';
import { setReactionEdit, toggleReactionEdit } from './commentCache.ts';
import { applyChangedMessage, findCachedMessage, insertChatMessage, setChatSettings, updateMessage } from './chatCache.ts';
import '../realtime/chatEvents.ts';

export interface ChatArgs {
  sectionUuid: string;
  containerId: string;
  /** Messages in the first read (1–100; the element asks for 30). */
  limit: number;
}
export interface ChatMessagesArgs {
  sectionUuid: string;
  containerUuid: string;
  limit: number;
}
export interface MessageRef {
  sectionUuid: string;
  containerUuid: string;
  contentUuid: string;
}
export interface SendMessageArgs {
  sectionUuid: string;
  containerUuid: string;
  content: string;
  /** The message this one answers. */
  parentUuid?: string | null;
}
export type ChatModeration = 'enable' | 'disable';
/** The chat's settings a moderator changes (PUT) or resets (DELETE …/settings/edit). */
export type ChatSettingsChange = Partial<Pick<ContainerSettings, 'is_closed' | 'is_hidden' | 'is_premoderated' | 'slow_mode_seconds'>>;

/** What `DELETE …/settings/edit` resets each key to (sent as the key's value). */
const RESET_VALUES: Required<ChatSettingsChange> = { is_closed: false, is_hidden: false, is_premoderated: false, slow_mode_seconds: 0 };

type Cursor = string | null;
const olderCursor = (last: ChatPage): Cursor | undefined =>
  last.more_available !== false && last.next_starting_from ? last.next_starting_from : undefined;

/** The latest messages that came with the chat (`GET /{s}?container_id=`): the list takes them once, while fresh. */
const firstPages = new Map<string, { page: ChatPage; at: number }>();
const FIRST_PAGE_FRESH_MS = 10_000;
const pageKey = (containerUuid: string, limit: number) => `${containerUuid}|${limit}`;

function takeFirstPage(containerUuid: string, limit: number): ChatPage | null {
  const key = pageKey(containerUuid, limit);
  const kept = firstPages.get(key);
  firstPages.delete(key);
  return kept && Date.now() - kept.at < FIRST_PAGE_FRESH_MS ? kept.page : null;
}

const s = (sectionUuid: string, containerUuid: string) => `${sectionUuid}/${containerUuid}`;

export const chatApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // content.md §4 "Widget load": the combined read; a chat not made yet (404) is made by POST.
    chat: build.query<Container, ChatArgs>({
      async queryFn({ sectionUuid, containerId, limit }, _api, _extra, baseQuery) {
        const read = await baseQuery({ service: 'chat', url: sectionUuid, params: { container_id: containerId, limit } });
        if (read.error && (read.error as ApiError).error_status !== 404) return { error: read.error as ApiError };
        if (!read.error) {
          const { contents, next_starting_from, more_available, total_visible_content, latest_seq, ...rest } = read.data as ChatWithPage;
          const container: Container = { ...rest, total_visible_content };
          const page: ChatPage = { contents, next_starting_from, more_available, total_visible_content, latest_seq };
          firstPages.set(pageKey(container.content_container_uuid, limit), { page, at: Date.now() });
          setContainerSignature(container.content_container_uuid, container.signature);
          return { data: container };
        }
        const made = await baseQuery({ service: 'chat', method: 'POST', url: sectionUuid, body: { container_id: containerId } });
        if (made.error) return { error: made.error as ApiError };
        const container = made.data as Container;
        setContainerSignature(container.content_container_uuid, container.signature);
        return { data: container };
      },
      providesTags: (result) => ['Container', ...(result ? [{ type: 'Container' as const, id: result.content_container_uuid }] : [])],
    }),
    // pages[0]: the latest messages; each next page the ones before (chatWindow.ts). A refetch
    // (reconnect, viewer change, back to the latest) reads the latest page only.
    chatMessages: build.infiniteQuery<ChatPage, ChatMessagesArgs, Cursor>({
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: olderCursor, refetchCachedPages: false },
      async queryFn({ queryArg, pageParam }, _api, _extra, baseQuery) {
        const { sectionUuid, containerUuid, limit } = queryArg;
        const given = pageParam ? null : takeFirstPage(containerUuid, limit);
        if (given) return { data: given };
        const read = await baseQuery({
          service: 'chat',
          url: `${s(sectionUuid, containerUuid)}/messages`,
          containerUuid,
          params: { limit, starting_from: pageParam ?? undefined },
        });
        return read.error ? { error: read.error as ApiError } : { data: read.data as ChatPage };
      },
      providesTags: (_result, _error, arg) => ['Comments', { type: 'Comments', id: arg.containerUuid }],
    }),
    // Messages by uuid as the viewer may see them: quoted messages outside the window, a moderator's held ones.
    chatSelection: build.query<{ contents: Comment[] }, { sectionUuid: string; containerUuid: string; uuids: string[] }>({
      query: ({ sectionUuid, containerUuid, uuids }) => ({
        service: 'chat',
        url: `${s(sectionUuid, containerUuid)}/messages/selection`,
        containerUuid,
        params: { uuids: uuids.join(',') },
      }),
    }),
    // A message, or a reply to `parentUuid`; the answer (and its realtime echo) joins the list once, by uuid.
    sendChatMessage: build.mutation<Comment, SendMessageArgs>({
      query: ({ sectionUuid, containerUuid, content, parentUuid }) => ({
        service: 'chat',
        method: 'POST',
        url: `${s(sectionUuid, containerUuid)}/${parentUuid ? `replies/${parentUuid}` : 'messages'}`,
        containerUuid,
        body: { content },
      }),
      async onQueryStarted(_args, { dispatch, getState, queryFulfilled }) {
        const done = await queryFulfilled.catch(() => null);
        if (done) insertChatMessage(dispatch, getState, done.data, false);
      },
    }),
    toggleChatReaction: build.mutation<ReactionResult, ToggleReactionArgs>({
      query: ({ sectionUuid, containerUuid, contentUuid, reaction, on }) => ({
        service: 'chat', method: on ? 'POST' : 'DELETE', url: `${s(sectionUuid, containerUuid)}/messages/${contentUuid}/${reaction}`, containerUuid,
      }),
      async onQueryStarted({ containerUuid, contentUuid, reaction, on }, { dispatch, getState, queryFulfilled }) {
        const optimistic = updateMessage(dispatch, getState, containerUuid, contentUuid, toggleReactionEdit(reaction, on));
        try {
          const { data } = await queryFulfilled;
          const total = reaction === 'like' ? data.total_likes : data.total_dislikes;
          if (typeof total === 'number') updateMessage(dispatch, getState, containerUuid, contentUuid, setReactionEdit(reaction, total, on));
        } catch {
          optimistic.undo();
        }
      },
    }),
    // Report a message (or take the report back); the answer is the message as the reader sees it.
    flagChatMessage: build.mutation<Comment, MessageRef & { on: boolean }>({
      query: ({ sectionUuid, containerUuid, contentUuid, on }) => ({
        service: 'chat', method: on ? 'POST' : 'DELETE', url: `${s(sectionUuid, containerUuid)}/messages/${contentUuid}/flag`, containerUuid,
      }),
      async onQueryStarted({ containerUuid, contentUuid, on }, { dispatch, getState, queryFulfilled }) {
        const optimistic = updateMessage(dispatch, getState, containerUuid, contentUuid, (c) => void (c.actions.flagged = on));
        const done = await queryFulfilled.catch(() => null);
        if (done) applyChangedMessage(dispatch, getState, done.data, true);
        else optimistic.undo();
      },
    }),
    moderateChatMessage: build.mutation<Comment, MessageRef & { action: ChatModeration }>({
      query: ({ sectionUuid, containerUuid, contentUuid, action }) => ({
        service: 'chat', method: 'POST', url: `${s(sectionUuid, containerUuid)}/moderation/${contentUuid}/${action}`, containerUuid,
      }),
      async onQueryStarted(_args, { dispatch, getState, queryFulfilled }) {
        const done = await queryFulfilled.catch(() => null);
        if (done) applyChangedMessage(dispatch, getState, done.data, true);
      },
    }),
    // Close or reopen (is_closed), hide, premoderate, slow mode: PUT /{s}/{c}.
    changeChatSettings: build.mutation<Container, { sectionUuid: string; containerUuid: string; settings: ChatSettingsChange }>({
      query: ({ sectionUuid, containerUuid, settings }) => ({
        service: 'chat', method: 'PUT', url: s(sectionUuid, containerUuid), containerUuid, body: { ...settings },
      }),
      async onQueryStarted({ containerUuid }, { dispatch, getState, queryFulfilled }) {
        const done = await queryFulfilled.catch(() => null);
        if (done) setChatSettings(dispatch, getState, containerUuid, done.data.settings);
      },
    }),
    // Back to the defaults for the keys named (open, shown, not held, slow mode off).
    resetChatSettings: build.mutation<Container, { sectionUuid: string; containerUuid: string; keys: Array<keyof ChatSettingsChange> }>({
      query: ({ sectionUuid, containerUuid, keys }) => ({
        service: 'chat',
        method: 'DELETE',
        url: `${s(sectionUuid, containerUuid)}/settings/edit`,
        containerUuid,
        // Any value names the key, but it must be of the key's type (the server's schema checks it).
        body: Object.fromEntries(keys.map((key) => [key, RESET_VALUES[key]])),
      }),
      async onQueryStarted({ containerUuid }, { dispatch, getState, queryFulfilled }) {
        const done = await queryFulfilled.catch(() => null);
        if (done) setChatSettings(dispatch, getState, containerUuid, done.data.settings);
      },
    }),
  }),
});

export { findCachedMessage };
export const { useChatQuery, useChatMessagesInfiniteQuery, useChatSelectionQuery } = chatApi;
