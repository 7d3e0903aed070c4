/**
 * The signed-in reader's own name and picture (docs/accounts.md "Profiles"). The name is saved
 * with its form and stays in the field if saving fails. A chosen picture is checked here
 * (type, 2 MB), previewed and uploaded at once; if the upload fails the preview goes and the
 * previous picture is back. Pending and rejected moderation states are shown.
 */
import { useEffect, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useUpdateProfileMutation } from '../../core/api/profiles.ts';
import type { User } from '../../core/api/types.ts';
import { isBlankText } from '../../core/text/blankText.ts';
import { Avatar } from '../ui/Avatar.tsx';
import { Button } from '../ui/Button.tsx';
import { LoginField } from '../ui/LoginField.tsx';
import { useT } from '../ui/useIntl.ts';

const MAX_NAME = 50;
const MAX_AVATAR_BYTES = 2 * 1024 * 1024;
const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

type Notice = { kind: 'saved' | 'failed'; key: string } | null;

export function ProfileEditor({ user }: { user: User }) {
  const t = useT();
  const id = useId();
  const [update] = useUpdateProfileMutation();
  const [name, setName] = useState(user.name);
  const [nameError, setNameError] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState<'name' | 'avatar' | null>(null);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const run = async (what: 'name' | 'avatar', change: Parameters<typeof update>[0]) => {
    setBusy(what);
    setNotice(null);
    try {
      await update(change).unwrap();
      setNotice({ kind: 'saved', key: 'base.profile.saved' });
    } catch {
      setNotice({ kind: 'failed', key: 'base.profile.saveFailed' });
    } finally {
      setBusy(null);
      setPreview(null);
    }
  };

  const saveName = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const clean = name.trim();
    if (isBlankText(clean) || clean.length > MAX_NAME) return setNameError(t('base.profile.nameRequired'));
    setNameError(null);
    void run('name', { uuid: user.uuid, name: clean });
  };

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || busy) return;
    if (!AVATAR_TYPES.includes(file.type)) return setFileError(t('base.profile.avatarWrongType'));
    if (file.size > MAX_AVATAR_BYTES) return setFileError(t('base.profile.avatarTooBig'));
    setFileError(null);
    setPreview(URL.createObjectURL(file));
    void run('avatar', { uuid: user.uuid, avatar: file });
  };

  const picture = preview ?? user.pic_large ?? user.pic_small;
  const hintId = `${id}-hint`;
  const fileErrorId = `${id}-file-error`;

  return (
    <div className="vf-profile" part="profile-editor">
      <form className="vf-profile__name" onSubmit={saveName} noValidate>
        <LoginField
          label={t('base.profile.name')}
          name="name"
          autoComplete="nickname"
          maxLength={MAX_NAME}
          value={name}
          error={nameError}
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" busy={busy === 'name'} disabled={busy === 'avatar'}>
          {t('base.profile.save')}
        </Button>
        {user.username_pending && user.username_moderation_status === 'pending' && (
          <p className="vf-profile__state">{t('base.profile.namePending', { name: user.username_pending })}</p>
        )}
        {user.username_pending && user.username_moderation_status === 'rejected' && (
          <p className="vf-profile__state">{t('base.profile.nameRejected', { name: user.username_pending })}</p>
        )}
      </form>
      <fieldset className="vf-profile__avatar" aria-busy={busy === 'avatar' || undefined}>
        <legend>{t('base.profile.avatar')}</legend>
        <Avatar name={user.name} src={picture} seed={user.uuid} />
        {preview && <span className="vf-visually-hidden">{t('base.profile.preview')}</span>}
        <div className="vf-profile__actions">
          <label className="vf-button vf-button--secondary vf-profile__upload" aria-disabled={busy !== null || undefined}>
            {t('base.profile.upload')}
            <input
              type="file"
              name="avatar"
              accept={AVATAR_TYPES.join(',')}
              disabled={busy !== null}
              aria-describedby={fileError ? `${hintId} ${fileErrorId}` : hintId}
              aria-invalid={fileError ? true : undefined}
              onChange={chooseFile}
            />
          </label>
          {(user.pic_large || user.pic_large_pending) && (
            <Button busy={busy === 'avatar' && !preview} disabled={busy === 'name'} onClick={() => void run('avatar', { uuid: user.uuid, avatar: null })}>
              {t('base.profile.remove')}
            </Button>
          )}
        </div>
        <p id={hintId} className="vf-profile__hint">
          {t('base.profile.avatarHint')}
        </p>
        {fileError && (
          <p id={fileErrorId} className="vf-error">
            {fileError}
          </p>
        )}
        {user.avatar_moderation_status === 'pending' && <p className="vf-profile__state">{t('base.profile.avatarPending')}</p>}
        {user.avatar_moderation_status === 'rejected' && <p className="vf-profile__state">{t('base.profile.avatarRejected')}</p>}
      </fieldset>
      {notice && (
        <p className={notice.kind === 'failed' ? 'vf-tray__error' : 'vf-profile__state'} role={notice.kind === 'failed' ? 'alert' : 'status'}>
          {t(notice.key)}
        </p>
      )}
    </div>
  );
}
