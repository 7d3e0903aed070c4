/**
 * `npm run import -- --site <uuid|domain> --format disqus|wxr [--container-id url|identifier] <file>`
 * (docs/import.md): imports a Disqus export or a WordPress WXR file into a site, streaming (the
 * file is never held whole), with its progress on stderr. Running it again on the same file adds
 * nothing; after a stop (or a malformed file fixed) it goes on where it stopped.
 */
import { createReadStream, statSync } from 'node:fs';
import { importComments } from '../import/importer.ts';
import type { ContainerKey, SourceFormat } from '../import/sources.ts';
import { SOURCE_FORMATS } from '../import/sources.ts';
import { ImportFormatError } from '../import/xml.ts';
import { findSite, parseCommandLine, Refusal, runCommand } from './command.ts';
import { Progress } from './progress.ts';

const USAGE = 'usage: npm run import -- --site <site uuid or domain> --format disqus|wxr [--container-id url|identifier] <file>';

interface Options {
  site: string;
  format: SourceFormat;
  containerKey: ContainerKey;
  file: string;
  size: number;
}

function readOptions(args: string[]): Options {
  const { values, positionals } = parseCommandLine({ args, allowPositionals: true, options: { site: { type: 'string' }, format: { type: 'string' }, 'container-id': { type: 'string' } } }, USAGE);
  if (!values.site?.trim()) throw new Refusal(`--site needs the site's uuid or one of its domains\n${USAGE}`, 2);
  const format = values.format as SourceFormat;
  if (!SOURCE_FORMATS.includes(format)) throw new Refusal(`--format must be disqus or wxr\n${USAGE}`, 2);
  const containerKey = (values['container-id'] ?? 'url') as ContainerKey;
  if (containerKey !== 'url' && containerKey !== 'identifier') throw new Refusal(`--container-id must be url or identifier\n${USAGE}`, 2);
  if (positionals.length !== 1) throw new Refusal(`name one file to import\n${USAGE}`, 2);
  const file = positionals[0]!;
  let size: number;
  try {
    size = statSync(file).size;
  } catch (error) {
    throw new Refusal(`cannot read ${file}: ${(error as Error).message}`);
  }
  return { site: values.site.trim(), format, containerKey, file, size };
}

process.exitCode = await runCommand(
  'import',
  () => readOptions(process.argv.slice(2)),
  async (db, options) => {
    const site = await findSite(db, options.site);
    const progress = new Progress(options.size);
    const input = createReadStream(options.file, { highWaterMark: 256 * 1024 });
    let stats;
    try {
      stats = await importComments(db, site.uuid, options.format, { input, containerKey: options.containerKey, onBytes: (bytes) => progress.update(bytes, null) }, {
        onBatch: (s) => progress.update(null, s.comments),
      });
    } finally {
      progress.done();
      input.destroy();
    }
    const s = stats;
    console.log(
      `Imported into site "${site.name}" (${site.uuid}): ${s.comments} comments (${s.already} imported before), ${s.threads} conversations, ` +
        `${s.accounts} new unclaimed accounts, ${s.guests} guest comments, ${s.orphans} replies without their parent made top-level, ` +
        `${s.shortened} bodies shortened, ${s.emptied} empty bodies stored as deleted, ${s.skipped} records skipped.`,
    );
  },
  [ImportFormatError],
);
