/**
 * One list of grounds (docs/law.md "Grounds"): the kinds of illegality, each with the category of
 * the EU's Transparency Database it maps to, or the rules of the site's terms. Each ground is a
 * small group (its number as legend): its label (a default one shown as the site stores it, with
 * how readers see it translated), its category, and Remove. "Add" puts an empty ground last and
 * moves the focus to its label; Remove moves it to the next ground (or to Add). What is wrong
 * shows next to the label (`problems`), or under the list for the list itself.
 */
import { useId, useRef } from 'react';
import { DSA_CATEGORIES, MAX_GROUND_LABEL, MAX_GROUNDS, type DsaCategory } from '../../../core/legal/types.ts';
import { Button } from '../../ui/Button.tsx';
import { useT } from '../../ui/useIntl.ts';
import { K } from '../SettingsSection.tsx';
import { useGroundLabel } from './groundLabels.ts';
import { groundTypeOf, labelName, newGround, type GroundDraft, type ListName, type ListProblems } from './legalDraft.ts';

const L = `${K}.legal`;

export interface GroundListEditorProps {
  list: ListName;
  grounds: GroundDraft[];
  /** Shown only once the admin tried to save. */
  problems: ListProblems | null;
  /** The server's refusal naming this list. */
  serverError: string | null;
  onChange(grounds: GroundDraft[]): void;
}

export function GroundListEditor({ list, grounds, problems, serverError, onChange }: GroundListEditorProps) {
  const t = useT();
  const id = useId();
  const shown = useGroundLabel();
  const box = useRef<HTMLFieldSetElement>(null);
  const type = groundTypeOf(list);
  const listError = serverError ?? (problems?.list ? t(`${L}.listProblem.${problems.list}.${list}`, { max: MAX_GROUNDS }) : null);

  const focusLabel = (index: number) =>
    requestAnimationFrame(() => (box.current?.querySelector<HTMLElement>(`[name="${labelName(list, index)}"]`) ?? box.current?.querySelector<HTMLElement>('[part~="add-ground"]'))?.focus());
  const change = (key: string, next: Partial<GroundDraft>) => onChange(grounds.map((g) => (g.key === key ? { ...g, ...next } : g)));
  const remove = (index: number) => {
    onChange(grounds.filter((_, i) => i !== index));
    focusLabel(Math.min(index, grounds.length - 2));
  };
  const add = () => {
    onChange([...grounds, newGround(list)]);
    focusLabel(grounds.length);
  };

  return (
    <fieldset ref={box} className="vf-sset__group vf-sset__grounds" part={`grounds grounds-${list}`} name={list} tabIndex={-1} aria-describedby={listError ? `${id}-error` : `${id}-hint`}>
      <legend>{t(`${L}.${list}`)}</legend>
      <p className="vf-sset__hint" id={`${id}-hint`}>{t(`${L}.${list}Hint`)}</p>
      <ol className="vf-sset__ground-list">
        {grounds.map((ground, index) => {
          const row = `${id}-${ground.key}`;
          const problem = problems?.rows[ground.key];
          const translated = ground.id ? shown(type, ground.id, ground.label) : ground.label;
          const notes = [problem ? `${row}-error` : null, translated !== ground.label ? `${row}-shown` : null].filter(Boolean).join(' ');
          return (
            <li key={ground.key}>
              <fieldset className="vf-sset__ground" part="ground">
                <legend>{t(`${L}.groundNumber.${list}`, { n: index + 1 })}</legend>
                <div className="vf-sset__field">
                  <label htmlFor={`${row}-label`}>{t(`${L}.label`)}</label>
                  <input
                    id={`${row}-label`} name={labelName(list, index)} type="text" value={ground.label} maxLength={MAX_GROUND_LABEL}
                    aria-invalid={problem ? true : undefined} aria-describedby={notes || undefined}
                    onChange={(e) => change(ground.key, { label: e.target.value })}
                  />
                  {translated !== ground.label ? <p className="vf-sset__hint" id={`${row}-shown`}>{t(`${L}.shownAs`, { label: translated })}</p> : null}
                  {problem ? <p className="vf-error vf-sset__error" id={`${row}-error`} part="field-error">{t(`${L}.problem.${problem}`, { max: MAX_GROUND_LABEL })}</p> : null}
                </div>
                {list === 'illegal_kinds' ? (
                  <div className="vf-sset__field">
                    <label htmlFor={`${row}-category`}>{t(`${L}.category`)}</label>
                    <select id={`${row}-category`} name={`${list}.${index}.category`} value={ground.category} onChange={(e) => change(ground.key, { category: e.target.value as DsaCategory })}>
                      {DSA_CATEGORIES.map((c) => <option key={c} value={c}>{t(`${L}.categories.${c}`)}</option>)}
                    </select>
                  </div>
                ) : null}
                <Button part="remove-ground" onClick={() => remove(index)}>
                  {t(`${L}.remove`, { label: ground.label.trim() || t(`${L}.groundNumber.${list}`, { n: index + 1 }) })}
                </Button>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {listError ? <p className="vf-error vf-sset__error" id={`${id}-error`} part="field-error">{listError}</p> : null}
      <Button part="add-ground" disabled={grounds.length >= MAX_GROUNDS} onClick={add}>{t(`${L}.add.${list}`)}</Button>
    </fieldset>
  );
}
