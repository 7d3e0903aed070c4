/**
 * The section's controls: each labelled, its hint and the server's error tied to it with
 * aria-describedby, aria-invalid while the error stands. `name` is the setting's name as the
 * server's 400 names it (`field`), so useSectionSave can find and focus it.
 */
import { useId, type ReactNode } from 'react';

interface Described {
  hint?: string;
  error?: string | null;
}

/** The ids a control is described by, and the hint and error paragraphs carrying them. */
function useDescription({ hint, error }: Described) {
  const id = useId();
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  const notes = (
    <>
      {hint ? <p className="vf-sset__hint" id={`${id}-hint`}>{hint}</p> : null}
      {error ? <p className="vf-error vf-sset__error" id={`${id}-error`} part="field-error">{error}</p> : null}
    </>
  );
  return { id, describedBy: ids || undefined, invalid: error ? true : undefined, notes };
}

interface TextProps extends Described {
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  /** `lines`: a textarea, one entry per line. */
  kind?: 'text' | 'url' | 'number' | 'password' | 'lines';
  min?: number;
  max?: number;
  step?: number | 'any';
  autoComplete?: string;
  /** Values offered as the admin types (a datalist); any other text may still be typed. */
  suggestions?: readonly string[];
}

export function TextField({ label, name, value, onChange, kind = 'text', hint, error, suggestions, ...rest }: TextProps) {
  const { id, describedBy, invalid, notes } = useDescription({ hint, error });
  const common = { id, name, value, 'aria-describedby': describedBy, 'aria-invalid': invalid };
  return (
    <div className="vf-sset__field">
      <label htmlFor={id}>{label}</label>
      {kind === 'lines' ? (
        <textarea {...common} rows={4} spellCheck={false} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} {...rest} type={kind} list={suggestions ? `${id}-list` : undefined} onChange={(e) => onChange(e.target.value)} />
      )}
      {suggestions ? (
        <datalist id={`${id}-list`}>
          {suggestions.map((option) => <option key={option} value={option} />)}
        </datalist>
      ) : null}
      {notes}
    </div>
  );
}

/** One value among `choices`: a drop-down (SelectField) or radio buttons (Choice). */
interface OneOf<V extends string> extends Described {
  name: string;
  value: V;
  choices: readonly { value: V; label: string }[];
  onChange(value: V): void;
}

interface SelectProps<V extends string> extends OneOf<V> {
  label: string;
}

/** A labelled drop-down, for a choice among many (radio buttons for a few: Choice). */
export function SelectField<V extends string>({ label, name, value, choices, onChange, hint, error }: SelectProps<V>) {
  const { id, describedBy, invalid, notes } = useDescription({ hint, error });
  return (
    <div className="vf-sset__field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} value={value} aria-describedby={describedBy} aria-invalid={invalid} onChange={(e) => onChange(e.target.value as V)}>
        {choices.map((choice) => <option key={choice.value} value={choice.value}>{choice.label}</option>)}
      </select>
      {notes}
    </div>
  );
}

interface SwitchProps extends Described {
  label: string;
  name: string;
  checked: boolean;
  onChange(checked: boolean): void;
}

export function Switch({ label, name, checked, onChange, hint, error }: SwitchProps) {
  const { id, describedBy, invalid, notes } = useDescription({ hint, error });
  return (
    <div className="vf-sset__switch">
      <input id={id} name={name} type="checkbox" checked={checked} aria-describedby={describedBy} aria-invalid={invalid} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
      {notes}
    </div>
  );
}

interface ChoiceProps<V extends string> extends OneOf<V> {
  legend: string;
}

/** Radio buttons in a fieldset whose legend names them. */
export function Choice<V extends string>({ legend, name, value, choices, onChange, hint, error }: ChoiceProps<V>) {
  const { id, describedBy, invalid, notes } = useDescription({ hint, error });
  return (
    <fieldset className="vf-sset__choice" aria-describedby={describedBy}>
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className="vf-sset__option">
          <input type="radio" name={name} value={choice.value} checked={value === choice.value} aria-invalid={invalid} onChange={() => onChange(choice.value)} id={`${id}-${choice.value}`} />
          {choice.label}
        </label>
      ))}
      {notes}
    </fieldset>
  );
}

/** A group of controls with its legend. */
export function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="vf-sset__group">
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}
