/** Content containers: one per page (container_id), site and kind, created on first use. */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Container, ContainerSettings, ContentEvent } from '../../core/api/types.ts';
import { PUBLIC_VIEWER, type Viewer } from '../content/visibility.ts';
import type { ContainerKind, ContainersTable, Database } from '../storage/schema.ts';
import { appendEvent } from './events.ts';

/** The switches moderators set (engine/settings.ts); each is a 0/1 column, default 0. */
export const CONTAINER_SETTINGS = ['is_closed', 'is_hidden', 'is_premoderated'] as const;
/** A chat's slow mode: seconds between one reader's messages, 0 (off, the default) to 3600. */
export const MAX_SLOW_MODE_SECONDS = 3600;
export type ContainerSettingsChange = Partial<Record<(typeof CONTAINER_SETTINGS)[number], boolean>> & { slow_mode_seconds?: number };

/**
 * Whether what a reader writes here waits for a moderator: the site's premoderation or the
 * container's. Moderators and admins are never held.
 */
export function holdsForModeration(siteSettings: { enable_premoderation?: boolean }, container: ContainersTable, privileged: boolean): boolean {
  return !privileged && (!!siteSettings.enable_premoderation || Number(container.is_premoderated ?? 0) === 1);
}

/**
 * Returns the site's container of this kind for the page's container id, creating it if needed;
 * concurrent first uses get the same row. One page may hold one container of each kind.
 */
export async function getOrCreateContainer(
  db: Kysely<Database>, siteUuid: string, containerId: string, kind: ContainerKind = 'conversation',
): Promise<ContainersTable> {
  const row = (await createContainer(db, siteUuid, containerId, kind)) ?? (await findContainer(db, siteUuid, containerId, kind));
  if (!row) throw new Error(`container ${containerId} (${kind}) of site ${siteUuid} was not created`);
  return row;
}

/**
 * Creates the container; null when it exists already (made earlier, or by a concurrent call:
 * exactly one of them gets the row).
 */
export async function createContainer(
  db: Kysely<Database>, siteUuid: string, containerId: string, kind: ContainerKind = 'conversation',
): Promise<ContainersTable | null> {
  const inserted = await db
    .insertInto('containers')
    .values({ uuid: randomUUID(), site_uuid: siteUuid, container_id: containerId, kind, is_hidden: 0, is_closed: 0, total_visible_content: 0, date_created: Date.now() })
    .onConflict((oc) => oc.columns(['site_uuid', 'container_id', 'kind']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 ? findContainer(db, siteUuid, containerId, kind) : null;
}

/** The site's container of this kind for a page's container id, if it exists. */
export async function findContainer(
  db: Kysely<Database>, siteUuid: string, containerId: string, kind: ContainerKind = 'conversation',
): Promise<ContainersTable | null> {
  const row = await db
    .selectFrom('containers')
    .selectAll()
    .where('site_uuid', '=', siteUuid)
    .where('container_id', '=', containerId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row ?? null;
}

/** The container, only if it belongs to that site (and, when `kind` is given, is of that kind). */
export async function getContainer(db: Kysely<Database>, siteUuid: string, uuid: string, kind?: ContainerKind): Promise<ContainersTable | null> {
  let query = db.selectFrom('containers').selectAll().where('uuid', '=', uuid).where('site_uuid', '=', siteUuid);
  if (kind) query = query.where('kind', '=', kind);
  return (await query.executeTakeFirst()) ?? null;
}

/**
 * Sets the given settings and, when one changed, logs a `settings_changed` event (of the
 * service's `contentType`) in the same transaction (publish it after commit); returns the
 * container after the change.
 */
export async function updateContainerSettings(
  db: Kysely<Database>,
  uuid: string,
  change: ContainerSettingsChange,
  actorUuid: string,
  contentType: ContentEvent['content_type'] = 'comments',
): Promise<{ row: ContainersTable; event: ContentEvent | null }> {
  const columns = Object.fromEntries(Object.entries(change).map(([key, value]) => [key, typeof value === 'number' ? value : value ? 1 : 0]));
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('containers').selectAll().where('uuid', '=', uuid).executeTakeFirstOrThrow();
    const changed = Object.entries(columns).some(([key, value]) => Number(before[key as keyof ContainersTable]) !== value);
    if (!changed) return { row: before, event: null };
    const row = await trx.updateTable('containers').set(columns).where('uuid', '=', uuid).returningAll().executeTakeFirstOrThrow();
    const event = await appendEvent(trx, {
      event: 'settings_changed',
      content_type: contentType,
      section_uuid: row.site_uuid,
      content_container_uuid: row.uuid,
      content_uuid: row.uuid,
      actor_uuid: actorUuid,
      settings: toApiContainer(row).settings,
      time: Date.now(),
    });
    return { row, event };
  });
}

/**
 * The API shape. `total_visible_content` is the public count; a hidden container's count is only
 * given to its site's moderators and admins (content.md §2 "comment count").
 */
export function toApiContainer(row: ContainersTable, viewer: Viewer = PUBLIC_VIEWER): Container {
  const settings: ContainerSettings = {
    is_hidden: Number(row.is_hidden) === 1,
    is_closed: Number(row.is_closed) === 1,
    is_premoderated: Number(row.is_premoderated ?? 0) === 1,
    ...(row.kind === 'chat' ? { slow_mode_seconds: Number(row.slow_mode_seconds ?? 0) } : {}),
  };
  return {
    content_container_uuid: row.uuid,
    container_id: row.container_id,
    section_uuid: row.site_uuid,
    total_visible_content: settings.is_hidden && !viewer.privileged ? 0 : Number(row.total_visible_content),
    settings,
  };
}
