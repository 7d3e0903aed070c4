/**
 * A labelled textarea with a submit button. Ctrl/Cmd+Enter submits; a character counter
 * appears near the 10000 limit; the text is kept as a local draft (per `draftKey`) until a
 * post succeeds, so a failed post loses nothing.
 */
import { useEffect, useId, useRef, type FocusEvent, type KeyboardEvent, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { isBlankText } from '../../core/text/blankText.ts';
import { Button } from './Button.tsx';
import { useDraft } from './draft.ts';
import { useT } from './useIntl.ts';

export const MAX_COMMENT_LENGTH = 10000;
/** The counter shows within this many characters of the limit. */
const COUNTER_MARGIN = 1000;

/** What a toolbar above the field may do: read the text and the field, and replace the text. */
export interface EditorHandle {
  /** The text now (also after an await). */
  readonly text: string;
  field: RefObject<HTMLTextAreaElement | null>;
  /** Sets the text (kept as the draft) and then selects `select` [start, end] in the field. */
  replace(text: string, select?: [number, number]): void;
}

export interface EditorProps {
  /** Identifies the draft in localStorage, e.g. `<containerUuid>` or `<containerUuid>:<parentUuid>`. */
  draftKey: string;
  label: string;
  placeholder?: string;
  submitLabel: string;
  /** Resolves true when the text was accepted (the draft is then cleared). */
  onSubmit(text: string): Promise<boolean>;
  onCancel?(): void;
  busy?: boolean;
  /** A message shown under the field (e.g. the post failed). */
  error?: string | null;
  autoFocus?: boolean;
  /** The label is visually hidden (the placeholder and context say enough). */
  hideLabel?: boolean;
  onFocus?(event: FocusEvent<HTMLTextAreaElement>): void;
  onClick?(event: MouseEvent<HTMLTextAreaElement>): void;
  part?: string;
  /** The longest text accepted (default MAX_COMMENT_LENGTH); the counter shows near it. */
  maxLength?: number;
  /** Controls above the field (a formatting toolbar), given the field and its text. */
  toolbar?(edit: EditorHandle): ReactNode;
}

export function Editor(props: EditorProps) {
  const { draftKey, label, placeholder, submitLabel, onSubmit, onCancel, busy = false, error, autoFocus, hideLabel } = props;
  const { maxLength = MAX_COMMENT_LENGTH, toolbar } = props;
  const t = useT();
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [text, setDraft] = useDraft(draftKey);
  // The toolbar may act after an await (an image upload): it reads the text as it is by then.
  const latest = useRef(text);
  latest.current = text;

  useEffect(() => {
    if (autoFocus) field.current?.focus();
  }, [autoFocus]);

  const over = text.length > maxLength;
  // Text that shows nothing is no comment (the server says "Comment cannot be empty").
  const canSubmit = !isBlankText(text) && !over && !busy;

  const change = (value: string) => {
    latest.current = value;
    setDraft(value);
  };

  const submit = async () => {
    if (!canSubmit) return;
    const accepted = await onSubmit(text.trim());
    if (accepted) change('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    } else if (event.key === 'Escape' && onCancel) {
      event.preventDefault();
      onCancel();
    }
  };

  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  const showCounter = text.length >= maxLength - COUNTER_MARGIN;
  const describedBy = [showCounter ? counterId : '', error ? errorId : ''].filter(Boolean).join(' ');

  return (
    <form
      className="vf-editor"
      part={props.part ?? 'editor'}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={id} className={hideLabel ? 'vf-visually-hidden' : 'vf-editor__label'}>
        {label}
      </label>
      {toolbar?.({
        get text() {
          return latest.current;
        },
        field,
        replace(next, select) {
          change(next);
          if (select) requestAnimationFrame(() => field.current?.setSelectionRange(...select));
          field.current?.focus();
        },
      })}
      <textarea
        id={id}
        ref={field}
        value={text}
        placeholder={placeholder}
        rows={3}
        aria-invalid={over || undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => change(event.target.value)}
        onKeyDown={onKeyDown}
        onFocus={props.onFocus}
        onClick={props.onClick}
      />
      {error ? (
        <p id={errorId} className="vf-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="vf-editor__footer">
        {showCounter ? (
          <span id={counterId} className="vf-editor__counter" data-over={over} aria-live="polite">
            {over
              ? t('base.editor.over', { count: text.length - maxLength })
              : t('base.editor.remaining', { count: maxLength - text.length })}
          </span>
        ) : null}
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            {t('base.editor.cancel')}
          </Button>
        ) : null}
        <Button type="submit" variant="primary" disabled={!canSubmit && !busy} busy={busy} title={t('base.editor.shortcut')}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
