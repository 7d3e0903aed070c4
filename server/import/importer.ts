/**
 * Imports the records of a Disqus or WordPress file into a site (docs/import.md). Comments are
 * written in batches, each batch one transaction with its mapping rows and the counters it
 * moves, so a stopped import leaves whole batches and running it again goes on where it stopped
 * (what is mapped already is skipped: a re-run adds nothing and changes nothing). A reply whose
 * parent is not imported yet waits in the database, not in memory, and is written in the batch
 * that writes its parent. Nothing is held but one batch and a bounded cache of thread ids.
 *
 * Imported history is not put in the realtime event log: open pages see it on their next load
 * (guest caches expire within a minute, engine/guest-cache.ts MAX_AGE_MS).
 */
import type { Kysely, Transaction } from 'kysely';
import { anonymousActor, newContentRow } from '../engine/contents.ts';
import { createContainer, findContainer } from '../engine/containers.ts';
import type { ContentsTable, Database } from '../storage/schema.ts';
import { importedBody } from './htmlText.ts';
import { authorsOf, CHUNK, Counts, importedParents, mapped, type ParentRow, orphans, park, parked, remember, type Scope, shortName, unpark, validEmail } from './importStore.ts';
import { type ReadOptions, readSource, type SourceComment, type SourceFormat, type SourceRecord, type SourceThread } from './sources.ts';
import { normaliseEmail } from '../engine/users.ts';
import { chunks } from '../storage/chunks.ts';

export interface ImportStats {
  /** Conversations the file's threads became (new ones, or ones the site had already). */
  threads: number;
  /** Comments written by this run. */
  comments: number;
  /** Comments an earlier run wrote (skipped). */
  already: number;
  /** Replies whose parent is not in the file, written as top-level comments at the end. */
  orphans: number;
  /** Records not imported (pingbacks, a comment of a thread the file lacks, …). */
  skipped: number;
  /** Bodies cut at the comment limit; bodies with nothing readable, stored as deleted. */
  shortened: number;
  emptied: number;
  /** Unclaimed accounts made for authors; comments by guests (no address). */
  accounts: number;
  guests: number;
}

export interface ImportOptions {
  /** Comments per transaction (default 1000). */
  batchSize?: number;
  /** After each batch. */
  onBatch?: (stats: ImportStats) => void;
}

const THREAD_CACHE = 10_000;

export class Importer {
  readonly stats: ImportStats = { threads: 0, comments: 0, already: 0, orphans: 0, skipped: 0, shortened: 0, emptied: 0, accounts: 0, guests: 0 };
  private readonly scope: Scope;
  private readonly threads = new Map<string, string>(); // source thread id → container uuid
  private batch: SourceComment[] = [];
  private guest: string | null = null;

  constructor(private readonly db: Kysely<Database>, siteUuid: string, source: SourceFormat, private readonly options: ImportOptions = {}) {
    this.scope = { siteUuid, source };
  }

  /** Reads every record, then writes the replies whose parents never came as top-level comments. */
  async run(records: AsyncIterable<SourceRecord>): Promise<ImportStats> {
    for await (const record of records) {
      if ('thread' in record) await this.thread(record.thread);
      else if ('comment' in record) {
        this.batch.push(record.comment);
        if (this.batch.length >= (this.options.batchSize ?? 1000)) await this.flush();
      } else this.stats.skipped++;
    }
    await this.flush();
    for (let lost = await orphans(this.db, this.scope); lost.length > 0; lost = await orphans(this.db, this.scope)) {
      this.stats.orphans += lost.length;
      await this.db.transaction().execute(async (trx) => {
        const counts = new Counts();
        await this.write(trx, lost.map((c) => ({ ...c, parentId: null })), counts);
        await counts.apply(trx);
      });
      this.options.onBatch?.(this.stats);
    }
    return this.stats;
  }

  /** The thread's conversation: the site's container with its container id, made if needed (closed as the thread was). */
  private async thread(thread: SourceThread): Promise<void> {
    if (this.threads.has(thread.id)) return;
    const known = (await mapped(this.db, this.scope, 'thread', [thread.id])).get(thread.id);
    let uuid = known;
    if (!uuid) {
      const created = await createContainer(this.db, this.scope.siteUuid, thread.containerId, 'conversation');
      if (created) {
        const change = { is_closed: thread.closed ? 1 : 0, date_created: thread.createdAt ?? created.date_created };
        await this.db.updateTable('containers').set(change).where('uuid', '=', created.uuid).execute();
      }
      uuid = (created ?? (await findContainer(this.db, this.scope.siteUuid, thread.containerId, 'conversation')))!.uuid;
      await remember(this.db, this.scope, 'thread', [[thread.id, uuid]]);
    }
    this.stats.threads++;
    if (this.threads.size >= THREAD_CACHE) this.threads.clear();
    this.threads.set(thread.id, uuid);
  }

