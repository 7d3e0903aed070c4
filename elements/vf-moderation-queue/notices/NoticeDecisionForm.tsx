/**
 * A notice's decision, in place under it (docs/law.md "Notices", Art. 17): **illegal** asks for
 * the legal ground among the site's kinds of illegality (the kind the reporter named comes
 * chosen) and an optional explanation, and removes the item; **not illegal** may also reject the
 * item under a rule of the site's terms. The first field takes the focus; Cancel (or Escape)
 * closes the form. A refusal other than "already decided" shows in the form, as the server said it.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { ApiError } from '../../../core/api/errors.ts';
import { decidedFirstBy, useDecideNoticeMutation, type DecideNoticeResult } from '../../../core/api/legalModeration.ts';
import { useGetLegalSettingsQuery } from '../../../core/api/notices.ts';
import { MAX_EXPLANATION, type NoticeDecision, type NoticeItem } from '../../../core/legal/types.ts';
import { Button } from '../../ui/Button.tsx';
import { useT } from '../../ui/useIntl.ts';
import { useGroundLabel } from '../../vf-site-settings/legal/groundLabels.ts';

const K = 'page_settings.moderationQueue.notices';

export interface NoticeDecisionFormProps {
  notice: NoticeItem;
  decision: NoticeDecision;
  onDecided(result: DecideNoticeResult, termsRule: string | null): void;
  /** Someone decided first (409): who. */
  onConflict(name: string): void;
  onCancel(): void;
}

export function NoticeDecisionForm({ notice, decision, onDecided, onConflict, onCancel }: NoticeDecisionFormProps) {
  const t = useT();
  const id = useId();
  const label = useGroundLabel();
  const settings = useGetLegalSettingsQuery();
  const [decide, state] = useDecideNoticeMutation();
  const kinds = settings.currentData?.illegal_kinds ?? [];
  const rules = settings.currentData?.terms_rules ?? [];
  const [ground, setGround] = useState<string | null>(null);
  const [termsRule, setTermsRule] = useState('');
  const [explanation, setExplanation] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const first = useRef<HTMLSelectElement>(null);
  // The reporter's kind comes chosen when the site still lists it.
  const chosen = ground ?? (kinds.some((k) => k.id === notice.kind) ? notice.kind : (kinds[0]?.id ?? ''));
  const illegal = decision === 'illegal';
  const ready = !!settings.currentData && (!illegal || kinds.length > 0);

  useEffect(() => first.current?.focus(), [ready]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || state.isLoading) return;
    setProblem(null);
    const text = explanation.trim();
    try {
      const result = await decide({
        uuid: notice.uuid, decision, ...(text ? { explanation: text } : {}),
        ...(illegal ? { ground: chosen } : termsRule ? { terms_rule: termsRule } : {}),
      }).unwrap();
      onDecided(result, illegal ? null : termsRule || null);
    } catch (error) {
      const failure = error as ApiError;
      const first = decidedFirstBy(failure);
      if (first) onConflict(first.name);
      else setProblem(failure.error_status === 0 ? t(`${K}.connectionError`) : failure.message);
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onCancel();
  };

  let fields;
  if (settings.isError && !settings.currentData) {
    fields = (
      <p className="vf-error" role="alert">
        {t(`${K}.groundsError`)} <Button onClick={() => void settings.refetch()}>{t('page_settings.moderationQueue.retry')}</Button>
      </p>
    );
  } else if (!settings.currentData) fields = <p role="status">{t(`${K}.groundsLoading`)}</p>;
  else if (illegal && kinds.length === 0) fields = <p className="vf-error" role="alert">{t(`${K}.noKinds`)}</p>;
  else {
    fields = (
      <>
        <div className="vf-field">
          <label htmlFor={`${id}-ground`}>{t(illegal ? `${K}.ground` : `${K}.termsRule`)}</label>
          {illegal ? (
            <select ref={first} id={`${id}-ground`} name="ground" part="decision-ground" required value={chosen} onChange={(e) => setGround(e.target.value)}>
              {kinds.map((k) => <option key={k.id} value={k.id}>{label('illegal', k.id, k.label)}</option>)}
            </select>
          ) : (
            <select ref={first} id={`${id}-ground`} name="terms_rule" part="decision-terms" value={termsRule} aria-describedby={`${id}-terms-hint`} onChange={(e) => setTermsRule(e.target.value)}>
              <option value="">{t(`${K}.keepItem`)}</option>
              {rules.map((r) => <option key={r.id} value={r.id}>{label('terms', r.id, r.label)}</option>)}
            </select>
          )}
          {illegal ? null : <p className="vf-mq__hint" id={`${id}-terms-hint`}>{t(`${K}.termsRuleHint`)}</p>}
        </div>
        <div className="vf-field">
          <label htmlFor={`${id}-explanation`}>{t(`${K}.explanation`)}</label>
          <textarea id={`${id}-explanation`} name="explanation" part="decision-explanation" rows={3} maxLength={MAX_EXPLANATION} value={explanation} aria-describedby={`${id}-explanation-hint`} onChange={(e) => setExplanation(e.target.value)} />
          <p className="vf-mq__hint" id={`${id}-explanation-hint`}>{t(`${K}.explanationHint`)}</p>
        </div>
      </>
    );
  }

  return (
    <form className="vf-form vf-mq__decision" part={`decision-form decision-${decision}`} aria-label={t(`${K}.formTitle.${decision}`, { reference: notice.reference })} noValidate onSubmit={submit} onKeyDown={onKeyDown}>
      {fields}
      {problem ? <p className="vf-error" role="alert" part="decision-error">{problem}</p> : null}
      <div className="vf-mq__actions">
        <Button type="submit" variant="primary" part="decision-confirm" busy={state.isLoading} disabled={!ready}>
          {t(illegal ? `${K}.confirm.illegal` : termsRule ? `${K}.confirm.reject` : `${K}.confirm.not_illegal`)}
        </Button>
        <Button part="decision-cancel" onClick={onCancel}>{t(`${K}.cancel`)}</Button>
      </div>
    </form>
  );
}
