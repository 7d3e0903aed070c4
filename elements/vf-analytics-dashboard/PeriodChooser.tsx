/**
 * The period: radio buttons for the last 7, 30 or 90 days (arrow keys move between them, the
 * change applies at once) and "Custom dates" with From and To, applied by Show after checking
 * them (both real days, from ≤ to, not after today, at most DASHBOARD_MAX_DAYS days).
 */
import { useId, useState, type FormEvent } from 'react';
import { DASHBOARD_MAX_DAYS, utcDay } from '../../core/api/analyticsTypes.ts';
import { Button } from '../ui/Button.tsx';
import { useT } from '../ui/useIntl.ts';
import { periodProblem, PRESETS, presetPeriod, type Period, type Preset } from './period.ts';

const K = 'page_settings.analytics.period';

export type Choice = Preset | 'custom';

export function PeriodChooser({ choice, period, onChoose }: { choice: Choice; period: Period; onChoose(choice: Choice, period: Period): void }) {
  const t = useT();
  const id = useId();
  const [draft, setDraft] = useState<Period>(period);
  const [problem, setProblem] = useState<string | null>(null);
  const [custom, setCustom] = useState(choice === 'custom');
  const pick = (value: Choice) => {
    setProblem(null);
    if (value === 'custom') {
      setCustom(true);
      return setDraft(period);
    }
    setCustom(false);
    onChoose(value, presetPeriod(value));
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const why = periodProblem(draft);
    setProblem(why);
    if (!why) onChoose('custom', draft);
  };
  const invalid = problem !== null;
  return (
    <form className="vf-adash__period" part="period" onSubmit={apply} noValidate>
      <fieldset className="vf-adash__presets">
        <legend>{t(`${K}.legend`)}</legend>
        {PRESETS.map((days) => (
          <label key={days} className="vf-adash__preset">
            <input type="radio" name={`${id}-period`} value={days} checked={!custom && choice === days} onChange={() => pick(days)} />
            <span>{t(`${K}.last`, { days })}</span>
          </label>
        ))}
        <label className="vf-adash__preset">
          <input type="radio" name={`${id}-period`} value="custom" checked={custom} onChange={() => pick('custom')} />
          <span>{t(`${K}.custom`)}</span>
        </label>
      </fieldset>
      {custom && (
        <div className="vf-adash__custom" part="custom-period">
          <label className="vf-adash__field">
            <span>{t(`${K}.from`)}</span>
            <input type="date" value={draft.from} max={utcDay(Date.now())} aria-invalid={invalid || undefined} aria-describedby={invalid ? `${id}-problem` : undefined}
              onChange={(e) => setDraft({ ...draft, from: e.currentTarget.value })} />
          </label>
          <label className="vf-adash__field">
            <span>{t(`${K}.to`)}</span>
            <input type="date" value={draft.to} max={utcDay(Date.now())} aria-invalid={invalid || undefined} aria-describedby={invalid ? `${id}-problem` : undefined}
              onChange={(e) => setDraft({ ...draft, to: e.currentTarget.value })} />
          </label>
          <Button type="submit" variant="primary" part="apply">{t(`${K}.apply`)}</Button>
          {problem && <p className="vf-adash__problem vf-error" id={`${id}-problem`} part="period-error" role="alert">{t(`${K}.problem.${problem}`, { days: DASHBOARD_MAX_DAYS })}</p>}
        </div>
      )}
    </form>
  );
}