  private async flush(): Promise<void> {
    const batch = this.batch;
    this.batch = [];
    if (batch.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      const done = await mapped(trx, this.scope, 'comment', batch.map((c) => c.id));
      const seen = new Set<string>();
      const todo = batch.filter((c) => !done.has(c.id) && !seen.has(c.id) && seen.add(c.id));
      this.stats.already += batch.length - todo.length;
      const counts = new Counts();
      await this.write(trx, todo, counts);
      await counts.apply(trx);
    });
    this.options.onBatch?.(this.stats);
  }

  /**
   * Writes the comments whose thread and parent are known, parks the others, then writes the
   * parked replies of what it wrote (and theirs, down the tree). A comment parked before (by
   * this run or a stopped one) is unparked as it is handled. `counts` gathers the counter moves
   * (applied once, at the end of the transaction).
   */
  private async write(trx: Transaction<Database>, comments: SourceComment[], counts: Counts): Promise<void> {
    if (comments.length === 0) return;
    this.guest ??= (await anonymousActor(trx, this.scope.siteUuid)).uuid;
    await unpark(trx, this.scope, comments.map((c) => c.id));
    const containers = await this.containersOf(trx, comments);
    const parents = await importedParents(trx, this.scope, comments.flatMap((c) => (c.parentId ? [c.parentId] : [])));
    const { accounts, created } = await authorsOf(trx, this.scope, comments);
    this.stats.accounts += created;
    const made: [string, ContentsTable][] = [];
    const waiting: SourceComment[] = [];
    for (const comment of comments) {
      const parent: ParentRow | undefined = comment.parentId ? parents.get(comment.parentId) : undefined;
      const container = parent?.container_uuid ?? containers.get(comment.threadId);
      if (comment.parentId && !parent) waiting.push(comment);
      else if (!container) this.stats.skipped++;
      else made.push([comment.id, this.rowOf(comment, container, parent, accounts)]);
    }
    // The mapping is claimed first: a run alongside (another upload, the CLI) that read the same
    // comments as new writes only those it claimed, so none is written twice.
    const claimed = await remember(trx, this.scope, 'comment', made.map(([id, row]) => [id, row.uuid]));
    const rows = made.filter(([id]) => claimed.has(id)).map(([, row]) => row);
    for (const row of rows) if (row.state === 'visible') counts.add(row);
    for (const part of chunks(rows, CHUNK)) await trx.insertInto('contents').values(part).execute();
    await park(trx, this.scope, waiting);
    this.stats.comments += rows.length;
    this.stats.already += made.length - rows.length;
    // The replies parked for what was just written, in rounds (parked() reads a bounded number).
    const written = [...claimed];
    for (const ids of chunks(written, 500)) {
      for (let children = await parked(trx, this.scope, ids); children.length > 0; children = await parked(trx, this.scope, ids)) {
        await this.write(trx, children, counts);
      }
    }
  }

  private rowOf(comment: SourceComment, container: string, parent: ParentRow | undefined, accounts: Map<string, string>): ContentsTable {
    const body = importedBody(comment.html);
    if (body?.shortened) this.stats.shortened++;
    if (!body && comment.state !== 'deleted') this.stats.emptied++;
    const email = validEmail(comment.author.email) ? normaliseEmail(comment.author.email) : null;
    const actor = email ? accounts.get(email)! : this.guest!;
    if (!email) this.stats.guests++;
    const name = shortName(comment.author.name);
    return newContentRow({
      type: parent ? 'reply' : 'comment',
      site_uuid: this.scope.siteUuid,
      container_uuid: container,
      actor_uuid: actor,
      content: body?.text ?? '',
      ...(parent ? { parent } : {}),
      state: body ? comment.state : 'deleted',
      ...(email ? {} : { anonymous_name: name || 'Anonymous' }),
      date_created: comment.createdAt ?? Date.now(),
    });
  }

  /** Each comment's thread's container (thread source id → container uuid), cache first. */
  private async containersOf(trx: Transaction<Database>, comments: SourceComment[]): Promise<Map<string, string>> {
    const ids = [...new Set(comments.map((c) => c.threadId))];
    const found = new Map<string, string>();
    for (const id of ids) if (this.threads.has(id)) found.set(id, this.threads.get(id)!);
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) for (const [id, uuid] of await mapped(trx, this.scope, 'thread', missing)) found.set(id, uuid);
    return found;
  }
}

/** Imports a Disqus or WXR file (its bytes as `input`) into the site. */
export function importComments(
  db: Kysely<Database>, siteUuid: string, format: SourceFormat, read: ReadOptions, options: ImportOptions = {},
): Promise<ImportStats> {
  return new Importer(db, siteUuid, format, options).run(readSource(format, read));
}
