/**
 * Every migration, in order. A static list (not a folder scan) so bundling and tsx both work
 * and the order is explicit. Never edit a shipped migration: add the next one.
 */
import type { Migration, MigrationProvider } from 'kysely';
import { initial } from './001_initial.ts';

const migrations: Record<string, Migration> = {
  '001_initial': initial,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
