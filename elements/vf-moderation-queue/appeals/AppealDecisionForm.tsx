/**
 * An appeal's decision, in place under it (docs/law.md "Appeals", Art. 20): uphold (the decision
 * stays) or reverse (the item comes back, or the ban is lifted), with an optional explanation the
 * reader is told. The server's refusal — the moderator who took the decision appealed may not
 * decide it (403), a bad input (400) — shows in the form as the server said it; "already decided"
 * goes to the queue's alert line. Escape or Cancel closes the form.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { ApiError } from '../../../core/api/errors.ts';
import { decidedFirstBy, useDecideAppealMutation } from '../../../core/api/legalModeration.ts';
import { MAX_EXPLANATION, type AppealDecision, type AppealItem } from '../../../core/legal/types.ts';
import { Button } from '../../ui/Button.tsx';
import { useT } from '../../ui/useIntl.ts';

const K = 'page_settings.moderationQueue.appeals';

export interface AppealDecisionFormProps {
  appeal: AppealItem;
  decision: AppealDecision;
  onDecided(result: AppealItem): void;
  onConflict(name: string): void;
  onCancel(): void;
}

export function AppealDecisionForm({ appeal, decision, onDecided, onConflict, onCancel }: AppealDecisionFormProps) {
  const t = useT();
  const id = useId();
  const [decide, state] = useDecideAppealMutation();
  const [explanation, setExplanation] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const alert = useRef<HTMLParagraphElement>(null);

  useEffect(() => field.current?.focus(), []);
  useEffect(() => {
    if (problem) alert.current?.focus();
  }, [problem]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state.isLoading) return;
    setProblem(null);
    const text = explanation.trim();
    try {
      onDecided(await decide({ uuid: appeal.uuid, decision, ...(text ? { explanation: text } : {}) }).unwrap());
    } catch (error) {
      const failure = error as ApiError;
      const first = decidedFirstBy(failure);
      if (first) onConflict(first.name);
      else setProblem(failure.error_status === 0 ? t('page_settings.moderationQueue.notices.connectionError') : failure.message);
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onCancel();
  };

  return (
    <form className="vf-form vf-mq__decision" part={`decision-form decision-${decision}`} aria-label={t(`${K}.formTitle.${decision}`)} noValidate onSubmit={submit} onKeyDown={onKeyDown}>
      <div className="vf-field">
        <label htmlFor={`${id}-explanation`}>{t('page_settings.moderationQueue.notices.explanation')}</label>
        <textarea ref={field} id={`${id}-explanation`} name="explanation" part="decision-explanation" rows={3} maxLength={MAX_EXPLANATION} value={explanation} aria-describedby={`${id}-hint`} onChange={(e) => setExplanation(e.target.value)} />
        <p className="vf-mq__hint" id={`${id}-hint`}>{t(`${K}.explanationHint`)}</p>
      </div>
      {problem ? <p ref={alert} className="vf-error" role="alert" tabIndex={-1} part="decision-error">{problem}</p> : null}
      <div className="vf-mq__actions">
        <Button type="submit" variant="primary" part="decision-confirm" busy={state.isLoading}>{t(`${K}.confirm.${decision}`)}</Button>
        <Button part="decision-cancel" onClick={onCancel}>{t('page_settings.moderationQueue.notices.cancel')}</Button>
      </div>
    </form>
  );
}
