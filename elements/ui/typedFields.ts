/**
 * What a reader typed into server-painted fields before the element's code ran (a compose box,
 * a chat message): React's takeover would put its own empty value there (hydrating a controlled
 * field, or rendering over the markup). Noted before the takeover and given back to the same
 * field after it, as typing would: through an `input` event, so the element's state and its
 * stored draft hold it too.
 */
type Field = HTMLTextAreaElement | HTMLInputElement;

const TEXT_FIELDS = 'textarea, input:not([type]), input[type="text"], input[type="search"], input[type="email"], input[type="url"]';

const isTextField = (node: Node | null): node is Field => node instanceof Element && node.matches(TEXT_FIELDS);

/** A node's place under a root as child indexes: found again after the nodes there were replaced by equal ones. */
function pathTo(root: Node, node: Node | null): number[] | null {
  const path: number[] = [];
  for (let at = node; at && at !== root; at = at.parentNode) {
    if (!at.parentNode) return null;
    path.unshift([...at.parentNode.childNodes].indexOf(at as ChildNode));
  }
  return node ? path : null;
}

function nodeAt(root: Node, path: number[]): Node | null {
  let at: Node | null = root;
  for (const index of path) at = at?.childNodes[index] ?? null;
  return at;
}

/** What names a field whatever surrounds it (a signed-in view has no Log in buttons before the box). */
const fieldKey = (field: Element) =>
  ['part', 'name', 'placeholder', 'aria-label'].map((name) => field.getAttribute(name) ?? '').join('|') + field.localName;

/**
 * How to find `node` again under `root` once its markup may have been replaced by React's: a
 * text field by its names and its order among fields named alike, anything else by its place.
 */
export function locate(root: ShadowRoot | HTMLElement, node: Node | null): () => Node | null {
  if (isTextField(node)) {
    const key = fieldKey(node);
    const alike = (): Field[] => [...root.querySelectorAll<Field>(TEXT_FIELDS)].filter((field) => fieldKey(field) === key);
    const index = alike().indexOf(node);
    return () => alike()[index] ?? null;
  }
  const path = pathTo(root, node);
  return () => (path ? nodeAt(root, path) : null);
}

/** Sets a field's value so React's onChange sees it (React keeps the last value it knew on the node). */
function type(field: Field, value: string): void {
  const own = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')!.set!;
  field.value = value === '' ? ' ' : ''; // through React's tracker: it now knows another value
  own.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Notes the typed fields under `root`; the function returned gives them back after the takeover. */
export function keepTyped(root: ShadowRoot | HTMLElement): () => void {
  const typed = [...root.querySelectorAll<Field>(TEXT_FIELDS)]
    .filter((field) => field.value !== field.defaultValue)
    .map((field) => ({ find: locate(root, field), value: field.value, start: field.selectionStart, end: field.selectionEnd }));
  return () => {
    for (const { find, value, start, end } of typed) {
      const field = find();
      if (!isTextField(field) || field.disabled || field.readOnly) continue;
      type(field, value);
      if (start !== null && end !== null) field.setSelectionRange(start, end);
    }
  };
}
