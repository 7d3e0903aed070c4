/**
 * The transparency downloads (docs/law.md "Transparency", DSA Art. 15 and 24): a period (From and
 * To, UTC calendar days, both included; this year so far at first), then the report as JSON or
 * CSV, or the period's statements of reasons as JSON Lines for the EU's Transparency Database.
 * Each file is fetched with the admin's credentials and handed to the browser as a Blob (a
 * `blob:` link clicked: no script, nothing a strict Content-Security-Policy refuses). The period
 * is checked first; a failure says why, in an alert; a download says its file's name, politely.
 */
import { useId, useState } from 'react';
import { dayMs, utcDay } from '../../../core/api/analyticsTypes.ts';
import { toApiError } from '../../../core/api/errors.ts';
import { downloadLegalExport, type LegalExport } from '../../../core/api/legalModeration.ts';
import { useAppDispatch } from '../../../core/store/hooks.ts';
import { Button } from '../../ui/Button.tsx';
import { saveFile } from '../../ui/legal/saveFile.ts';
import { useT } from '../../ui/useIntl.ts';
import { K } from '../SettingsSection.tsx';

const L = `${K}.legal.transparency`;
const DAY_MS = 86_400_000;
const EXPORTS: readonly LegalExport[] = ['json', 'csv', 'jsonl'];

type PeriodProblem = 'missing' | 'invalid' | 'order' | 'future';

/** Why the period cannot be asked for, or null. */
export function periodProblem(from: string, to: string, now = Date.now()): PeriodProblem | null {
  if (!from || !to) return 'missing';
  if (Number.isNaN(dayMs(from)) || Number.isNaN(dayMs(to))) return 'invalid';
  if (from > to) return 'order';
  if (from > utcDay(now)) return 'future';
  return null;
}

export function TransparencyBox() {
  const t = useT();
  const id = useId();
  const dispatch = useAppDispatch();
  const today = utcDay(Date.now());
  const [from, setFrom] = useState(`${today.slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today);
  const [problem, setProblem] = useState<PeriodProblem | null>(null);
  const [busy, setBusy] = useState<LegalExport | null>(null);
  const [said, setSaid] = useState<{ text: string; failed: boolean } | null>(null);

  const download = async (what: LegalExport) => {
    const why = periodProblem(from, to);
    setProblem(why);
    setSaid(null);
    if (why || busy) return;
    setBusy(what);
    try {
      // The server's `to` is excluded: the next day's first moment takes the whole last day in.
      const file = await dispatch(downloadLegalExport(what, dayMs(from), dayMs(to) + DAY_MS));
      saveFile(file.blob, file.filename);
      setSaid({ text: t(`${L}.done`, { file: file.filename }), failed: false });
    } catch (error) {
      const failure = toApiError(error);
      setSaid({ text: failure.error_status === 0 ? t(`${K}.connectionError`) : t(`${L}.failed`, { message: failure.message }), failed: true });
    } finally {
      setBusy(null);
    }
  };

  const invalid = problem ? true : undefined;
  const describedBy = problem ? `${id}-problem` : `${id}-hint`;
  return (
    <section className="vf-sset__transparency" part="transparency" aria-labelledby={`${id}-title`}>
      <h4 className="vf-sset__subheading" id={`${id}-title`}>{t(`${L}.title`)}</h4>
      <p className="vf-sset__hint" id={`${id}-hint`}>{t(`${L}.intro`)}</p>
      <div className="vf-sset__row vf-sset__period">
        <div className="vf-sset__field">
          <label htmlFor={`${id}-from`}>{t(`${L}.from`)}</label>
          <input id={`${id}-from`} type="date" part="period-from" value={from} max={today} aria-invalid={invalid} aria-describedby={describedBy} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="vf-sset__field">
          <label htmlFor={`${id}-to`}>{t(`${L}.to`)}</label>
          <input id={`${id}-to`} type="date" part="period-to" value={to} aria-invalid={invalid} aria-describedby={describedBy} onChange={(e) => setTo(e.target.value)} />
        </div>
      </div>
      {problem ? <p className="vf-error vf-sset__error" id={`${id}-problem`} part="field-error" role="alert">{t(`${L}.problem.${problem}`)}</p> : null}
      <div className="vf-sset__row">
        {EXPORTS.map((what) => (
          <Button key={what} part={`download download-${what}`} busy={busy === what} onClick={() => void download(what)}>
            {t(`${L}.download.${what}`)}
          </Button>
        ))}
      </div>
      <p className="vf-sset__status" part="download-status" role="status">{said && !said.failed ? said.text : ''}</p>
      <p className="vf-error vf-sset__problem" part="download-error" role="alert">{said?.failed ? said.text : ''}</p>
    </section>
  );
}
