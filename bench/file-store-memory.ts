/**
 * The embedded database's memory with the clinic's files in it: stores 20 × 10 MB through the database
 * store, serves each back, and prints the process's RSS at each step (docs/performance.md).
 * Run: node --expose-gc --import tsx bench/file-store-memory.ts
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { transact } from '../src/server/platform/db/transaction';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/server/platform/db/client';
import { patientFiles } from '../src/server/platform/db/schema';
import { createAccountWithProfile } from '../src/server/identity/auth/accounts';
import { createAuthRepository } from '../src/server/identity/auth/repository';
import { databaseFileStore } from '../src/server/clinical/files/store';

const kind = 'database';
const dir = mkdtempSync(path.join(os.tmpdir(), 'file-store-bench-'));
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const rss = (label: string) => console.log(`${label.padEnd(28)} rss ${mb(process.memoryUsage().rss)}`);

const database = await openDatabase({ kind: 'pglite', dataDir: dir });
const store = databaseFileStore(database.db);
const account = (
  await createAccountWithProfile(database.db, createAuthRepository(database.db), {
    email: 'bench@clinica.test',
    role: 'admin',
    displayName: 'Bench',
  })
).account;
rss(`${kind}: opened`);
const ids: string[] = [];
for (let index = 0; index < 20; index++) {
  const id = randomUUID();
  const content = randomBytes(10 * 1024 * 1024);
  await transact(database.db, async (tx) => {
    await tx.insert(patientFiles).values({
      id,
      type: 'otros',
      name: `f${index}.pdf`,
      mime: 'application/pdf',
      size: content.length,
      uploadedBy: account.id,
      createdAt: new Date(),
    });
    await store.save(id, content, tx);
  });
  ids.push(id);
}
rss(`${kind}: 200 MB stored`);
for (const id of ids) {
  let bytes = 0;
  for await (const chunk of store.open(id)) bytes += (chunk as Buffer).length;
  if (bytes !== 10 * 1024 * 1024) throw new Error(`short read ${bytes}`);
}
rss(`${kind}: 200 MB served`);
globalThis.gc?.();
await new Promise((resolve) => setTimeout(resolve, 2000));
rss(`${kind}: 2 s later`);
await database.close();
rmSync(dir, { recursive: true, force: true });
