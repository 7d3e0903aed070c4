/**
 * The compose box at the top of the conversation ("Join the conversation"). Where the site
 * allows anonymous comments (enable_anonymous_comments) a guest gets a name field and posts
 * under that name instead of being asked to log in.
 */
import { useId, useRef, useState } from 'react';
import { isBlankText } from '../../core/text/blankText.ts';
import { Editor } from '../ui/Editor.tsx';
import { useT } from '../ui/useIntl.ts';
import { useGuestGate } from '../ui/useGuestGate.ts';
import { usePermission, useSiteSettings } from '../ui/usePermission.ts';
import { usePostComment } from './usePostComment.ts';

export interface ComposeProps {
  sectionUuid: string;
  containerUuid: string;
  /** The container no longer takes comments. */
  closed?: boolean;
  /** The server refused a post (e.g. closed meanwhile): re-read the container. */
  onClosed?(): void;
}

/** The server's limit for an anonymous name (docs/api.md). */
const ANONYMOUS_NAME_MAX = 50;

export function Compose({ sectionUuid, containerUuid, closed, onClosed }: ComposeProps) {
  const t = useT();
  const nameId = useId();
  const guest = useGuestGate();
  const siteSettings = useSiteSettings();
  const anonymous = !guest.loggedIn && siteSettings.enable_anonymous_comments;
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState(false);
  const nameField = useRef<HTMLInputElement>(null);
  const { post, busy, error } = usePostComment(sectionUuid, containerUuid, undefined, onClosed);
  // What the rules say about trying to comment here (guests may try: they are asked to log in).
  const ruling = usePermission('comment', 'attempt_to_create', { is_closed: !!closed });

  // enable_commenting off: no compose box at all.
  if (ruling.reason === 'setting_disabled') return null;
  if (ruling.reason === 'banned' || ruling.reason === 'muted') {
    return (
      <p className="vf-state" part="compose-refused">
        {t(ruling.reason === 'banned' ? 'base.error.banned_from_posting' : 'conversations.compose.muted')}
      </p>
    );
  }
  if (closed) {
    return (
      <p className="vf-state" part="closed" role="status">
        {t('conversations.closedNow')}
      </p>
    );
  }

  const submit = async (text: string) => {
    if (!anonymous) return post(text);
    if (isBlankText(name)) {
      setNameError(true);
      nameField.current?.focus();
      return false;
    }
    return post(text, name.trim());
  };

  return (
    <div className="vf-compose" part="compose">
      {anonymous ? (
        <div className="vf-field vf-anonymous-name">
          <label htmlFor={nameId}>{t('conversations.anonymous.name')}</label>
          <input
            ref={nameField}
            id={nameId}
            part="anonymous-name"
            autoComplete="nickname"
            maxLength={ANONYMOUS_NAME_MAX}
            value={name}
            aria-invalid={nameError || undefined}
            aria-describedby={nameError ? `${nameId}-error` : undefined}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setNameError(false);
            }}
          />
          {nameError ? (
            <p id={`${nameId}-error`} className="vf-error" role="alert">
              {t('conversations.anonymous.nameRequired')}
            </p>
          ) : null}
        </div>
      ) : null}
      <Editor
        draftKey={containerUuid}
        label={t('conversations.compose.label')}
        hideLabel
        placeholder={t('conversations.compose.placeholder')}
        submitLabel={t('conversations.compose.submit')}
        onSubmit={submit}
        busy={busy}
        error={error}
        {...(anonymous ? {} : { onFocus: guest.onFocus, onClick: guest.onClick })}
      />
    </div>
  );
}
