/**
 * One section of the settings: a form with its heading, its controls, and a footer with Save,
 * a polite status ("Saving…", "Saved") and, when the server refused without naming one of the
 * section's controls, the reason. Offline, Save is disabled and the footer says why.
 */
import { useId, type FormEvent, type ReactNode, type RefObject } from 'react';
import { selectIsOnline } from '../../core/network/slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { Button } from '../ui/Button.tsx';
import { useT } from '../ui/useIntl.ts';
import type { useSectionSave } from './useSectionSave.ts';

export const K = 'page_settings.siteSettings';

interface SectionProps {
  part: string;
  title: string;
  intro?: string;
  formRef: RefObject<HTMLFormElement | null>;
  saving: ReturnType<typeof useSectionSave>;
  onSave(): void;
  saveLabel?: string;
  children: ReactNode;
}

/** The section's frame without a form: for what loads first, fails, or has no Save (the lists). */
export function SectionFrame({ part, title, intro, children }: { part: string; title: string; intro?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="vf-sset__section" part={`section ${part}`} aria-labelledby={`${id}-title`}>
      <h3 className="vf-sset__heading" id={`${id}-title`}>{title}</h3>
      {intro ? <p className="vf-sset__intro">{intro}</p> : null}
      {children}
    </section>
  );
}

/** A form whose footer has Save (or `saveLabel`), its status and an unplaced refusal. */
export function SaveForm({ formRef, saving, onSave, saveLabel, children }: Omit<SectionProps, 'part' | 'title' | 'intro'>) {
  const t = useT();
  const id = useId();
  const online = useAppSelector(selectIsOnline);
  const { status, problem } = saving;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (online && status !== 'saving') onSave();
  };
  const unplaced = problem && !problem.field ? (problem.message ?? t(`${K}.connectionError`)) : null;
  return (
    <form ref={formRef} className="vf-sset__form" noValidate onSubmit={submit}>
      {children}
      <div className="vf-sset__footer">
        <Button type="submit" variant="primary" part="save" busy={status === 'saving'} disabled={!online} aria-describedby={online ? undefined : `${id}-offline`}>
          {saveLabel ?? t(`${K}.save`)}
        </Button>
        {online ? null : <p className="vf-sset__offline" id={`${id}-offline`}>{t(`${K}.offlineSave`)}</p>}
        <p className="vf-sset__status" part="status" role="status">
          {status === 'saving' ? t(`${K}.saving`) : status === 'saved' ? t(`${K}.saved`) : problem?.field ? t(`${K}.notSaved`) : ''}
        </p>
        {unplaced ? <p className="vf-error vf-sset__problem" part="save-error" role="alert" tabIndex={-1} data-save-problem="">{unplaced}</p> : null}
      </div>
    </form>
  );
}

export function SettingsSection({ part, title, intro, ...form }: SectionProps) {
  return (
    <SectionFrame part={part} title={title} intro={intro}>
      <SaveForm {...form} />
    </SectionFrame>
  );
}
