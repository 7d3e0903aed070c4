/**
 * One scorer's settings (spam: Akismet's comment-check; toxicity: Perspective's
 * comments:analyze): on or off, its address, its key, the scores that hold and reject, and what
 * a time-out does. The key is write-only: a set key shows as "A key is set", with Replace and Clear.
 */
import { Button } from '../ui/Button.tsx';
import { useT } from '../ui/useIntl.ts';
import { Choice, Group, Switch, TextField } from './fields.tsx';
import type { ScorerDraft, ScorerName } from './moderationDraft.ts';
import { K } from './SettingsSection.tsx';

interface ScorerProps {
  name: ScorerName;
  draft: ScorerDraft;
  onChange(next: Partial<ScorerDraft>): void;
  errorFor(field: string): string | null;
}

function KeyField({ name, draft, onChange, errorFor }: ScorerProps) {
  const t = useT();
  const field = `${name}.key`;
  if (draft.key_set && draft.keyAction !== 'replace') {
    const clearing = draft.keyAction === 'clear';
    return (
      <div className="vf-sset__key" part="key">
        <p className="vf-sset__key-state" part="key-state">{t(clearing ? `${K}.scorer.keyCleared` : `${K}.scorer.keySet`)}</p>
        {clearing ? (
          <Button onClick={() => onChange({ keyAction: 'keep' })}>{t(`${K}.scorer.keepKey`)}</Button>
        ) : (
          <>
            <Button part="replace-key" onClick={() => onChange({ keyAction: 'replace', key: '' })}>{t(`${K}.scorer.replaceKey`)}</Button>
            <Button part="clear-key" onClick={() => onChange({ keyAction: 'clear' })}>{t(`${K}.scorer.clearKey`)}</Button>
          </>
        )}
        {errorFor(field) ? <p className="vf-error vf-sset__error" part="field-error">{errorFor(field)}</p> : null}
      </div>
    );
  }
  return (
    <div className="vf-sset__key" part="key">
      <TextField
        name={field}
        kind="password"
        autoComplete="off"
        label={t(draft.key_set ? `${K}.scorer.newKey` : `${K}.scorer.key`)}
        hint={t(draft.key_set ? `${K}.scorer.newKeyHint` : `${K}.scorer.keyHint`)}
        value={draft.key}
        error={errorFor(field)}
        onChange={(key) => onChange({ key })}
      />
      {draft.key_set ? <Button onClick={() => onChange({ keyAction: 'keep', key: '' })}>{t(`${K}.scorer.keepKey`)}</Button> : null}
    </div>
  );
}

export function ScorerFields(props: ScorerProps) {
  const t = useT();
  const { name, draft, onChange, errorFor } = props;
  const label = (part: string) => t(`${K}.scorer.${part}`);
  const score = (part: 'hold_at' | 'reject_at') => (
    <TextField name={`${name}.${part}`} kind="number" min={0} max={1} step="any" label={label(part)} value={draft[part]} error={errorFor(`${name}.${part}`)} onChange={(v) => onChange({ [part]: v })} />
  );
  return (
    <Group legend={t(`${K}.scorer.${name}`)}>
      <Switch name={`${name}.enabled`} label={label('enabled')} checked={draft.enabled} error={errorFor(`${name}.enabled`)} onChange={(enabled) => onChange({ enabled })} />
      <TextField name={`${name}.endpoint`} kind="url" label={label('endpoint')} hint={t(`${K}.scorer.${name}Endpoint`)} value={draft.endpoint} error={errorFor(`${name}.endpoint`)} onChange={(endpoint) => onChange({ endpoint })} />
      <KeyField {...props} />
      <div className="vf-sset__row">
        {score('hold_at')}
        {score('reject_at')}
      </div>
      <Choice
        name={`${name}.on_timeout`}
        legend={label('onTimeout')}
        value={draft.on_timeout}
        choices={[{ value: 'hold', label: label('onTimeoutHold') }, { value: 'pass', label: label('onTimeoutPass') }]}
        error={errorFor(`${name}.on_timeout`)}
        onChange={(on_timeout) => onChange({ on_timeout })}
      />
    </Group>
  );
}
