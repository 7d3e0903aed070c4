// deploy/ holds what production runs (docs/production.md): what can be checked without a server
// of its own — the systemd unit runs the server as `npm run serve` does and systemd accepts it, the
// nginx site includes the shared rules from the installed path, the proxies and the units name the
// same processes, and the docs and deploy/ name the same files and the server's real variables.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { PRODUCTION_ENV, PRODUCTION_FLAGS } from '../../scripts/cluster/serveCommand.mjs';
import { DEFAULT_DRAIN_SECONDS } from '../../server/config.ts';
import { UNAVAILABLE } from '../../server/errors.ts';

const read = (path: string) => readFileSync(path, 'utf8');
const PRODUCTION_DOC = read('docs/production.md');

/** A unit file's settings by section: each key's values in order (Environment= may repeat). */
function parseUnit(text: string): Map<string, Map<string, string[]>> {
  const sections = new Map<string, Map<string, string[]>>();
  let current: Map<string, string[]> | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const section = /^\[(.+)\]$/.exec(line);
    if (section) {
      sections.set(section[1]!, (current = new Map()));
      continue;
    }
    const setting = /^([A-Za-z]+)=(.*)$/.exec(line);
    assert.ok(setting && current, `not a unit file line: ${line}`);
    current.set(setting[1]!, [...(current.get(setting[1]!) ?? []), setting[2]!]);
  }
  return sections;
}

const unit = parseUnit(read('deploy/systemd/vf@.service'));
const target = parseUnit(read('deploy/systemd/vf.target'));
/** The one value of `key` in `section` of the service unit. */
function one(section: string, key: string): string {
  const values = unit.get(section)?.get(key) ?? [];
  assert.equal(values.length, 1, `[${section}] ${key}= is set once`);
  return values[0]!;
}

