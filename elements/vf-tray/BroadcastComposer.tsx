/**
 * A moderator's or admin's broadcast (content.md §3 "Broadcast notification";
 * docs/notifications.md POST …/broadcasts): to everyone on the site or to a topic's followers,
 * with a title (required), text, link and image. Shown behind a "New announcement" button.
 * Status per content.md §4 "Notification status UI": pending while sending, success (or a
 * warning when nobody received it), error; success and errors clear after 4000 ms.
 */
import { useId, useState, type FormEvent } from 'react';
import { useSendBroadcastMutation } from '../../core/api/notifications.ts';
import type { BroadcastBody } from '../../core/api/notificationTypes.ts';
import { selectSectionUuid } from '../../core/session/slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { Button } from '../ui/Button.tsx';
import { useT } from '../ui/useIntl.ts';
import { useAutoClear } from './useAutoClear.ts';

type Status = { kind: 'success' | 'warning' | 'error'; text: string };
const EMPTY = { scope: 'site' as BroadcastBody['scope'], topic: '', title: '', text: '', url: '', image: '', imageAlt: '' };
type Draft = typeof EMPTY;

export function BroadcastComposer() {
  const t = useT();
  const id = useId();
  const sectionUuid = useAppSelector(selectSectionUuid)!;
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [invalid, setInvalid] = useState<{ title?: boolean; topic?: boolean }>({});
  const [send, sending] = useSendBroadcastMutation();
  const [status, setStatus] = useAutoClear<Status>();
  const field = (name: keyof Draft) => ({
    id: `${id}-${name}`,
    name,
    value: draft[name],
    onChange: (event: { currentTarget: { value: string } }) => setDraft({ ...draft, [name]: event.currentTarget.value }),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const title = draft.title.trim();
    const topic = draft.topic.trim();
    const problems = { title: !title, topic: draft.scope === 'topic' && !topic };
    setInvalid(problems);
    if (problems.title || problems.topic) return;
    const optional = (value: string) => value.trim() || undefined;
    try {
      const { recipients } = await send({
        sectionUuid,
        scope: draft.scope,
        topic_id: draft.scope === 'topic' ? topic : undefined,
        title,
        // Line breaks are kept (the API takes no other control characters).
        description: optional(draft.text.replace(/\r\n?/g, '\n')),
        url: optional(draft.url),
        image_url: optional(draft.image),
        image_alt: optional(draft.imageAlt),
      }).unwrap();
      setStatus(
        recipients > 0
          ? { kind: 'success', text: t('base.tray.broadcast.sent', { count: recipients }) }
          : { kind: 'warning', text: t('base.tray.broadcast.nobody') },
      );
      setDraft(EMPTY);
    } catch {
      setStatus({ kind: 'error', text: t('base.tray.broadcast.failed') });
    }
  };

  const error = (name: 'title' | 'topic', text: string) =>
    invalid[name] ? (
      <p id={`${id}-${name}-error`} className="vf-error">
        {text}
      </p>
    ) : null;
  const described = (name: 'title' | 'topic') => (invalid[name] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${name}-error` } : {});

  return (
    <div className="vf-broadcast" part="broadcast">
      <Button aria-expanded={open} aria-controls={`${id}-form`} onClick={() => setOpen(!open)}>
        {t('base.tray.broadcast.open')}
      </Button>
      <form id={`${id}-form`} className="vf-broadcast__form" hidden={!open} noValidate onSubmit={(event) => void submit(event)}>
        <fieldset className="vf-broadcast__scope">
          <legend>{t('base.tray.broadcast.scope')}</legend>
          {(['site', 'topic'] as const).map((scope) => (
            <label key={scope}>
              <input type="radio" name="scope" value={scope} checked={draft.scope === scope} onChange={() => setDraft({ ...draft, scope })} />{' '}
              {t(`base.tray.broadcast.scope.${scope}`)}
            </label>
          ))}
        </fieldset>
        {draft.scope === 'topic' && (
          <div className="vf-broadcast__field">
            <label htmlFor={`${id}-topic`}>{t('base.tray.broadcast.topic')}</label>
            <input {...field('topic')} required {...described('topic')} />
            {error('topic', t('base.tray.broadcast.topicRequired'))}
          </div>
        )}
        <div className="vf-broadcast__field">
          <label htmlFor={`${id}-title`}>{t('base.tray.broadcast.title')}</label>
          <input {...field('title')} required maxLength={200} {...described('title')} />
          {error('title', t('base.tray.broadcast.titleRequired'))}
        </div>
        <div className="vf-broadcast__field">
          <label htmlFor={`${id}-text`}>{t('base.tray.broadcast.text')}</label>
          <textarea {...field('text')} rows={3} />
        </div>
        <div className="vf-broadcast__field">
          <label htmlFor={`${id}-url`}>{t('base.tray.broadcast.url')}</label>
          <input {...field('url')} type="url" inputMode="url" />
        </div>
        <div className="vf-broadcast__field">
          <label htmlFor={`${id}-image`}>{t('base.tray.broadcast.image')}</label>
          <input {...field('image')} type="url" inputMode="url" />
        </div>
        <div className="vf-broadcast__field">
          <label htmlFor={`${id}-imageAlt`}>{t('base.tray.broadcast.imageAlt')}</label>
          <input {...field('imageAlt')} />
        </div>
        <Button type="submit" variant="primary" busy={sending.isLoading}>
          {t('base.tray.broadcast.send')}
        </Button>
      </form>
      {/* Status regions stay in the tree: a region added with its text is not always read out. */}
      <p className="vf-broadcast__status" role="status" data-kind={sending.isLoading ? 'pending' : status?.kind}>
        {sending.isLoading ? t('base.tray.broadcast.pending') : status && status.kind !== 'error' ? status.text : ''}
      </p>
      <p className="vf-broadcast__status" role="alert" data-kind="error">
        {status?.kind === 'error' ? status.text : ''}
      </p>
    </div>
  );
}
