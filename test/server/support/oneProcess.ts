/**
 * Runs the server test files given as arguments in this one process, one after another (Node 20
 * has no `--test-isolation=none`). `node --test` starts a process per file, and each one loaded
 * the server's module graph (Fastify, Kysely, the first paint's components…) and migrated a
 * template database again: about half of each server layer's time. Here they load once.
 * The files' tests run in the order the files are given; each test still gets its own app and
 * database (helpers.ts build()).
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

for (const file of process.argv.slice(2)) await import(pathToFileURL(resolve(file)).href);