describe('deploy/systemd/vf@.service', () => {
  const service = 'Service';

  it('runs the built server with package.json "serve"\'s variable and Node flags', () => {
    const [node, ...args] = one(service, 'ExecStart').split(/\s+/);
    assert.equal(node, '/usr/bin/node');
    assert.deepEqual(args.filter((word) => word.startsWith('--')), PRODUCTION_FLAGS);
    assert.equal(args.at(-1), `${one(service, 'WorkingDirectory')}/dist/server/main.js`);
    assert.equal(args.length, PRODUCTION_FLAGS.length + 1, 'nothing but the flags and the script');
    const environment = Object.fromEntries((unit.get(service)?.get('Environment') ?? [])
      .flatMap((value) => value.split(/\s+/)).map((word) => word.split(/=(.*)/s).slice(0, 2)));
    for (const [name, value] of Object.entries(PRODUCTION_ENV)) assert.equal(environment[name], value, name);
    assert.equal(environment['PORT'], '%i', 'one instance per port');
    assert.equal(environment['HOST'], '127.0.0.1', 'loopback: only the proxy reaches it');
    assert.ok(environment['VF_DATA_DIR'], 'VF_DATA_DIR is set');
    assert.deepEqual(unit.get(service)?.get('ReadWritePaths'), [environment['VF_DATA_DIR']], 'it writes only in the data folder');
  });

  it('runs as vf from /srv/vf with /etc/vf/env, restarts, and drains before it is killed', () => {
    assert.equal(one(service, 'User'), 'vf');
    assert.equal(one(service, 'WorkingDirectory'), '/srv/vf');
    assert.equal(one(service, 'EnvironmentFile'), '/etc/vf/env');
    assert.equal(one(service, 'Restart'), 'always');
    assert.equal(one(service, 'RestartSec'), '1');
    assert.equal(one(service, 'KillSignal'), 'SIGTERM');
    const stopSeconds = Number(one(service, 'TimeoutStopSec'));
    assert.ok(stopSeconds > DEFAULT_DRAIN_SECONDS && stopSeconds <= DEFAULT_DRAIN_SECONDS + 10, `TimeoutStopSec ${stopSeconds} is a little above VF_DRAIN_SECONDS' ${DEFAULT_DRAIN_SECONDS}`);
    assert.equal(one(service, 'LimitNOFILE'), '65536');
    assert.equal(one(service, 'NoNewPrivileges'), 'yes');
    assert.equal(one(service, 'ProtectSystem'), 'strict');
    assert.equal(one(service, 'PrivateTmp'), 'yes');
  });

  it('belongs to vf.target, which starts at boot', () => {
    assert.equal(one('Unit', 'PartOf'), 'vf.target');
    assert.equal(one('Install', 'WantedBy'), 'vf.target');
    assert.deepEqual(target.get('Install')?.get('WantedBy'), ['multi-user.target']);
  });

  it('is accepted by systemd-analyze verify, as an instance beside vf.target', (t) => {
    const analyze = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((path) => existsSync(path));
    if (!analyze) {
      // The settings above are what can be checked without systemd's own parser.
      t.diagnostic('systemd-analyze is not installed: the unit was checked by parsing only');
      return;
    }
    const dir = mkdtempSync(join(tmpdir(), 'vf-units-'));
    try {
      copyFileSync('deploy/systemd/vf@.service', join(dir, 'vf@8081.service'));
      copyFileSync('deploy/systemd/vf.target', join(dir, 'vf.target'));
      const verified = spawnSync(analyze, ['verify', join(dir, 'vf@8081.service'), join(dir, 'vf.target')], { encoding: 'utf8' });
      // An unknown key or a bad value is only a warning on stderr: none is allowed.
      assert.equal(`${verified.status}: ${verified.stderr.trim()}`, '0: ', 'systemd-analyze verify');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('deploy/nginx and deploy/Caddyfile', () => {
  const site = read('deploy/nginx/vf-site.conf');
  const caddy = read('deploy/Caddyfile');
  const ports = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((match) => Number(match[1])).sort();

  it('vf-site.conf includes the shared rules from where docs/production.md installs them', () => {
    assert.match(site, /upstream vf \{[^}]*include \/srv\/vf\/deploy\/nginx\/vf-upstream\.conf;[^}]*\}/);
    assert.match(site, /listen 443 ssl[\s\S]*include \/srv\/vf\/deploy\/nginx\/vf-proxy\.conf;/);
  });

  it('nginx, Caddy and the enabled units name the same processes', () => {
    const nginxPorts = ports(site, /^\s*server 127\.0\.0\.1:(\d+) max_fails=0;/gm);
    assert.ok(nginxPorts.length >= 2, 'several processes');
    const proxyLine = /^\s*reverse_proxy ([^{]+)\{/m.exec(caddy)?.[1] ?? '';
    assert.deepEqual(ports(proxyLine, /127\.0\.0\.1:(\d+)/g), nginxPorts);
    const enable = /^systemctl enable vf\.target (.+)$/m.exec(PRODUCTION_DOC)?.[1] ?? '';
    assert.deepEqual(ports(enable, /vf@(\d+)/g), nginxPorts);
  });

  it("nginx and Caddy answer as vf does while no process can: vf's 503 and its Retry-After", () => {
    const proxy = read('deploy/nginx/vf-proxy.conf');
    assert.ok(proxy.includes(`return 503 '${JSON.stringify(UNAVAILABLE)}';`), 'vf-proxy.conf answers server/errors.ts UNAVAILABLE');
    assert.match(proxy, new RegExp(`add_header Retry-After ${UNAVAILABLE.retry_after} always;`));
    assert.ok(caddy.includes(`respond \`${JSON.stringify(UNAVAILABLE)}\` 503`), 'the Caddyfile answers server/errors.ts UNAVAILABLE');
    assert.match(caddy, new RegExp(`header Retry-After ${UNAVAILABLE.retry_after}\n`));
  });

  it('the Caddyfile checks /readyz, balances and holds a request while a process restarts', (t) => {
    assert.match(caddy, /^\s*health_uri \/readyz$/m);
    assert.match(caddy, /^\s*lb_policy \w+$/m);
    assert.match(caddy, /^\s*lb_try_duration \d+s$/m);
    assert.match(caddy, /header Retry-After \d+/);
    const binary = ['/usr/bin/caddy', '/usr/local/bin/caddy'].find((path) => existsSync(path));
    if (!binary) {
      t.diagnostic('caddy is not installed: the Caddyfile was checked by reading only');
      return;
    }
    const adapted = spawnSync(binary, ['adapt', '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile'], { encoding: 'utf8' });
    assert.equal(adapted.status, 0, adapted.stderr);
    assert.doesNotMatch(adapted.stderr, /not formatted/, 'caddy fmt leaves it as it is');
  });
});

/** Every file under `dir`, as a path from the repository's root. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = `${dir}/${name}`;
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('the docs and deploy/', () => {
  it('docs/production.md names every file in deploy/', () => {
    for (const file of filesUnder('deploy')) assert.ok(PRODUCTION_DOC.includes(file), `docs/production.md does not name ${file}`);
  });

  it('every deploy/ path the docs and the README name exists', () => {
    const docs = [...readdirSync('docs').filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`), 'README.md'];
    for (const doc of docs) {
      for (const [path] of read(doc).matchAll(/\bdeploy\/(?:[\w@.\/-]*[\w@\/-])?/g)) {
        assert.ok(existsSync(path), `${doc} names ${path}, which does not exist`);
      }
    }
  });

  it('/etc/vf/env in docs/production.md sets only real variables, none the unit sets', () => {
    const config = read('server/config.ts');
    const block = /```sh\n(DATABASE_URL=[\s\S]*?)```/.exec(PRODUCTION_DOC)?.[1] ?? '';
    const names = [...block.matchAll(/^([A-Z_]+)=/gm)].map((match) => match[1]!);
    assert.ok(names.includes('VF_TRUST_PROXY') && names.includes('VF_DEMO'), 'the proxy and production mode are set');
    for (const name of names) {
      assert.ok(config.includes(`'${name}'`), `${name} is not a variable server/config.ts reads`);
      assert.ok(!['PORT', 'HOST', 'VF_DATA_DIR'].includes(name), `${name} belongs to the unit: the file would override it`);
    }
    for (const [name] of PRODUCTION_DOC.matchAll(/\b(?:VF_[A-Z_]+|DATABASE_URL|REDIS_URL|SMTP_URL|LOG_LEVEL|LOG_FORMAT)\b/g)) {
      assert.ok(config.includes(`'${name}'`), `docs/production.md names ${name}, which server/config.ts does not read`);
    }
  });
});
