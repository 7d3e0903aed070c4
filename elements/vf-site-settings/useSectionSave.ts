/**
 * One section's save: busy while the call runs, a polite "Saved" after it, and the server's
 * refusal kept with the field it names (the 400's `field`), so the section shows it next to that
 * control and moves focus there. Nothing typed is touched: the draft is the section's own state.
 */
import { useLayoutEffect, useState, type RefObject } from 'react';
import { toApiError } from '../../core/api/errors.ts';

export interface SaveProblem {
  /** The control the server named, when one of the section's controls has that name. */
  field: string | null;
  /** The server's message, or null for a dropped connection (the section says so in its words). */
  message: string | null;
}

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'failed';

/** The control named `name` is what `field` is about: the same name, or a part of it (`link_allowlist.2`). */
function fieldIs(name: string, field: string): boolean {
  return field === name || field.startsWith(`${name}.`) || field.startsWith(`${name}/`) || field.startsWith(`${name}[`);
}

export function useSectionSave(form: RefObject<HTMLFormElement | null>, names: readonly string[]) {
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [problem, setProblem] = useState<SaveProblem | null>(null);

  // A layout effect: the focus moves in the commit that marks the field invalid, not a frame later.
  useLayoutEffect(() => {
    if (!problem || !form.current) return;
    const target = problem.field
      ? form.current.querySelector<HTMLElement>(`[name="${CSS.escape(problem.field)}"]`)
      : form.current.querySelector<HTMLElement>('[data-save-problem]');
    target?.focus();
  }, [problem, form]);

  /** Runs the call; its answer when it succeeded, null when it failed (the problem is kept). */
  async function save<R>(run: () => Promise<R>): Promise<{ answer: R } | null> {
    setStatus('saving');
    setProblem(null);
    try {
      const answer = await run();
      setStatus('saved');
      return { answer };
    } catch (error) {
      const failure = toApiError(error);
      const named = (failure.data as { field?: unknown } | null)?.field;
      const field = typeof named === 'string' ? (names.find((name) => fieldIs(name, named)) ?? null) : null;
      setProblem({ field, message: failure.error_status === 0 ? null : failure.message });
      setStatus('failed');
      return null;
    }
  }

  /** The message to show next to the control `name`, if the server named it. */
  const errorFor = (name: string): string | null => (problem?.field === name ? problem.message : null);
  /** Typing again clears "Saved" (the draft differs from what was saved). */
  const edited = () => status === 'saved' && setStatus('idle');

  return { status, problem, save, errorFor, edited };
}
