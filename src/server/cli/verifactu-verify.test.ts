import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../platform/clock';
import { openDatabase } from '../platform/db/client';
import { transact } from '../platform/db/transaction';
import { createInvoicingService } from '../billing/invoices/service';
import { createRepositories } from '../repositories';
import { testConfig } from '../test/app';

/** `npm run verifactu:verify` as an operator runs it: a process of its own on the data directory. */
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
let dir: string;

async function verify() {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/server/cli/verifactu-verify.ts'], {
      cwd: root,
      env: { ...inherited, NODE_ENV: 'production', DATA_DIR: dir },
    });
    return { code: 0, stdout, stderr: '' };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function withDatabase<T>(work: (database: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>) {
  const database = await openDatabase({ kind: 'pglite', dataDir: dir });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  clock.freeze('2026-05-04T10:00:00+02:00');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-verifactu-cli-'));
  await withDatabase(async (database) => {
    const repos = createRepositories(database.db);
    const invoicing = createInvoicingService({ db: database.db, repos, config: testConfig() });
    await transact(database.db, async (tx) => {
      await repos.clinic.updateSettings(
        { issuerLegalName: 'Clínica Norte, S.L.', issuerNif: 'B12345674', issuerAddress: 'Calle Mayor 1, Madrid' },
        tx,
      );
      const patient = await repos.patients.create({ firstName: 'Ana', lastName: 'Cadena', email: '', phone: '' }, tx);
      for (const description of ['Informe médico', 'Certificado médico']) {
        await invoicing.issueIn(
          tx,
          {
            patientId: patient.id,
            appointmentIds: [],
            lines: [{ description, quantity: 1, unitPriceCents: 3000, vat: 'exenta' }],
            kind: 'simplificada',
          },
          patient,
          { actor: null, ip: '127.0.0.1' },
        );
      }
    });
  });
}, 60_000);
afterAll(() => {
  clock.freeze(null);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm run verifactu:verify', () => {
  it('says the chain verifies, with its length and last record', async () => {
    const result = await verify();
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('NIF B12345674 (pruebas): la cadena verifica (2 registros; último: S2026-000002');
  }, 60_000);

  it('exits non-zero naming the first broken record when one was altered', async () => {
    await withDatabase(async (database) => {
      await database.db.execute(sql`ALTER TABLE verifactu_records DISABLE TRIGGER verifactu_records_append_only`);
      await database.db.execute(
        sql`UPDATE verifactu_records SET record = jsonb_set(record, '{invoice,lines,0,base}', '9999') WHERE position = 2`,
      );
    });
    const result = await verify();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'NIF B12345674 (pruebas): la cadena NO verifica. La huella del registro S2026-000002 no coincide.',
    );
  }, 60_000);
});
