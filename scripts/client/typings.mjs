// The client's typings, written from the custom-elements manifest (scripts/client/manifest.mjs):
// - `vf.d.ts`: each element's class (typed properties), `HTMLElementTagNameMap` entries, the
//   elements' event map, `window.vf` (core/loader/index.ts, core/global-api/) and `register()`;
// - `vf-react.d.ts`: React 19's JSX intrinsic elements (attributes, `on<event-name>` handlers);
// - `vf-vue.d.ts`: Vue's `GlobalComponents` (props, `on…` handlers as Vue's templates name them);
// - `vf-svelte.d.ts`: Svelte 5's `SvelteHTMLElements` (attributes, `on<event-name>` handlers).
// React, Vue and Svelte are in files of their own, so a project without them still type-checks.
import { elementsOf } from './manifest.mjs';

const HEADER = '// Generated from custom-elements.json by scripts/client/typings.mjs (npm run build): do not edit.\n';

/** An attribute's value in markup: numbers may be given as numbers or numeric strings. */
const attributeValue = (type) => (type === 'number' ? 'number | `${number}`' : type);
const quote = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`);
const camel = (name) => name.replace(/-([a-z])/g, (_, letter) => letter.toUpperCase());
const doc = (text, indent = '  ') => (text ? `${indent}/** ${text.replaceAll('*/', '*\\/')} */\n` : '');

const GLOBAL_API = `
/** A comment as the API returns it (core/api/types.ts): what comment events carry. */
export interface VfComment {
  content_uuid: string;
  content: string;
  actor_uuid: string;
  actor: { uuid: string; name: string; [key: string]: unknown };
  parent_uuid: string | null;
  thread_uuid: string;
  content_container_uuid: string;
  section_uuid: string;
  state: string;
  date_created: number;
  total_likes: number;
  total_replies: number;
  replies?: VfComment[];
  [key: string]: unknown;
}

export type VfEventHandler = (payload: unknown, channel: string, name: string) => void;
export type VfContextKey = 'user' | 'page' | 'notifications';
export type VfTrayView = 'feed' | 'profile' | 'community' | 'settings';
/** A login by a publisher's own path (docs/global-api.md "Logins"). */
export interface VfLoginResult {
  user: { uuid: string; name: string; [key: string]: unknown };
  is_new: boolean;
  [key: string]: unknown;
}

/** \`window.vf\` (docs/global-api.md). */
export interface VfGlobal {
  /** Runs \`fn\` once vf is ready (at once when it is). */
  $ready(fn: () => void): void;
  $publish(channel: string, name: string, payload?: unknown): void;
  $subscribe(channel: string, name: string, fn: VfEventHandler): void;
  $once(channel: string, name: string, fn: VfEventHandler): void;
  $unsubscribe(channel: string, name: string, fn?: VfEventHandler): void;
  /** Middleware before the subscribers: return a replacement payload, or \`false\` to swallow the event. */
  $prepublish(channel: string, name: string, fn: (payload: unknown, channel: string, name: string) => unknown): void;
  context: {
    get(key: VfContextKey): Promise<unknown>;
    reset(): Promise<void>;
    teardown(): Promise<void>;
  };
  /** A single-page app moved to another article: exactly one of \`path\` and \`url\`. */
  loadNewPage(target: { path: string } | { url: string }): Promise<void>;
  tray: {
    open(view?: VfTrayView): Promise<void>;
    close(): Promise<void>;
    toggle(): Promise<void>;
    changeTab(view: VfTrayView): Promise<void>;
    showProfile(): Promise<void>;
  };
  session: {
    login: {
      cookie(token?: string): Promise<unknown>;
      jwt(token: string): Promise<VfLoginResult>;
      openIdConnect(idToken: string, nonce?: string): Promise<VfLoginResult>;
      social(type: string): Promise<VfLoginResult>;
    };
  };
}

export interface VfRegisterOptions {
  /** The vf server, e.g. \`https://comments.example.com\`: its API, and by default its chunks. */
  origin: string;
  /** Where this package's \`chunks/\` folder is served, when not from \`origin\` (e.g. \`/assets/vf/\`). */
  assets?: string;
}

/** Starts vf on the page (once): finds vf elements, now and later, and loads each kind's chunk. */
export function register(options: VfRegisterOptions): VfGlobal;

declare global {
  interface Window {
    vf?: VfGlobal;
    /** Functions queued before vf is ready: \`(window.vfQ = window.vfQ || []).push(fn)\`. */
    vfQ?: Array<() => void> | { push(...fns: Array<() => void>): void };
  }
  interface HTMLElementTagNameMap extends VfElementTagNameMap {}
}
`;

