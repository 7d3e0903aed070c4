// The custom-elements manifest the build ships (dist/custom-elements.json, scripts/client/): valid
// against the published 2.1.0 schema and a stricter restatement of its shapes, faithful to the elements' code (r2wc props, the events they
// emit), and in step with docs/elements.md both ways, so neither can drift from the other.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
// @ts-expect-error plain ES module without types
import { buildManifest, elementsOf, vscodeCustomData } from '../../scripts/client/manifest.mjs';

interface Named { name: string; description?: string; type?: { text: string } }
interface Element {
  name: string; tagName: string; summary: string;
  attributes: (Named & { fieldName?: string })[]; members: (Named & { attribute: string })[]; events: Named[]; cssParts: Named[];
  cssProperties: Named[]; slots: Named[];
}

const manifest = buildManifest('.') as { schemaVersion: string; modules: { path: string; exports: { kind: string; name: string }[] }[] };
const elements = elementsOf(manifest) as Element[];
const schema = JSON.parse(readFileSync('test/fixtures/custom-elements-manifest.schema.json', 'utf8')) as object;
/** The standard's own schema, as the `custom-elements-manifest` package publishes it. */
const officialSchema = JSON.parse(readFileSync('node_modules/custom-elements-manifest/schema.json', 'utf8')) as object;
const docs = readFileSync('docs/elements.md', 'utf8');

/** The `## ` sections of docs/elements.md that are about `tag` (its heading, or a table row of it). */
function sectionsOf(tag: string): string[] {
  return docs.split(/^(?=## )/m).filter((section) => {
    const heading = section.slice(0, section.indexOf('\n'));
    return heading.includes(`<${tag}>`) || section.includes(`| \`<${tag}>\` |`);
  });
}

