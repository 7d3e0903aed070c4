/**
 * The server's reads of its pages (docs/api.md "Pages"), in the background of `POST /pages`: a new
 * page is read at once; an existing one again when a caller reports other metadata than stored,
 * while it is still a hint, or when its conversations were not read within CONTAINERS_REREAD_AFTER_MS
 * (never, for a page stored before migration 026), at most once per page per REREAD_AFTER_MS
 * (across processes: the read is claimed in the database first). What the read finds replaces the
 * caller's hint; a picture off the site's image hosts is dropped; the conversations it names join
 * the page (containerPages.ts). Staff corrections are never read over (their page is read for its
 * conversations only); the server's own seed is never read.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { pageImageHosts, urlOnHosts } from '../../core/page/siteUrls.ts';
import { claimMetaRead, getPage, type PageMeta, type PageRow, saveReadMeta } from './queries.ts';
import { saveReadContainers } from './containerPages.ts';
import type { Database } from '../storage/schema.ts';
import { getSite } from '../engine/sites.ts';
import { READ_LIMITS, type ReadLimits, readPage } from './readPage.ts';

export const REREAD_AFTER_MS = 10 * 60 * 1000;
/** A visited page is read again this long after its conversations were, so one added to it since joins it. */
export const CONTAINERS_REREAD_AFTER_MS = 24 * 60 * 60 * 1000;
/** Reads one process runs at once; a page over the limit is read on a later call. */
const MAX_READS_AT_ONCE = 8;

/**
 * Whether a caller's `POST /pages` for the stored `page` at `now` is a reason to read it again (the
 * throttle aside): the page is still a hint, its conversations are unread or a day old (not for the
 * server's own pages), or the caller says something else than the page said (a field left empty
 * says nothing: a page whose picture the client cannot send is not read at every visit).
 */
export function callAsksForRead(page: PageRow, claim: Partial<PageMeta>, now: number): boolean {
  if (page.meta_source === 'hint') return true;
  if (page.meta_source === 'server') return false;
  if (page.containers_read_at === null || Number(page.containers_read_at) <= now - CONTAINERS_REREAD_AFTER_MS) return true;
  if (page.meta_source !== 'page') return false;
  return (['title', 'description', 'image_url', 'image_alt'] as const).some((field) => !!claim[field] && claim[field] !== page[field]);
}

export class PageMetaReader {
  /** Tests move the clock (the re-read throttle). */
  now: () => number = Date.now;
  /** Tests shorten the time limit. */
  limits: ReadLimits = READ_LIMITS;
  private readonly running = new Set<Promise<void>>();
  private readonly closing = new AbortController();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Reads the page in the background if no read of it started within REREAD_AFTER_MS. */
  refresh(pageUuid: string): void {
    if (this.running.size >= MAX_READS_AT_ONCE || this.closing.signal.aborted) return;
    const run = this.read(pageUuid)
      .catch((error: unknown) => this.log.info({ page: pageUuid, reason: error instanceof Error ? error.message : String(error) }, 'pages: reading the page failed'))
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  /** Resolves once every read started so far has ended (tests await it rather than wait). */
  async settled(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }

  /** Stops the reads in flight. */
  async close(): Promise<void> {
    this.closing.abort();
    await this.settled();
  }

  private async read(pageUuid: string): Promise<void> {
    if (!(await claimMetaRead(this.db, pageUuid, this.now(), REREAD_AFTER_MS))) return;
    const page = await getPage(this.db, pageUuid);
    const site = page && (await getSite(this.db, page.site_uuid));
    if (!page || !site) return;
    const { meta, containers } = await readPage(page.url, site.domains, this.limits, this.closing.signal);
    const image = urlOnHosts(meta.image_url, pageImageHosts(site.domains, site.settings));
    await saveReadMeta(this.db, page.uuid, { ...meta, image_url: image, image_alt: image ? meta.image_alt : null });
    await saveReadContainers(this.db, page, containers, this.now());
  }
}
