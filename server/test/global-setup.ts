import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPglite, openDatabase } from '../db/client';

/*
 * Builds one migrated database before any test file runs; each test file then gets its own copy
 * (a PGlite data-dir dump, or a PostgreSQL database created from a template), so files never
 * depend on each other or on order.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `cofound_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const tplUrl = withDatabase(url, template);
    const database = await openDatabase({ url: tplUrl, poolSize: 1 });
    await database.migrate();
    await database.close();
    project.provide('testDb', { kind: 'postgres', url, template });
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }

  const dir = await mkdtemp(path.join(os.tmpdir(), 'cofound-test-'));
  const client = await createPglite();
  const database = await openDatabase({ pglite: client });
  await database.migrate();
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, 'migrated.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('testDb', { kind: 'pglite', dump: file });
  return () => rm(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: { kind: 'postgres'; url: string; template: string } | { kind: 'pglite'; dump: string };
  }
}
