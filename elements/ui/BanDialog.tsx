/**
 * A moderator bans a comment's author (POST /api/v2/users/{uuid}/ban, docs/api.md "Bans") in a
 * native modal <dialog>: the level (posting, ghost, hide), how long (days or permanent) and the
 * reason the user is shown. The form stays filled while the call runs and when it fails.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { type GivenBanLevel, useBanUserMutation } from '../../core/api/commentActions.ts';
import type { Actor } from '../../core/api/types.ts';
import { Button } from './Button.tsx';
import { DialogHeader } from './DialogHeader.tsx';
import { useT } from './useIntl.ts';
import { isBlankText } from '../../core/text/blankText.ts';

const LEVELS: GivenBanLevel[] = ['posting', 'ghost', 'hide'];
/** Days offered; "permanent" is the last choice. */
const DURATIONS = [1, 7, 30, 365] as const;
const REASON_MAX = 500;

export interface BanDialogProps {
  author: Actor;
  onClose(): void;
  /** After the ban is saved. */
  onBanned(): void;
}

export function BanDialog({ author, onClose, onBanned }: BanDialogProps) {
  const t = useT();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [level, setLevel] = useState<GivenBanLevel>('posting');
  const [duration, setDuration] = useState<string>('7');
  const [reason, setReason] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [ban, state] = useBanUserMutation();

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
  }, []);

  const reasonMissing = isBlankText(reason);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state.isLoading) return;
    setAttempted(true);
    setError(null);
    if (reasonMissing) {
      dialog.current?.querySelector<HTMLTextAreaElement>('textarea')?.focus();
      return;
    }
    try {
      await ban({ userUuid: author.uuid, banLevel: level, reason: reason.trim(), durationDays: duration === 'permanent' ? null : Number(duration) }).unwrap();
      onBanned();
      onClose();
    } catch {
      setError(t('conversations.ban.error'));
    }
  };

  const titleId = `${id}-title`;
  const reasonError = attempted && reasonMissing;
  return (
    <dialog ref={dialog} className="vf-dialog vf-ban-dialog" part="ban-dialog" aria-labelledby={titleId} onClose={onClose}>
      <DialogHeader title={t('conversations.ban.title', { name: author.name })} titleId={titleId} onClose={onClose} />
      <form className="vf-dialog__body vf-form" noValidate onSubmit={submit}>
        {error ? (
          <p className="vf-error vf-form__error" role="alert">
            {error}
          </p>
        ) : null}
        <fieldset className="vf-choices" role="radiogroup">
          <legend>{t('conversations.ban.level')}</legend>
          {LEVELS.map((l) => (
            <label key={l} className="vf-choice">
              <input type="radio" name="ban_level" value={l} checked={level === l} onChange={() => setLevel(l)} />
              {t(`conversations.ban.${l}`)}
            </label>
          ))}
        </fieldset>
        <div className="vf-field">
          <label htmlFor={`${id}-duration`}>{t('conversations.ban.duration')}</label>
          <select id={`${id}-duration`} name="duration" value={duration} onChange={(e) => setDuration(e.target.value)}>
            {DURATIONS.map((d) => (
              <option key={d} value={String(d)}>
                {t('conversations.ban.days', { count: d })}
              </option>
            ))}
            <option value="permanent">{t('conversations.ban.permanent')}</option>
          </select>
        </div>
        <div className="vf-field">
          <label htmlFor={`${id}-reason`}>{t('conversations.ban.reason')}</label>
          <textarea
            id={`${id}-reason`}
            name="reason"
            rows={3}
            maxLength={REASON_MAX}
            value={reason}
            aria-invalid={reasonError || undefined}
            aria-describedby={reasonError ? `${id}-reason-error` : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          {reasonError ? (
            <p id={`${id}-reason-error`} className="vf-error">
              {t('conversations.ban.reasonRequired')}
            </p>
          ) : null}
        </div>
        <div className="vf-editor__footer">
          <Button variant="ghost" onClick={onClose}>
            {t('base.editor.cancel')}
          </Button>
          <Button type="submit" variant="primary" busy={state.isLoading}>
            {t('conversations.ban.submit')}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
