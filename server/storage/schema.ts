/**
 * The typed shape of every table, as Kysely sees it. Timestamps are milliseconds (bigint
 * columns, parsed to numbers on both engines); booleans are integers 0/1 so the same SQL runs
 * on SQLite and PostgreSQL.
 */
import type { Generated } from 'kysely';

export interface SitesTable {
  uuid: string;
  name: string;
  domains: string; // JSON array of host names
  settings: string; // JSON object (SiteSettings)
  date_created: number;
}

export interface UsersTable {
  id: Generated<number>;
  uuid: string;
  site_uuid: string;
  email: string; // lowercased; unique per site
  name: string;
  password_hash: string;
  user_privilege: string;
  ban_level: string;
  date_created: number;
}

export interface SessionsTable {
  id: string; // 24 alphanumerics, the token's sid
  user_uuid: string;
  refresh_hash: string; // sha256 (hex) of the current refresh token
  date_created: number;
  date_expires: number;
  date_revoked: number | null;
}

export interface ContainersTable {
  uuid: string;
  site_uuid: string;
  container_id: string;
  is_hidden: number;
  is_closed: number;
  total_visible_content: number;
  date_created: number;
}

export interface CommentsTable {
  uuid: string;
  site_uuid: string;
  container_uuid: string;
  thread_uuid: string;
  parent_uuid: string | null;
  parent_actor_uuid: string | null;
  actor_uuid: string;
  content: string;
  state: string;
  total_likes: number;
  total_dislikes: number;
  total_replies: number;
  total_direct_replies: number;
  is_edited: number;
  is_picked: number;
  is_pinned: number;
  date_created: number;
  date_edited: number | null;
}

export interface LikesTable {
  content_uuid: string;
  user_uuid: string;
  date_created: number;
}

export interface Database {
  sites: SitesTable;
  users: UsersTable;
  sessions: SessionsTable;
  containers: ContainersTable;
  comments: CommentsTable;
  likes: LikesTable;
}
