/**
 * A moderator's form for the element's poll: question, 2–10 answers, one or several choices,
 * when results show and an optional closing time. The server checks it all again (docs/polls.md).
 */
import { useState, type FormEvent } from 'react';
import { MAX_OPTIONS, MIN_OPTIONS, RESULTS_VISIBILITY, type PollInput, type ResultsVisibility } from '../../core/api/pollTypes.ts';
import { Button } from '../ui/Button.tsx';
import { useT } from '../ui/useIntl.ts';

export type NewPoll = Omit<PollInput, 'poll_id'>;

export function CreatePollForm({ busy, failed, onCreate }: { busy: boolean; failed: boolean; onCreate(input: NewPoll): void }) {
  const t = useT();
  const [question, setQuestion] = useState('');
  const [options, setOptions] = useState<string[]>(['', '']);
  const [multiple, setMultiple] = useState(false);
  const [visibility, setVisibility] = useState<ResultsVisibility>('always');
  const [closesAt, setClosesAt] = useState('');
  const setOption = (at: number, text: string) => setOptions((list) => list.map((o, i) => (i === at ? text : o)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const closes = closesAt ? new Date(closesAt).getTime() : null;
    onCreate({ question, options: options.map((o) => o.trim()).filter(Boolean), multiple, results_visibility: visibility, closes_at: Number.isNaN(closes) ? null : closes });
  };
  return (
    <form className="vf-poll__create" part="create" onSubmit={submit}>
      <h2 className="vf-poll__create-title">{t('polls.create.title')}</h2>
      <label className="vf-poll__field">
        <span>{t('polls.create.question')}</span>
        <input required maxLength={300} value={question} onChange={(e) => setQuestion(e.currentTarget.value)} />
      </label>
      {options.map((text, at) => (
        <div key={at} className="vf-poll__field vf-poll__field--option">
          <label>
            <span>{t('polls.create.option', { number: at + 1 })}</span>
            <input required={at < MIN_OPTIONS} maxLength={120} value={text} onChange={(e) => setOption(at, e.currentTarget.value)} />
          </label>
          {options.length > MIN_OPTIONS && (
            <Button variant="ghost" onClick={() => setOptions((list) => list.filter((_, i) => i !== at))}>
              {t('polls.create.removeOption', { number: at + 1 })}
            </Button>
          )}
        </div>
      ))}
      {options.length < MAX_OPTIONS && <Button onClick={() => setOptions((list) => [...list, ''])}>{t('polls.create.addOption')}</Button>}
      <label className="vf-poll__field vf-poll__field--inline">
        <input type="checkbox" checked={multiple} onChange={(e) => setMultiple(e.currentTarget.checked)} />
        <span>{t('polls.create.multiple')}</span>
      </label>
      <label className="vf-poll__field">
        <span>{t('polls.create.visibility')}</span>
        <select value={visibility} onChange={(e) => setVisibility(e.currentTarget.value as ResultsVisibility)}>
          {RESULTS_VISIBILITY.map((v) => <option key={v} value={v}>{t(`polls.create.visibility.${v}`)}</option>)}
        </select>
      </label>
      <label className="vf-poll__field">
        <span>{t('polls.create.closesAt')}</span>
        <input type="datetime-local" value={closesAt} onChange={(e) => setClosesAt(e.currentTarget.value)} />
      </label>
      <Button type="submit" variant="primary" busy={busy}>{t('polls.create.submit')}</Button>
      {failed && <p className="vf-poll__notice vf-error" role="alert">{t('polls.create.failed')}</p>}
    </form>
  );
}
