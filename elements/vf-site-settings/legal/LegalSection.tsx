/**
 * "Legal" (docs/law.md): the site's grounds — its kinds of illegality (each with its category in
 * the EU's Transparency Database) and the rules of its terms — and what erasing a reader does to
 * their content, read with `GET /legal/settings` and saved with `PUT /legal/settings`; then the
 * transparency downloads. The lists are checked before they are sent: what is wrong shows next to
 * it and the first such field takes the focus; the server's refusal shows the same way.
 */
import { useRef, useState } from 'react';
import { legalModerationApi } from '../../../core/api/legalModeration.ts';
import { useGetLegalSettingsQuery } from '../../../core/api/notices.ts';
import { ERASED_CONTENT, type LegalSettings } from '../../../core/legal/types.ts';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { useRunMutation } from '../../ui/useRunMutation.ts';
import { useT } from '../../ui/useIntl.ts';
import { Choice, Group } from '../fields.tsx';
import { K, SaveForm, SectionFrame } from '../SettingsSection.tsx';
import { useSectionSave } from '../useSectionSave.ts';
import { GroundListEditor } from './GroundListEditor.tsx';
import { hasProblems, LEGAL_FIELDS, LISTS, listProblems, toDraft, toSettings, type LegalDraft, type ListName } from './legalDraft.ts';
import { TransparencyBox } from './TransparencyBox.tsx';

const L = `${K}.legal`;

function LegalForm({ settings }: { settings: LegalSettings }) {
  const t = useT();
  const form = useRef<HTMLFormElement>(null);
  const saving = useSectionSave(form, LEGAL_FIELDS);
  const [, run] = useRunMutation();
  const [draft, setDraft] = useState<LegalDraft>(() => toDraft(settings));
  /** Problems show once a save was tried, and update as the admin fixes them. */
  const [tried, setTried] = useState(false);
  const change = (next: Partial<LegalDraft>) => {
    setDraft((d) => ({ ...d, ...next }));
    saving.edited();
  };

  const onSave = async () => {
    if (LISTS.some((list) => hasProblems(listProblems(draft[list])))) {
      setTried(true);
      // The first field (or list) marked wrong takes the focus, once it is marked.
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"], fieldset[aria-describedby$="-error"]')?.focus());
      return;
    }
    setTried(false);
    const saved = await saving.save(() => run(legalModerationApi.endpoints.changeLegalSettings.initiate(toSettings(draft))));
    if (saved) setDraft(toDraft(saved.answer)); // the ids the new grounds got, the labels as stored
  };

  const editor = (list: ListName) => (
    <GroundListEditor
      key={list}
      list={list}
      grounds={draft[list]}
      problems={tried ? listProblems(draft[list]) : null}
      serverError={saving.errorFor(list)}
      onChange={(grounds) => change({ [list]: grounds })}
    />
  );
  return (
    <SaveForm formRef={form} saving={saving} onSave={() => void onSave()}>
      {LISTS.map(editor)}
      <Group legend={t(`${L}.erasure`)}>
        <Choice
          name="erased_content"
          legend={t(`${L}.erased_content`)}
          value={draft.erased_content}
          choices={ERASED_CONTENT.map((value) => ({ value, label: t(`${L}.erased.${value}`) }))}
          hint={t(`${L}.erased_contentHint`)}
          error={saving.errorFor('erased_content')}
          onChange={(erased_content) => change({ erased_content })}
        />
      </Group>
    </SaveForm>
  );
}

export function LegalSection() {
  const t = useT();
  const query = useGetLegalSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  let body;
  if (query.currentData) body = <LegalForm settings={query.currentData} />;
  else if (query.isError) body = <ErrorState message={t(`${L}.error`)} retryLabel={t(`${K}.retry`)} onRetry={() => void query.refetch()} />;
  else body = <div className="vf-sset__placeholder vf-sset__placeholder--legal"><Skeleton lines={12} label={t(`${K}.loading`)} /></div>;
  return (
    <SectionFrame part="legal" title={t(`${L}.title`)} intro={t(`${L}.intro`)}>
      {body}
      <TransparencyBox />
    </SectionFrame>
  );
}
