/**
 * Deciding on items from the queue, each decision undoable for 10 s (UNDO_WINDOW_MS): the items
 * leave the list at once (core/api/moderation.ts), the undo bar offers Undo until the window
 * closes, and Undo puts them back where they were. An item another moderator decided first
 * answers 409: the message names them, and the item leaves this list too (it is decided).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiError } from '../../core/api/errors.ts';
import { restoreToQueue, useDecideMutation, useUndoDecisionMutation } from '../../core/api/moderation.ts';
import { decidedByName, type DecidedBy, type QueueArgs } from '../../core/api/moderationTypes.ts';
import { UNDO_WINDOW_MS, type Decision, type QueueItem } from '../../core/moderation/types.ts';
import { useAppDispatch } from '../../core/store/hooks.ts';
import { useT } from '../ui/useIntl.ts';

const K = 'page_settings.moderationQueue';

/** The last decision while it can be undone: each item with its decision and where it was listed. */
export interface Undoable {
  decision: Decision;
  entries: Array<{ decisionUuid: string; item: QueueItem; index: number }>;
}

/** What the undo bar says: `alert` for a failure or a conflict, else a polite status. */
export interface Notice {
  text: string;
  urgent: boolean;
}

export function useDecisions(args: QueueArgs, items: readonly QueueItem[]) {
  const t = useT();
  const dispatch = useAppDispatch();
  const [decide, decideState] = useDecideMutation();
  const [undoCall] = useUndoDecisionMutation();
  const [undoable, setUndoable] = useState<Undoable | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const stopTimer = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => stopTimer, []);

  // The items themselves leave the lists in the call's own handling (core/api/moderation.ts).
  const conflict = (decidedBy: DecidedBy | undefined) => {
    setNotice({ text: t(`${K}.conflict`, { name: decidedByName(decidedBy) }), urgent: true });
  };

  const run = useCallback(
    /** The uuids decided (none when it failed or conflicted). */
    async (decision: Decision, chosen: QueueItem[]): Promise<string[]> => {
      if (chosen.length === 0) return [];
      const where = new Map(items.map((item, index) => [item.uuid, index]));
      try {
        const result = await decide({ decision, items: chosen.map(({ uuid, state }) => ({ uuid, state })) }).unwrap();
        const entries = result.decided.map((d) => ({
          decisionUuid: d.decision_uuid, item: chosen.find((c) => c.uuid === d.uuid)!, index: where.get(d.uuid) ?? 0,
        }));
        stopTimer();
        setUndoable(entries.length ? { decision, entries } : null);
        if (entries.length) timer.current = setTimeout(() => setUndoable(null), UNDO_WINDOW_MS);
        if (result.conflicts.length) conflict(result.conflicts[0]!.decided_by);
        else setNotice({ text: t(`${K}.decided.${decision}`, { count: entries.length }), urgent: false });
        return entries.map((e) => e.item.uuid);
      } catch (error) {
        const failure = error as ApiError;
        if (failure.error_status === 409) conflict((failure.data as { decided_by?: DecidedBy } | null)?.decided_by);
        else setNotice({ text: t(`${K}.decideError`), urgent: true });
        return [];
      }
    },
    [decide, items], // eslint-disable-line react-hooks/exhaustive-deps
  );

  const undo = useCallback(async () => {
    if (!undoable) return;
    stopTimer();
    setUndoable(null);
    try {
      await Promise.all(undoable.entries.map((e) => undoCall(e.decisionUuid).unwrap()));
      for (const e of [...undoable.entries].sort((a, b) => a.index - b.index)) restoreToQueue(dispatch, args, e.item, e.index);
      setNotice({ text: t(`${K}.undone`, { count: undoable.entries.length }), urgent: false });
    } catch {
      setNotice({ text: t(`${K}.undoError`), urgent: true });
    }
  }, [undoable, args]); // eslint-disable-line react-hooks/exhaustive-deps

  return { run, undo, undoable, notice, setNotice, busy: decideState.isLoading };
}
