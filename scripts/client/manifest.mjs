// The custom-elements manifest (schema 2.1.0, https://github.com/webcomponents/custom-elements-manifest)
// made from the elements' contracts (scripts/client/contract.mjs). The client package's one
// module, `index.js`, exports `register` and defines every element (docs/developers.md).
import { readContracts } from './contract.mjs';

const SCHEMA_VERSION = '2.1.0';
const ENTRY_MODULE = 'index.js';
/** HTMLElement's own properties an element's prop may share a name with. */
const HTML_ELEMENT_MEMBERS = new Set(['title', 'id', 'lang', 'dir', 'hidden', 'slot', 'role', 'translate']);

/** `vf-poll` → `VfPollElement`. */
export const className = (tag) => `${tag.replace(/(^|-)([a-z])/g, (_, _dash, letter) => letter.toUpperCase())}Element`;

function declaration(contract) {
  const text = (value) => (value ? { description: value } : {});
  return {
    kind: 'class',
    customElement: true,
    name: className(contract.tag),
    tagName: contract.tag,
    summary: contract.summary,
    description: contract.description,
    superclass: { name: 'HTMLElement' },
    source: { href: contract.file },
    attributes: contract.attributes.map((a) => ({
      name: a.name, type: { text: a.type }, ...text(a.description), ...(a.field ? { fieldName: a.field } : {}),
    })),
    // Unset, a prop is undefined; HTMLElement's own members (`title`) keep their type.
    members: contract.properties.map((p) => ({
      kind: 'field', name: p.name, type: { text: HTML_ELEMENT_MEMBERS.has(p.name) ? p.type : `${p.type} | undefined` }, ...text(p.description), attribute: p.attribute,
    })),
    events: contract.events.map((e) => ({ name: e.name, type: { text: e.type }, ...text(e.description) })),
    cssParts: contract.parts.map((p) => ({ name: p.name, ...text(p.description) })),
    cssProperties: contract.cssProperties.map((p) => ({ name: p.name, ...(p.default ? { default: p.default } : {}), ...text(p.description) })),
    slots: contract.slots.map((s) => ({ name: s.name, ...text(s.description) })),
    // The vf bus's events (`window.vf.$subscribe(channel, name, fn)`): not DOM events, kept apart.
    ...(contract.busEvents.length ? { 'x-vf-bus-events': contract.busEvents } : {}),
  };
}

/** The manifest of every element under `root`. */
export function buildManifest(root, { version } = {}) {
  const contracts = readContracts(root);
  return {
    schemaVersion: SCHEMA_VERSION,
    ...(version ? { 'x-vf-version': version } : {}),
    modules: [
      {
        kind: 'javascript-module',
        path: ENTRY_MODULE,
        description: 'The ES entry: `register({ origin })` loads the elements a page uses, each from its own lazy chunk.',
        declarations: [
          {
            kind: 'function',
            name: 'register',
            description: 'Starts vf on the page: finds vf elements (now and later) and loads each kind\'s chunk by the loading rules.',
            parameters: [{ name: 'options', type: { text: 'VfRegisterOptions' } }],
            return: { type: { text: 'Window["vf"]' } },
          },
          ...contracts.map(declaration),
        ],
        exports: [
          { kind: 'js', name: 'register', declaration: { name: 'register', module: ENTRY_MODULE } },
          ...contracts.map((c) => ({ kind: 'custom-element-definition', name: c.tag, declaration: { name: className(c.tag), module: ENTRY_MODULE } })),
        ],
      },
    ],
  };
}

/** The custom-element declarations of a manifest. */
export const elementsOf = (manifest) => manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.customElement);

/**
 * VS Code's HTML custom data (`"html.customData": ["./node_modules/vf-client/vscode.html-custom-data.json"]`):
 * tag and attribute completion with their descriptions in plain HTML and templates.
 */
export function vscodeCustomData(manifest) {
  return {
    version: 1.1,
    tags: elementsOf(manifest).map((element) => ({
      name: element.tagName,
      description: element.summary,
      attributes: element.attributes.map((a) => ({ name: a.name, description: a.description ?? '' })),
    })),
  };
}
