/**
 * Finding widgets on the host page (spec §2 Mounting). Runs in the loader, so no dependencies.
 *
 * - elements inside a `.viafoura` container (or the container itself) that carry `data-widget`
 *   and were not seen yet: the kind is the attribute's value. Legacy kinds become current
 *   elements placed inside the container: `comments` → `<vf-conversations>` (unique_id →
 *   vf-container-id, limit and sort copied), `counter` → `<vf-conversations-count>`. A kind that
 *   names a known tag (`data-widget="tray"` → `<vf-tray>`) becomes that element. Anything else
 *   logs one warning per kind and is left alone.
 * - elements with a known `vf-*` tag and no widget id yet: the kind is the tag.
 *
 * Every widget found gets a widget id (`data-vf-widget-id`); a container that was read is marked
 * `data-vf-scanned` so it is never read twice.
 */

export const WIDGET_ID_ATTR = 'data-vf-widget-id';
export const PRESERVE_ATTR = 'data-vf-preserve';
const SCANNED_ATTR = 'data-vf-scanned';
export const LEGACY_KINDS: Readonly<Record<string, string>> = {
  comments: 'vf-conversations',
  counter: 'vf-conversations-count',
};
/** Attributes a legacy container hands to the element that replaces it (from → to). */
const COPIED: ReadonlyArray<[string, string]> = [
  ['data-id', 'vf-container-id'],
  ['unique_id', 'vf-container-id'],
  ['vf-container-id', 'vf-container-id'],
  ['limit', 'limit'],
  ['sort', 'sort'],
  [PRESERVE_ATTR, PRESERVE_ATTR],
];

export function newWidgetId(): string {
  return `vfw-${Math.random().toString(36).slice(2, 10)}`;
}

/** The widget's container id: `data-id`, else `vf-container-id`, else `unique_id`. */
export function containerIdOf(el: Element): string | null {
  return el.getAttribute('data-id') ?? el.getAttribute('vf-container-id') ?? el.getAttribute('unique_id');
}

/** Gives `el` a widget id unless it has one; returns it. */
export function ensureWidgetId(el: Element): string {
  let id = el.getAttribute(WIDGET_ID_ATTR);
  if (!id) el.setAttribute(WIDGET_ID_ATTR, (id = newWidgetId()));
  return id;
}

function tagForKind(kind: string, tags: readonly string[]): string | null {
  const legacy = LEGACY_KINDS[kind];
  if (legacy) return legacy;
  const tag = kind.startsWith('vf-') ? kind : `vf-${kind}`;
  return tags.includes(tag) ? tag : null;
}

/**
 * Converts new `.viafoura [data-widget]` containers and ids every new `vf-*` widget; returns the
 * widgets found this time (`warned` remembers the unknown kinds already reported).
 */
export function scanWidgets(root: ParentNode, tags: readonly string[], warned: Set<string>): Element[] {
  const containers = root.querySelectorAll(
    `.viafoura[data-widget]:not([${SCANNED_ATTR}]),.viafoura [data-widget]:not([${SCANNED_ATTR}])`,
  );
  for (const container of Array.from(containers)) {
    container.setAttribute(SCANNED_ATTR, '');
    const kind = (container.getAttribute('data-widget') ?? '').trim().toLowerCase();
    const tag = tagForKind(kind, tags);
    if (!tag) {
      if (!warned.has(kind)) console.warn(`vf: unknown widget loader ${kind}`);
      warned.add(kind);
      continue;
    }
    const widget = container.ownerDocument.createElement(tag);
    for (const [from, to] of COPIED) {
      const value = container.getAttribute(from);
      if (value !== null && !widget.hasAttribute(to)) widget.setAttribute(to, value);
    }
    container.append(widget);
  }
  const found: Element[] = [];
  for (const tag of tags) {
    for (const el of Array.from(root.querySelectorAll(`${tag}:not([${WIDGET_ID_ATTR}])`))) {
      ensureWidgetId(el);
      found.push(el);
    }
  }
  return found;
}
