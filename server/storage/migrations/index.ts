/**
 * Every migration, in order. A static list (not a folder scan) so bundling and tsx both work
 * and the order is explicit. Never edit a shipped migration: add the next one.
 */
import type { Migration, MigrationProvider } from 'kysely';
import { initial } from './001_initial.ts';
import { pages } from './002_pages.ts';
import { events } from './003_events.ts';
import { bans } from './004_bans.ts';

const migrations: Record<string, Migration> = {
  '001_initial': initial,
  '002_pages': pages,
  '003_events': events,
  '004_bans': bans,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
