/**
 * Editors write a post here (at the top of the live blog) or edit one in place: the shared
 * Editor (draft kept until accepted, Ctrl/Cmd+Enter, counter near the 20000 limit) with the
 * formatting toolbar. Publishing announces `vf-liveblog-post-published`.
 */
import { useState } from 'react';
import { liveblogApi } from '../../core/api/liveblog.ts';
import type { Comment } from '../../core/api/types.ts';
import { MAX_POST_LENGTH } from '../../core/text/richText.ts';
import { readDraft, writeDraft } from '../ui/draft.ts';
import { Editor } from '../ui/Editor.tsx';
import { useHostEvent } from '../ui/hostEvents.ts';
import { useT } from '../ui/useIntl.ts';
import { usePostContent } from '../ui/usePostContent.ts';
import { useRunMutation } from '../ui/useRunMutation.ts';
import { FormatToolbar } from './FormatToolbar.tsx';

export interface PostPublishedDetail {
  post: Comment;
}

export interface PostComposerProps {
  sectionUuid: string;
  containerUuid: string;
  /** Edit this post instead of writing a new one. */
  post?: Comment;
  /** The edit was saved or cancelled. */
  onDone?(): void;
}

export function PostComposer({ sectionUuid, containerUuid, post, onDone }: PostComposerProps) {
  const t = useT();
  const emit = useHostEvent();
  const [, run] = useRunMutation();
  const draftKey = post ? `edit:${post.content_uuid}` : `liveblog:${containerUuid}`;
  // An edit opens with the post's text, unless an unsent edit is waiting (before its first render).
  useState(() => {
    if (post && !readDraft(draftKey)) writeDraft(draftKey, post.content);
  });
  const { post: send, busy, error } = usePostContent(
    (content) =>
      post
        ? run(liveblogApi.endpoints.editContent.initiate({ sectionUuid, containerUuid, contentUuid: post.content_uuid, content }))
        : run(liveblogApi.endpoints.createPost.initiate({ sectionUuid, containerUuid, content })),
    {
      action: 'live_content.create',
      failed: t(post ? 'conversations.error.edit' : 'conversations.liveblog.error.publish'),
      onPosted: (saved) => {
        if (!post) emit<PostPublishedDetail>('vf-liveblog-post-published', { post: saved });
        else onDone?.();
      },
    },
  );

  return (
    <div className={post ? 'vf-post__edit' : 'vf-composer'} part={post ? 'post-edit' : 'composer'}>
      <Editor
        part={post ? 'edit-editor' : 'editor'}
        draftKey={draftKey}
        label={t(post ? 'conversations.liveblog.edit.label' : 'conversations.liveblog.compose.label')}
        hideLabel={!!post}
        placeholder={post ? undefined : t('conversations.liveblog.compose.placeholder')}
        submitLabel={t(post ? 'conversations.edit.submit' : 'conversations.liveblog.compose.submit')}
        maxLength={MAX_POST_LENGTH}
        autoFocus={!!post}
        busy={busy}
        error={error}
        onSubmit={send}
        {...(post
          ? {
              onCancel: () => {
                writeDraft(draftKey, '');
                onDone?.();
              },
            }
          : {})}
        toolbar={(edit) => <FormatToolbar edit={edit} sectionUuid={sectionUuid} containerUuid={containerUuid} />}
      />
    </div>
  );
}
