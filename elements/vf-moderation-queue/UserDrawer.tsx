/**
 * The user drawer (a modal dialog at the side): an author's counts and when they joined, their
 * switches (trusted: their posts skip automatic holds; always premoderate; trusted flagger: their
 * notices of illegal content come first, docs/law.md "Trusted flaggers"), their recent items
 * across the site with states, their bans with history, and staff-only notes (add one).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSetTrustedFlaggerMutation } from '../../core/api/legalModeration.ts';
import { useAddStaffNoteMutation, useModerationUserQuery, useUpdateModerationUserMutation } from '../../core/api/moderation.ts';
import type { UserSwitches } from '../../core/api/moderationTypes.ts';
import type { UserDrawer as ModerationUser } from '../../core/moderation/types.ts';
import { isBlankText } from '../../core/text/blankText.ts';
import { Button } from '../ui/Button.tsx';
import { CommentText } from '../ui/CommentText.tsx';
import { DialogHeader } from '../ui/DialogHeader.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { RelativeTime } from '../ui/RelativeTime.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useIntl, useT } from '../ui/useIntl.ts';
import { knownState } from './ItemDetails.tsx';

const K = 'page_settings.moderationQueue';
const NOTE_MAX = 2000;
const DAY = { dateStyle: 'medium' } as const;

export interface UserDrawerProps {
  userUuid: string;
  name: string;
  onClose(): void;
  /** Shows only this author's items in the queue. */
  onFilter(userUuid: string, name: string): void;
}

function Switch({ name, user, on, onToggle }: { name: keyof UserSwitches; user: string; on: boolean; onToggle(change: UserSwitches): void }) {
  const t = useT();
  return (
    <label className="vf-mq__switch">
      <input type="checkbox" role="switch" part={`switch-${name}`} checked={on} onChange={() => onToggle({ [name]: !on })} />
      <span>{t(`${K}.drawer.${name}`, { name: user })}</span>
    </label>
  );
}

function Notes({ userUuid, drawer }: { userUuid: string; drawer: ModerationUser }) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState('');
  const [add, state] = useAddStaffNoteMutation();
  const [failed, setFailed] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBlankText(text) || state.isLoading) return;
    setFailed(false);
    try {
      await add({ userUuid, text: text.trim() }).unwrap();
      setText('');
    } catch {
      setFailed(true);
    }
  };
  return (
    <section aria-labelledby={`${id}-notes`}>
      <h3 id={`${id}-notes`}>{t(`${K}.drawer.notes`)}</h3>
      {drawer.notes.length === 0 ? <p>{t(`${K}.drawer.noNotes`)}</p> : null}
      <ul className="vf-mq__notes" part="notes">
        {drawer.notes.map((note) => (
          <li key={note.uuid}>
            <CommentText text={note.text} />
            <span className="vf-mq__by">{note.author?.name ?? ''} · <RelativeTime time={note.date_created} /></span>
          </li>
        ))}
      </ul>
      <form className="vf-form" onSubmit={submit}>
        {failed ? <p className="vf-error" role="alert">{t(`${K}.drawer.noteError`)}</p> : null}
        <div className="vf-field">
          <label htmlFor={`${id}-note`}>{t(`${K}.drawer.addNote`)}</label>
          <textarea id={`${id}-note`} part="note-text" rows={2} maxLength={NOTE_MAX} value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        <Button type="submit" part="note-add" busy={state.isLoading} disabled={isBlankText(text)}>{t(`${K}.drawer.saveNote`)}</Button>
      </form>
    </section>
  );
}

function DrawerBody({ userUuid, drawer, onFilter }: { userUuid: string; drawer: ModerationUser; onFilter(): void }) {
  const t = useT();
  const intl = useIntl();
  const [update] = useUpdateModerationUserMutation();
  const [setTrustedFlagger] = useSetTrustedFlaggerMutation();
  const flagger = !!drawer.user.trusted_flagger;
  const { user } = drawer;
  const toggle = (change: UserSwitches) => void update({ userUuid, ...change });
  return (
    <div className="vf-dialog__body vf-mq__drawer-body">
      <p>{t(`${K}.authorCounts`, user.counts)} · {t(`${K}.joined`)} <RelativeTime time={user.date_created} /></p>
      <Switch name="badge_trusted" user={user.name} on={user.badge_trusted} onToggle={toggle} />
      <Switch name="always_premoderate" user={user.name} on={user.always_premoderate} onToggle={toggle} />
      <label className="vf-mq__switch">
        <input type="checkbox" role="switch" part="switch-trusted_flagger" checked={flagger} onChange={() => void setTrustedFlagger({ userUuid, on: !flagger })} />
        <span>{t(`${K}.notices.trustedFlagger`, { name: user.name })}</span>
      </label>
      <Button part="filter-by-author" onClick={onFilter}>{t(`${K}.drawer.onlyTheirs`)}</Button>
      <section aria-labelledby="vf-mq-recent">
        <h3 id="vf-mq-recent">{t(`${K}.drawer.recent`)}</h3>
        {drawer.items.length === 0 ? <p>{t(`${K}.drawer.noItems`)}</p> : null}
        <ul className="vf-mq__recent" part="recent">
          {drawer.items.map((item) => (
            <li key={item.uuid}>
              <span className="vf-badge">{t(`${K}.state.${knownState(item.state)}`, { state: item.state })}</span>{' '}
              {item.link ? <a href={item.link}>{item.page.title ?? item.link}</a> : (item.page.title ?? '')} · <RelativeTime time={item.date_created} />
              <CommentText text={item.content} />
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="vf-mq-bans">
        <h3 id="vf-mq-bans">{t(`${K}.drawer.bans`)}</h3>
        {drawer.bans.length === 0 ? <p>{t(`${K}.drawer.noBans`)}</p> : null}
        <ul part="bans">
          {drawer.bans.map((ban) => (
            <li key={ban.ban_uuid} data-active={ban.is_active}>
              {t(`${K}.drawer.ban`, {
                level: t(`conversations.ban.${['posting', 'ghost', 'hide'].includes(ban.ban_level) ? ban.ban_level : 'posting'}`),
                start: intl.formatDate(ban.date_created, DAY),
                end: ban.is_permanent || ban.date_expired === null ? t(`${K}.drawer.permanent`) : intl.formatDate(ban.date_expired, DAY),
                state: ban.is_active ? 'active' : ban.date_revoked !== null ? 'lifted' : 'ended',
              })}
              {ban.user_message ? ` ${t(`${K}.drawer.banReason`, { reason: ban.user_message })}` : ''}
            </li>
          ))}
        </ul>
      </section>
      <Notes userUuid={userUuid} drawer={drawer} />
    </div>
  );
}

export function UserDrawer({ userUuid, name, onClose, onFilter }: UserDrawerProps) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const query = useModerationUserQuery(userUuid, { refetchOnMountOrArgChange: true });
  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
  }, []);
  let body;
  if (query.currentData) body = <DrawerBody userUuid={userUuid} drawer={query.currentData} onFilter={() => onFilter(userUuid, name)} />;
  else if (query.isError) body = <ErrorState message={t(`${K}.drawer.error`)} retryLabel={t(`${K}.retry`)} onRetry={() => void query.refetch()} />;
  else body = <Skeleton lines={8} label={t(`${K}.drawer.loading`)} />;
  return (
    <dialog ref={dialog} className="vf-dialog vf-mq__drawer" part="drawer" aria-labelledby="vf-mq-drawer-title" onClose={onClose}>
      <DialogHeader title={name} titleId="vf-mq-drawer-title" onClose={onClose} />
      {body}
    </dialog>
  );
}
