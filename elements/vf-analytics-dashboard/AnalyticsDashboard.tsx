/**
 * <vf-analytics-dashboard>: the site's analytics for admins (docs/analytics.md "The dashboard
 * element"). A guest is asked to log in, a signed-in reader who is not an admin is told that only
 * administrators see it; an admin chooses a period and sees totals and charts, with loading,
 * empty, error (Retry) and offline states.
 */
import { useState } from 'react';
import type { ApiError } from '../../core/api/errors.ts';
import { useAnalyticsDashboardQuery } from '../../core/api/analytics.ts';
import { ErrorState } from '../ui/ErrorState.tsx';
import { useHostEvent } from '../ui/hostEvents.ts';
import { LoginPromptProvider } from '../ui/LoginPrompt.tsx';
import { OfflineNotice } from '../ui/OfflineNotice.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { StaffGuestPrompt, StaffNote, StaffPending, StaffTitle, useStaffView } from '../ui/StaffNotes.tsx';
import { useIntl, useT } from '../ui/useIntl.ts';
import { ViewerProvider } from '../ui/usePermission.ts';
import { DashboardView, isEmpty } from './DashboardView.tsx';
import { formatDay } from './format.ts';
import { parsePreset, presetPeriod, type Period, type Preset } from './period.ts';
import { PeriodChooser, type Choice } from './PeriodChooser.tsx';

const K = 'page_settings.analytics';

export interface AnalyticsDashboardProps {
  /** `preset`: the period shown first, the last 7, 30 (default) or 90 days. */
  preset?: string;
}

/** Detail of `vf-analytics-period`: the period now shown, UTC days. */
export interface AnalyticsPeriodDetail {
  from: string;
  to: string;
}

const Note = ({ part, text }: { part: string; text: string }) => <StaffNote part={part} text={text} className="vf-adash__note" />;

function Figures({ sectionUuid, period }: { sectionUuid: string; period: Period }) {
  const t = useT();
  // A period seen before shows at once and is read again behind it (the figures move during the day).
  const query = useAnalyticsDashboardQuery({ sectionUuid, ...period }, { refetchOnMountOrArgChange: true });
  const status = (query.error as Partial<ApiError> | undefined)?.error_status;
  if (query.isError && query.currentData === undefined) {
    if (status === 403) return <Note part="forbidden" text={t(`${K}.forbidden`)} />;
    return <ErrorState message={t(`${K}.error`)} retryLabel={t(`${K}.retry`)} onRetry={() => void query.refetch()} />;
  }
  if (query.currentData === undefined) return <Skeleton lines={8} label={t(`${K}.loading`)} />;
  if (isEmpty(query.currentData)) return <p className="vf-state vf-state--empty" part="empty">{t(`${K}.empty`)}</p>;
  return <DashboardView data={query.currentData} />;
}

function Admin({ sectionUuid, preset }: { sectionUuid: string; preset: Preset }) {
  const t = useT();
  const intl = useIntl();
  const emit = useHostEvent();
  const [choice, setChoice] = useState<Choice>(preset);
  const [period, setPeriod] = useState<Period>(() => presetPeriod(preset));
  const choose = (next: Choice, to: Period) => {
    setChoice(next);
    setPeriod(to);
    emit<AnalyticsPeriodDetail>('vf-analytics-period', to);
  };
  return (
    <>
      <PeriodChooser choice={choice} period={period} onChoose={choose} />
      <p className="vf-adash__showing" part="showing" role="status">
        {t(`${K}.showing`, { from: formatDay(intl, period.from, true), to: formatDay(intl, period.to, true) })}
      </p>
      <Figures sectionUuid={sectionUuid} period={period} />
    </>
  );
}

function Gate({ preset }: { preset: Preset }) {
  const t = useT();
  const view = useStaffView('admin');
  let body;
  if (view.kind === 'loading') body = <StaffPending text={t(`${K}.guest`)} loginLabel={t(`${K}.login`)} label={t(`${K}.loading`)} className="vf-adash__note" />;
  else if (view.kind === 'guest') body = <StaffGuestPrompt text={t(`${K}.guest`)} loginLabel={t(`${K}.login`)} action="analytics.dashboard" className="vf-adash__note" />;
  else if (view.kind === 'forbidden') body = <Note part="forbidden" text={t(`${K}.forbidden`)} />;
  else body = <Admin key={view.user.uuid} sectionUuid={view.sectionUuid} preset={preset} />;
  return (
    <section className="vf-adash" part="base" aria-labelledby="vf-adash-title">
      <StaffTitle view={view} id="vf-adash-title" className="vf-adash__title" text={t(`${K}.title`)} />
      {body}
      <OfflineNotice text={t(`${K}.offline`)} />
    </section>
  );
}

export function AnalyticsDashboard({ preset }: AnalyticsDashboardProps) {
  return (
    <ViewerProvider>
      <LoginPromptProvider>
        <Gate preset={parsePreset(preset)} />
      </LoginPromptProvider>
    </ViewerProvider>
  );
}
