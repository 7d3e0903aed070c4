/**
 * The Legal section's draft (docs/law.md "Grounds"): the two lists as the admin edits them, and
 * what is checked before they are sent (each list keeps one ground at least, a label shows
 * something, fits MAX_GROUND_LABEL and is not listed twice; at most MAX_GROUNDS). A ground keeps
 * its id when renamed; a new one gets an id made from its label (GROUND_ID_PATTERN), unique in
 * its list. Pure.
 */
import {
  MAX_GROUND_LABEL, MAX_GROUNDS, type DsaCategory, type ErasedContent, type Ground, type GroundType, type LegalSettings,
} from '../../../core/legal/types.ts';

export type ListName = 'illegal_kinds' | 'terms_rules';
export const LISTS: readonly ListName[] = ['illegal_kinds', 'terms_rules'];
export const groundTypeOf = (list: ListName): GroundType => (list === 'illegal_kinds' ? 'illegal' : 'terms');

/** A ground as edited: `id` null until a new one is saved; `key` tells rows apart while editing. */
export interface GroundDraft {
  key: string;
  id: string | null;
  label: string;
  category?: DsaCategory;
}

export interface LegalDraft {
  illegal_kinds: GroundDraft[];
  terms_rules: GroundDraft[];
  erased_content: ErasedContent;
}

/** The category a new kind of illegality starts with (the default "other" kind's). */
export const NEW_KIND_CATEGORY: DsaCategory = 'STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE';

/** The controls' names, as the server's 400 names its `field` (a list, or one of its grounds). */
export const LEGAL_FIELDS = ['illegal_kinds', 'terms_rules', 'erased_content'];
export const labelName = (list: ListName, index: number) => `${list}.${index}.label`;

let rows = 0;
const rowKey = () => `g${(rows += 1)}`;

export function toDraft(settings: LegalSettings): LegalDraft {
  const grounds = (list: Ground[]) => list.map((g) => ({ key: rowKey(), id: g.id, label: g.label, ...(g.category ? { category: g.category } : {}) }));
  return { illegal_kinds: grounds(settings.illegal_kinds), terms_rules: grounds(settings.terms_rules), erased_content: settings.erased_content };
}

export function newGround(list: ListName): GroundDraft {
  return { key: rowKey(), id: null, label: '', ...(list === 'illegal_kinds' ? { category: NEW_KIND_CATEGORY } : {}) };
}

/** Why a list cannot be saved: the list's own problem, and each row's (by its key). */
export interface ListProblems {
  list: 'empty' | 'tooMany' | null;
  rows: Record<string, 'empty' | 'tooLong' | 'twice'>;
}

export function listProblems(grounds: readonly GroundDraft[]): ListProblems {
  const rows: ListProblems['rows'] = {};
  const seen = new Set<string>();
  for (const g of grounds) {
    const label = g.label.trim();
    const folded = label.toLocaleLowerCase();
    if (!label) rows[g.key] = 'empty';
    else if (label.length > MAX_GROUND_LABEL) rows[g.key] = 'tooLong';
    else if (seen.has(folded)) rows[g.key] = 'twice';
    seen.add(folded);
  }
  return { list: grounds.length === 0 ? 'empty' : grounds.length > MAX_GROUNDS ? 'tooMany' : null, rows };
}

export const hasProblems = (p: ListProblems) => p.list !== null || Object.keys(p.rows).length > 0;

/** An id from a label: lower-case ASCII letters, digits and underscores; `fallback` when nothing is left. */
export function idFromLabel(label: string, taken: ReadonlySet<string>, fallback: string): string {
  const stem = label.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 32) || fallback;
  let id = stem;
  for (let n = 2; taken.has(id); n++) id = `${stem}_${n}`;
  return id;
}

function groundsOf(list: ListName, grounds: readonly GroundDraft[]): Ground[] {
  const taken = new Set(grounds.flatMap((g) => (g.id ? [g.id] : [])));
  return grounds.map((g) => {
    const id = g.id ?? idFromLabel(g.label, taken, list === 'illegal_kinds' ? 'kind' : 'rule');
    taken.add(id);
    return { id, label: g.label.trim(), ...(list === 'illegal_kinds' ? { category: g.category ?? NEW_KIND_CATEGORY } : {}) };
  });
}

/** The whole settings to send (PUT takes any of the three keys; all three are sent). */
export function toSettings(draft: LegalDraft): LegalSettings {
  return {
    illegal_kinds: groundsOf('illegal_kinds', draft.illegal_kinds),
    terms_rules: groundsOf('terms_rules', draft.terms_rules),
    erased_content: draft.erased_content,
  };
}
