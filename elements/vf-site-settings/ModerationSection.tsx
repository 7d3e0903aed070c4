/**
 * Automatic moderation (docs/moderation.md "Automatic moderation"): banned and suspect words, the
 * links rule and its allow-list, the new-commenter rule and the two scorers, read with
 * `GET /moderation/settings` and saved whole with `PATCH /moderation/settings`.
 */
import { useRef, useState } from 'react';
import { moderationSettingsApi, useAutoModerationSettingsQuery } from '../../core/api/moderationSettings.ts';
import type { AutoModerationSettings } from '../../core/moderation/types.ts';
import { ErrorState } from '../ui/ErrorState.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useRunMutation } from '../ui/useRunMutation.ts';
import { useT } from '../ui/useIntl.ts';
import { Choice, Group, TextField } from './fields.tsx';
import { MODERATION_FIELDS, SCORERS, toChange, toDraft, type ModerationDraft, type ScorerDraft, type ScorerName } from './moderationDraft.ts';
import { ScorerFields } from './ScorerFields.tsx';
import { K, SectionFrame, SettingsSection } from './SettingsSection.tsx';
import { useSectionSave } from './useSectionSave.ts';

const LINKS = ['off', 'all', 'outside_allowlist'] as const;

function ModerationForm({ section, settings }: { section: string; settings: AutoModerationSettings }) {
  const t = useT();
  const form = useRef<HTMLFormElement>(null);
  const saving = useSectionSave(form, MODERATION_FIELDS);
  const [, run] = useRunMutation();
  const [draft, setDraft] = useState<ModerationDraft>(() => toDraft(settings));
  const change = (next: Partial<ModerationDraft>) => {
    setDraft((d) => ({ ...d, ...next }));
    saving.edited();
  };
  const changeScorer = (name: ScorerName) => (next: Partial<ScorerDraft>) => change({ [name]: { ...draft[name], ...next } });

  const onSave = async () => {
    const saved = await saving.save(() => run(moderationSettingsApi.endpoints.changeAutoModerationSettings.initiate({ section, change: toChange(draft) })));
    if (saved) setDraft(toDraft(saved.answer)); // the lists as stored, the keys as set
  };

  const words = (name: 'banned_words' | 'suspect_words') => (
    <TextField name={name} kind="lines" label={t(`${K}.moderation.${name}`)} hint={t(`${K}.moderation.${name}Hint`)} value={draft[name]} error={saving.errorFor(name)} onChange={(v) => change({ [name]: v })} />
  );
  return (
    <SettingsSection part="moderation" title={t(`${K}.moderation.title`)} intro={t(`${K}.moderation.intro`)} formRef={form} saving={saving} onSave={() => void onSave()}>
      <Group legend={t(`${K}.moderation.words`)}>
        {words('banned_words')}
        {words('suspect_words')}
      </Group>
      <Group legend={t(`${K}.moderation.linksTitle`)}>
        <Choice
          name="links"
          legend={t(`${K}.moderation.links`)}
          value={draft.links}
          choices={LINKS.map((value) => ({ value, label: t(`${K}.moderation.links_${value}`) }))}
          error={saving.errorFor('links')}
          onChange={(links) => change({ links })}
        />
        <TextField name="link_allowlist" kind="lines" label={t(`${K}.moderation.link_allowlist`)} hint={t(`${K}.moderation.link_allowlistHint`)} value={draft.link_allowlist} error={saving.errorFor('link_allowlist')} onChange={(link_allowlist) => change({ link_allowlist })} />
      </Group>
      <Group legend={t(`${K}.moderation.newCommenters`)}>
        <TextField name="new_commenter_holds" kind="number" min={0} step={1} label={t(`${K}.moderation.new_commenter_holds`)} hint={t(`${K}.moderation.new_commenter_holdsHint`)} value={draft.new_commenter_holds} error={saving.errorFor('new_commenter_holds')} onChange={(v) => change({ new_commenter_holds: v })} />
      </Group>
      {SCORERS.map((name) => (
        <ScorerFields key={name} name={name} draft={draft[name]} errorFor={saving.errorFor} onChange={changeScorer(name)} />
      ))}
    </SettingsSection>
  );
}

export function ModerationSection({ section }: { section: string }) {
  const t = useT();
  const query = useAutoModerationSettingsQuery(section);
  if (query.currentData) return <ModerationForm section={section} settings={query.currentData} />;
  return (
    <SectionFrame part="moderation" title={t(`${K}.moderation.title`)} intro={t(`${K}.moderation.intro`)}>
      {query.isError ? (
        <ErrorState message={t(`${K}.moderation.error`)} retryLabel={t(`${K}.retry`)} onRetry={() => void query.refetch()} />
      ) : (
        <div className="vf-sset__placeholder vf-sset__placeholder--moderation"><Skeleton lines={12} label={t(`${K}.loading`)} /></div>
      )}
    </SectionFrame>
  );
}