describe('custom-elements.json', () => {
  it('is valid against the custom-elements manifest schema (2.1.0): the published one, and vf\'s stricter restatement', () => {
    for (const checked of [officialSchema, schema]) {
      const validate = new Ajv({ allErrors: true, strict: false }).compile(checked);
      assert.ok(validate(manifest), JSON.stringify(validate.errors, null, 2));
    }
    assert.equal(manifest.schemaVersion, '2.1.0');
  });

  it('the schema check can fail: a manifest without a module path, or an event without a type, is refused', () => {
    const validate = new Ajv({ strict: false }).compile(schema);
    const noPath = { schemaVersion: '2.1.0', modules: [{ kind: 'javascript-module' }] };
    assert.equal(validate(noPath), false);
    assert.equal(new Ajv({ strict: false }).compile(officialSchema)(noPath), false);
    const broken = structuredClone(manifest) as unknown as { modules: { declarations: { events?: Named[] }[] }[] };
    broken.modules[0]!.declarations.find((d) => d.events?.length)!.events![0] = { name: 'vf-x' };
    assert.equal(validate(broken), false);
  });

  it('declares every element folder, defined by the ES entry', () => {
    const folders = readdirSync('elements').filter((dir) => dir.startsWith('vf-')).sort();
    assert.deepEqual(elements.map((e) => e.tagName), folders);
    const defined = manifest.modules[0]!.exports.filter((e) => e.kind === 'custom-element-definition').map((e) => e.name);
    assert.deepEqual(defined, folders);
    assert.equal(manifest.modules[0]!.path, 'index.js');
  });

  it('gives each element its props as typed attributes and properties, its events with detail types, parts and custom properties', () => {
    const poll = elements.find((e) => e.tagName === 'vf-poll')!;
    assert.equal(poll.name, 'VfPollElement');
    assert.deepEqual(poll.attributes.map((a) => [a.name, a.type?.text, a.fieldName]), [['poll-id', 'string', 'pollId'], ['post-uuid', 'string', 'postUuid']]);
    assert.deepEqual(poll.members.map((m) => [m.name, m.type?.text, m.attribute]), [['pollId', 'string | undefined', 'poll-id'], ['postUuid', 'string | undefined', 'post-uuid']]);
    const voted = poll.events.find((e) => e.name === 'vf-poll-voted')!;
    assert.equal(voted.type?.text, 'CustomEvent<{ pollId: string, pollUuid: string, options: string[] }>');
    assert.ok(poll.cssParts.some((p) => p.name === 'bar'));
    assert.deepEqual(poll.cssProperties.find((p) => p.name === '--vf-poll-bar-color'), {
      name: '--vf-poll-bar-color', default: '#0b5cad', description: 'The result bars\' fill.',
    });
    const conversations = elements.find((e) => e.tagName === 'vf-conversations')!;
    assert.deepEqual(conversations.slots.map((s) => s.name), ['promo-N']);
    assert.equal(conversations.members.find((m) => m.name === 'limit')?.type?.text, 'number | undefined');
    // A bus event (`tray/open`) is not a DOM event.
    assert.deepEqual(elements.find((e) => e.tagName === 'vf-tray')!.events, []);
  });

  it('gives VS Code the same tags and attributes, described', () => {
    const data = vscodeCustomData(manifest) as { version: number; tags: { name: string; description: string; attributes: Named[] }[] };
    assert.equal(data.version, 1.1);
    assert.deepEqual(data.tags.map((t) => [t.name, t.attributes.map((a) => a.name)]), elements.map((e) => [e.tagName, e.attributes.map((a) => a.name)]));
    const poll = data.tags.find((t) => t.name === 'vf-poll')!;
    assert.equal(poll.description, 'Poll: vote, see live results; moderators create, close and reopen.');
    assert.match(poll.attributes[0]!.description!, /^Required: the publisher's id for the poll/);
  });

  it('stops the build on an incomplete contract: a prop without @attr, an event without its detail type, no @summary', () => {
    /** The manifest of one element `vf-x` whose JSDoc has these tag lines. */
    const manifestOf = (jsdoc: string) => {
      const root = mkdtempSync(join(tmpdir(), 'vf-contract-'));
      try {
        mkdirSync(join(root, 'elements', 'vf-x'), { recursive: true });
        writeFileSync(join(root, 'elements', 'vf-x', 'element.ts'),
          `/**\n * X.\n${jsdoc}\n */\nexport const xElement: ElementDefinition<XProps> = {\n  component: X,\n  props: { pollId: 'string' },\n};\n`);
        return buildManifest(root) as typeof manifest;
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    };
    const summary = ' * @summary X.';
    assert.throws(() => manifestOf(summary), /prop pollId has no @attr poll-id/);
    assert.throws(() => manifestOf(`${summary}\n * @attr {string} poll-id - Id.\n * @fires vf-x-done - { id }`), /@fires vf-x-done needs \{CustomEvent<Detail>\}/);
    assert.throws(() => manifestOf(' * @attr {string} poll-id - Id.'), /no @summary/);
    const ok = manifestOf(`${summary}\n * @attr {string} poll-id - Id.\n * @fires {CustomEvent<{ id: string }>} vf-x-done - Done.`);
    assert.equal(elementsOf(ok).length, 1);
  });

  it('names every event an element\'s code emits', () => {
    const emitted = new Set<string>();
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = `${dir}/${entry.name}`;
        if (entry.isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry.name)) {
          for (const match of readFileSync(path, 'utf8').matchAll(/emit(?:<\w+>)?\((?:[^'()]*\? )?'(vf-[a-z-]+)'(?: : '(vf-[a-z-]+)')?/g)) {
            emitted.add(match[1]!);
            if (match[2]) emitted.add(match[2]);
          }
        }
      }
    };
    walk('elements');
    const declared = new Set(elements.flatMap((e) => e.events.map((event) => event.name)));
    assert.ok(emitted.size >= 20, `found ${emitted.size} emitted events`);
    assert.deepEqual([...emitted].filter((name) => !declared.has(name)), []);
  });
});

describe('docs/elements.md and the manifest', () => {
  it('documents every element, attribute and event of the manifest', () => {
    const missing: string[] = [];
    for (const element of elements) {
      const text = sectionsOf(element.tagName).join('\n');
      if (!text) missing.push(`<${element.tagName}> has no section`);
      for (const { name } of [...element.attributes, ...element.events]) {
        if (!text.includes(`\`${name}\``)) missing.push(`<${element.tagName}> ${name}`);
      }
    }
    assert.deepEqual(missing, []);
  });

  it('documents no element or attribute the manifest lacks', () => {
    const tags = new Set(elements.map((e) => e.tagName));
    const extra: string[] = [];
    for (const section of docs.split(/^(?=## )/m)) {
      const heading = section.slice(0, section.indexOf('\n'));
      const headed = [...heading.matchAll(/<(vf-[a-z-]+)>/g)].map((m) => m[1]!);
      extra.push(...headed.filter((tag) => !tags.has(tag)).map((tag) => `<${tag}>`));
      // Attribute tables: `| attribute | …` under an element's heading, `| element | attribute | …` for several.
      let owners = headed;
      let column = -1;
      for (const line of section.split('\n')) {
        if (!line.startsWith('|')) {
          column = -1;
          continue;
        }
        const cells = line.split('|').slice(1, -1).map((cell) => cell.trim());
        if (cells.includes('attribute') && (cells[0] === 'attribute' || cells[0] === 'element')) column = cells.indexOf('attribute');
        if (column < 0 || cells[0]?.startsWith('---') || cells[column] === 'attribute') continue;
        const owner = /^`<(vf-[a-z-]+)>`$/.exec(cells[0] ?? '');
        if (owner) owners = [owner[1]!];
        for (const [, name] of (cells[column] ?? '').matchAll(/`([a-z][a-z0-9-]*)`/g)) {
          const known = owners.some((tag) => elements.find((e) => e.tagName === tag)?.attributes.some((a) => a.name === name));
          if (!known) extra.push(`${owners.join('/')} ${name}`);
        }
      }
    }
    assert.deepEqual(extra, []);
  });
});