function elementInterface(element) {
  const fields = element.members
    .map((m) => `${doc(m.description)}  ${quote(m.name)}: ${m.type.text};\n`)
    .join('');
  const events = element.events.length
    ? `export interface ${element.name}EventMap {\n${element.events.map((e) => `${doc(e.description)}  '${e.name}': ${e.type.text};\n`).join('')}}\n`
    : `export type ${element.name}EventMap = {};\n`;
  return `${events}/** \`<${element.tagName}>\`: ${element.summary} */\nexport interface ${element.name} extends HTMLElement {\n${fields}`
    + `  addEventListener<K extends keyof ${element.name}EventMap>(type: K, listener: (this: ${element.name}, event: ${element.name}EventMap[K]) => void, options?: boolean | AddEventListenerOptions): void;\n`
    + '  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;\n'
    + `  removeEventListener<K extends keyof ${element.name}EventMap>(type: K, listener: (this: ${element.name}, event: ${element.name}EventMap[K]) => void, options?: boolean | EventListenerOptions): void;\n`
    + '  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;\n}\n'
    + `/** \`<${element.tagName}>\`'s attributes as markup sets them. */\nexport interface ${element.name}Attributes {\n`
    + element.attributes.map((a) => `${doc(a.description)}  '${a.name}'?: ${attributeValue(a.type.text)};\n`).join('')
    + '}\n';
}

/** `vf.d.ts`: the elements, the tag map, `window.vf`, `register`. */
export function coreTypings(manifest) {
  const elements = elementsOf(manifest);
  return `${HEADER}${elements.map(elementInterface).join('\n')}
export interface VfElementTagNameMap {
${elements.map((e) => `  '${e.tagName}': ${e.name};\n`).join('')}}
${GLOBAL_API}`;
}

/** `vf-react.d.ts`: React 19 JSX for every element; `from` is the core typings' module. */
export function reactTypings(manifest, from) {
  const entry = (e) => [
    `      '${e.tagName}': VfJsx<Vf.${e.name}, Vf.${e.name}Attributes, {\n`,
    ...e.events.map((event) => `        'on${event.name}'?: (event: Vf.${e.name}EventMap['${event.name}']) => void;\n`),
    '      }>;\n',
  ].join('');
  return `${HEADER}import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type * as Vf from '${from}';

/** React 19 sets a custom element's unknown props as attributes and \`on<event>\` props as listeners. */
type VfJsx<E, A, H> = Omit<DetailedHTMLProps<HTMLAttributes<E>, E>, keyof A> & A & H;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
${elementsOf(manifest).map(entry).join('')}    }
  }
}
`;
}

/** `vf-vue.d.ts`: Vue's GlobalComponents; props camelCased and events as \`onVfPollVoted\`, as Vue's templates and \`h()\` name them. */
export function vueTypings(manifest, from) {
  const entry = (e) => [
    `    '${e.tagName}': DefineComponent<{\n`,
    ...e.attributes.map((a) => `${doc(a.description, '      ')}      ${quote(camel(a.name))}?: ${attributeValue(a.type.text)};\n`),
    ...e.events.map((event) => `      ${quote(`on${camel(`-${event.name}`)}`)}?: (event: Vf.${e.name}EventMap['${event.name}']) => void;\n`),
    '    }>;\n',
  ].join('');
  return `${HEADER}import type { DefineComponent } from 'vue';
import type * as Vf from '${from}';

declare module 'vue' {
  interface GlobalComponents {
${elementsOf(manifest).map(entry).join('')}  }
}
`;
}

/** `vf-svelte.d.ts`: Svelte 5's SvelteHTMLElements; attributes kebab-case and events as `onvf-poll-voted`, as Svelte 5's markup names them. */
export function svelteTypings(manifest, from) {
  const entry = (e) => [
    `    '${e.tagName}': HTMLAttributes<Vf.${e.name}> & {\n`,
    ...e.attributes.map((a) => `${doc(a.description, '      ')}      '${a.name}'?: ${attributeValue(a.type.text)} | null;\n`),
    ...e.events.map((event) => `      'on${event.name}'?: (event: Vf.${e.name}EventMap['${event.name}']) => void;\n`),
    '    };\n',
  ].join('');
  return `${HEADER}import type { HTMLAttributes } from 'svelte/elements';
import type * as Vf from '${from}';

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
${elementsOf(manifest).map(entry).join('')}  }
}
`;
}
