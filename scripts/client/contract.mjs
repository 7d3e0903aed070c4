// The elements' contract, read from their own code: each `elements/vf-*/element.ts` carries a
// JSDoc block in the custom-elements-manifest analyzer's tag format (`@summary`, `@attr {type}
// name - text`, `@fires {CustomEvent<Detail>} name - text`, `@csspart`, `@cssprop [--name=default]`,
// `@slot`) above `export const xElement: ElementDefinition<…> = { …, props: { camelCase: 'type' } }`,
// the r2wc props the element really declares (elements/ui/defineElement.ts). Used by the build
// (dist/custom-elements.json, dist/vf.d.ts: scripts/client/manifest.mjs) and by the tests that keep
// docs/elements.md and the typings honest.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** `vfContainerId` → `vf-container-id` (elements/ui/attributes.ts toAttributeName). */
export const toAttributeName = (prop) => prop.replace(/([a-z0-9])([A-Z])/g, (_, a, b) => `${a}-${b.toLowerCase()}`);

/** A `{…}` type at the start of `text` (nested braces allowed): `[type, rest]`, or `[null, text]`. */
function leadingType(text) {
  if (!text.startsWith('{')) return [null, text];
  let depth = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '{') depth += 1;
    else if (text[i] === '}' && --depth === 0) return [text.slice(1, i).trim(), text.slice(i + 1).trim()];
  }
  throw new Error(`unbalanced braces in "${text}"`);
}

/** `name - text` (or `name text`) → `[name, text]`. */
function nameAndText(text) {
  const match = /^(\S+)(?:\s+-\s*|\s+|$)([\s\S]*)$/.exec(text);
  return match ? [match[1], match[2].trim()] : [text, ''];
}

/** The JSDoc block right above `export const <name>: ElementDefinition`. */
function contractBlock(source, file) {
  const at = source.search(/export const \w+: ElementDefinition</);
  if (at < 0) throw new Error(`${file}: no \`export const …: ElementDefinition\``);
  const end = source.lastIndexOf('*/', at);
  const start = source.lastIndexOf('/**', end);
  if (start < 0 || source.slice(end + 2, at).trim() !== '') throw new Error(`${file}: no JSDoc contract above the element definition`);
  return source.slice(start + 3, end).split('\n').map((line) => line.replace(/^\s*\* ?/, ''));
}

/** The tags of a block (continuation lines joined) and the free text before the first tag. */
function tagsOf(lines) {
  const description = [];
  const tags = [];
  for (const line of lines) {
    const tag = /^@(\w+)\s*(.*)$/.exec(line);
    if (tag) tags.push({ tag: tag[1], text: tag[2] });
    else if (tags.length) tags.at(-1).text += line.trim() ? ` ${line.trim()}` : '';
    else description.push(line);
  }
  return { description: description.join('\n').trim().replace(/\n(?!\n)/g, ' ').replace(/ {2,}/g, ' '), tags };
}

/** `props: { vfContainerId: 'string', … }` → `{ vfContainerId: 'string' }`. */
function propsOf(source, file) {
  const match = /\n\s*props:\s*\{([^}]*)\}/.exec(source);
  if (!match) throw new Error(`${file}: no \`props: { … }\``);
  return Object.fromEntries([...match[1].matchAll(/(\w+):\s*'(string|number|boolean)'/g)].map((m) => [m[1], m[2]]));
}

/**
 * One element's contract:
 * `{ tag, summary, description, attributes: [{ name, type, description, field? }], properties:
 * [{ name, type, attribute }], events: [{ name, type, description }], busEvents, parts, cssProperties, slots }`.
 * Events whose name has a slash (`tray/open`) are the vf bus's (`window.vf.$subscribe`), not DOM events.
 */
function readContract(root, tag) {
  const file = join('elements', tag, 'element.ts');
  const source = readFileSync(join(root, file), 'utf8');
  const { description, tags } = tagsOf(contractBlock(source, file));
  const props = propsOf(source, file);
  const fields = new Map(Object.keys(props).map((prop) => [toAttributeName(prop), prop]));
  const contract = {
    tag, file, summary: '', description, attributes: [], properties: [], events: [], busEvents: [], parts: [], cssProperties: [], slots: [],
  };
  for (const { tag: name, text } of tags) {
    const [type, rest] = leadingType(text);
    const [subject, about] = nameAndText(rest);
    if (name === 'summary') contract.summary = text.trim();
    else if (name === 'attr') {
      if (!type) throw new Error(`${file}: @attr ${subject} has no {type}`);
      const field = fields.get(subject);
      contract.attributes.push({ name: subject, type, description: about, ...(field ? { field } : {}) });
    } else if (name === 'fires') {
      if (subject.includes('/')) contract.busEvents.push({ name: subject, description: about });
      else if (!type?.startsWith('CustomEvent<')) throw new Error(`${file}: @fires ${subject} needs {CustomEvent<Detail>}`);
      else contract.events.push({ name: subject, type, description: about });
    } else if (name === 'csspart') contract.parts.push({ name: subject, description: about });
    else if (name === 'cssprop') {
      const [, prop, fallback] = /^\[?(--[\w-]+)(?:=([^\]]*))?\]?$/.exec(subject) ?? [];
      if (!prop) throw new Error(`${file}: @cssprop ${subject} is not [--name=default]`);
      contract.cssProperties.push({ name: prop, ...(fallback ? { default: fallback.trim() } : {}), description: about });
    } else if (name === 'slot') {
      const unnamed = rest.startsWith('-');
      contract.slots.push({ name: unnamed ? '' : subject, description: unnamed ? rest.replace(/^-\s*/, '') : about });
    }
  }
  for (const [attribute, prop] of fields) {
    const documented = contract.attributes.find((a) => a.name === attribute);
    if (!documented) throw new Error(`${file}: prop ${prop} has no @attr ${attribute}`);
    contract.properties.push({ name: prop, type: props[prop], attribute, description: documented.description });
  }
  if (!contract.summary) throw new Error(`${file}: no @summary`);
  return contract;
}

/** Every element's contract, by tag name order. */
export function readContracts(root) {
  return readdirSync(join(root, 'elements'))
    .filter((dir) => dir.startsWith('vf-'))
    .sort()
    .map((tag) => readContract(root, tag));
}
