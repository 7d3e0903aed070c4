/**
 * The ballot: a fieldset named by the question, radio buttons (one choice) or checkboxes (several),
 * and Vote. A guest where the site needs a login is asked to log in instead (`polls.vote`).
 */
import { useState, type FormEvent } from 'react';
import type { Poll } from '../../core/api/pollTypes.ts';
import { Button } from '../ui/Button.tsx';
import { useLoginNeeded } from '../ui/useGuestGate.ts';
import { usePermission } from '../ui/usePermission.ts';
import { useT } from '../ui/useIntl.ts';

/** The id of the element showing the poll's question (the ballot's legend, or the heading above the results): it names the poll's region. */
export const questionId = (poll: Poll) => `vf-poll-question-${poll.uuid}`;

export function VoteForm({ poll, busy, failure, onVote }: { poll: Poll; busy: boolean; failure: string | null; onVote(options: string[]): void }) {
  const t = useT();
  const [chosen, setChosen] = useState<string[]>([]);
  const [empty, setEmpty] = useState(false);
  const ruling = usePermission('polls', 'vote');
  const loginNeeded = useLoginNeeded();
  const type = poll.multiple ? 'checkbox' : 'radio';
  const toggle = (uuid: string, on: boolean) => {
    setEmpty(false);
    setChosen((list) => (poll.multiple ? (on ? [...list, uuid] : list.filter((u) => u !== uuid)) : [uuid]));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ruling.allowed) return loginNeeded('polls.vote');
    if (chosen.length === 0) return setEmpty(true);
    onVote(poll.options.filter((o) => chosen.includes(o.uuid)).map((o) => o.uuid));
  };
  return (
    <form className="vf-poll__form" part="form" onSubmit={submit} noValidate>
      <fieldset className="vf-poll__fieldset" aria-describedby={`vf-poll-hint-${poll.uuid}`}>
        <legend id={questionId(poll)} className="vf-poll__question" part="question">{poll.question}</legend>
        <p className="vf-poll__hint" id={`vf-poll-hint-${poll.uuid}`}>{t(poll.multiple ? 'polls.chooseMany' : 'polls.chooseOne')}</p>
        {poll.options.map((option) => (
          <label key={option.uuid} className="vf-poll__choice" part="choice">
            <input type={type} name={`vf-poll-${poll.uuid}`} value={option.uuid} checked={chosen.includes(option.uuid)} onChange={(e) => toggle(option.uuid, e.currentTarget.checked)} />
            <span>{option.text}</span>
          </label>
        ))}
      </fieldset>
      <Button type="submit" variant="primary" busy={busy} part="vote">
        {t(ruling.allowed ? 'polls.vote' : 'polls.loginToVote')}
      </Button>
      {(empty || failure) && (
        <p className="vf-poll__notice vf-error" part="failed" role="alert">
          {empty ? t('polls.chooseFirst') : failure}
        </p>
      )}
    </form>
  );
}
