/**
 * (b) `kill -9` of the server during a stream of acknowledged writes — bookings, messages (both sides)
 * and uploads of files of several 1 MB pieces — on the embedded database (PGlite data directory) and on
 * PostgreSQL; then a restart: every write the server acknowledged is there, exactly once, and nothing is
 * half-written (no file with missing pieces, no message without its conversation, no overlap).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/server/platform/db/client';
import { Client, createDatabase, pdfOf, sha256, startServer, summaryRow, tempDir, type ServerProcess } from './harness';
import { checkIntegrity, CLEAN, type Query } from './integrity';

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
});

interface Acknowledged {
  appointments: string[];
  messages: string[];
  files: Map<string, string>;
  /** Requests that got no answer (cut by the kill): their writes may or may not be there. */
  cut: number;
}

/** Writers that keep sending until `stop` is set; every 2xx answer is recorded as acknowledged. */
async function writeStream(server: ServerProcess, until: () => boolean) {
  const admin = new Client(server.url);
  await admin.signIn('admin@clinica.demo');
  const paciente = new Client(server.url);
  await paciente.signIn('paciente@clinica.demo');
  const first = await paciente.request('POST', '/api/me/messages', {
    id: crypto.randomUUID(),
    body: 'Antes del corte',
  });
  expect(first.status).toBe(201);
  const doctors = (await admin.request('GET', '/api/doctors')).json as Array<{ id: string }>;
  const patients = (await admin.request('GET', '/api/patients?pageSize=50')).json.items as Array<{ id: string }>;
  const inbox = (await admin.request('GET', '/api/conversations')).json.conversations as Array<{
    id: string;
    patientEmail: string;
  }>;
  const conversation = inbox.find((row) => row.patientEmail === 'paciente@clinica.demo')!;
  expect(conversation).toBeDefined();

  const acked: Acknowledged = { appointments: [], messages: [first.json.id], files: new Map(), cut: 0 };
  const attempt = async (send: () => Promise<void>) => {
    try {
      await send();
    } catch {
      acked.cut++;
    }
  };
  const loops = [
    // Bookings: each writer its own doctor and its own run of half hours, so they succeed.
    ...doctors.slice(0, 3).map(async (doctor, w) => {
      for (let i = 0; !until(); i++) {
        const startsAt = new Date(Date.parse('2026-05-04T06:00:00Z') + (w * 2000 + i) * 30 * 60_000).toISOString();
        await attempt(async () => {
          const response = await admin.request('POST', '/api/appointments', {
            patientId: patients[(w * 7 + i) % patients.length]!.id,
            doctorId: doctor.id,
            startsAt,
            reason: 'Resiliencia',
            channel: 'telefono',
            allowOutsideHours: true,
          });
          if (response.status === 201) acked.appointments.push(response.json.id);
          else expect(response.status, response.text).toBeLessThan(500);
        });
      }
    }),
    // The clinic's replies (two writers) and the paciente's messages (within the 60-an-hour limit).
    ...[0, 1].map(async () => {
      while (!until()) {
        await attempt(async () => {
          const id = crypto.randomUUID();
          const response = await admin.request('POST', `/api/conversations/${conversation.id}/messages`, {
            id,
            body: `Respuesta ${id}`,
          });
          if (response.status === 201) acked.messages.push(id);
          else expect(response.status, response.text).toBeLessThan(500);
        });
      }
    }),
    (async () => {
      for (let i = 0; i < 40 && !until(); i++) {
        await attempt(async () => {
          const id = crypto.randomUUID();
          const response = await paciente.request('POST', '/api/me/messages', { id, body: `Pregunta ${id}` });
          if (response.status === 201) acked.messages.push(id);
          else expect(response.status, response.text).toBeLessThan(500);
        });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })(),
    // Uploads of 2.5 MB: three pieces each, written in the file's transaction.
    ...[0, 1].map(async (w) => {
      for (let i = 0; !until(); i++) {
        await attempt(async () => {
          const content = pdfOf(2.5 * 1024 * 1024, `${w}-${i}`);
          const response = await admin.upload(
            '/api/files',
            { type: 'analisis', patientId: patients[i % patients.length]!.id, description: 'Resiliencia' },
            { name: `analitica-${w}-${i}.pdf`, type: 'application/pdf', content },
          );
          if (response.status === 201) acked.files.set(response.json.id, sha256(content));
          else expect(response.status, response.text).toBeLessThan(500);
        });
      }
    }),
  ];
  return { acked, done: Promise.all(loops), admin, paciente };
}

async function crashAndCheck(backend: 'pglite' | 'postgres') {
  const dataDir = tempDir(`kill-${backend}`);
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const database = backend === 'postgres' ? await createDatabase('kill', inject('demoTemplate')) : undefined;
  if (database) cleanups.push(() => database.drop());
  const server = await startServer({ dataDir, databaseUrl: database?.url });
  cleanups.push(() => server.kill9());

  let killed = false;
  const stream = await writeStream(server, () => killed);
  const { acked } = stream;
  // Kill while every kind of write is in flight, once each has been acknowledged a few times.
  const deadline = Date.now() + 30_000;
  while (
    (acked.files.size < 4 || acked.appointments.length < 20 || acked.messages.length < 20) &&
    Date.now() < deadline
  ) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await server.kill9();
  killed = true;
  await stream.done;

  const restarted = await startServer({ dataDir, databaseUrl: database?.url, port: server.port });
  cleanups.push(() => restarted.kill9());
  // The session made before the crash still works; the paciente sees every acknowledged message once.
  const paciente = stream.paciente.on(restarted.url);
  const mine = await paciente.request('GET', '/api/me/messages');
  expect(mine.status).toBe(200);
  const seen = (mine.json.messages as Array<{ id: string }>).map((message) => message.id);
  for (const id of acked.messages) expect(seen.filter((other) => other === id)).toHaveLength(1);
  // Every acknowledged file reads back whole, byte for byte.
  const admin = stream.admin.on(restarted.url);
  for (const [id, hash] of acked.files) {
    const response = await fetch(`${restarted.url}/api/files/${id}/content`, { headers: admin.headers() });
    expect(response.status).toBe(200);
    expect(sha256(Buffer.from(await response.arrayBuffer()))).toBe(hash);
  }
  await restarted.stop();

  // The stored data, read directly: every acknowledged row is there, and nothing is half-written.
  let query: Query;
  let close: () => Promise<void>;
  if (database) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    query = async (text, values) => (await client.query(text, values)).rows;
    close = () => client.end();
  } else {
    const opened = await openDatabase({ kind: 'pglite', dataDir });
    query = async <Row>(text: string) => ((await opened.db.execute(sql.raw(text))) as unknown as { rows: Row[] }).rows;
    close = () => opened.close();
  }
  try {
    const count = async (table: string, ids: string[]) =>
      ids.length === 0
        ? 0
        : Number(
            (
              await query<{ n: string }>(
                `SELECT count(*) AS n FROM ${table} WHERE id IN (${ids.map((id) => `'${id}'`).join(',')})`,
              )
            )[0]!.n,
          );
    expect(await count('appointments', acked.appointments)).toBe(acked.appointments.length);
    expect(await count('messages', acked.messages)).toBe(acked.messages.length);
    expect(await count('patient_files', [...acked.files.keys()])).toBe(acked.files.size);
    expect(await checkIntegrity(query)).toEqual(CLEAN);
  } finally {
    await close();
  }
  summaryRow({
    part: `b kill -9 (${backend})`,
    check: 'acknowledged writes kept, none half-written',
    result: `${acked.appointments.length} citas, ${acked.messages.length} mensajes, ${acked.files.size} archivos; ${acked.cut} cortadas`,
  });
}

describe('kill -9 during acknowledged writes', { timeout: 180_000 }, () => {
  it('embedded database (PGlite data directory): every acknowledged write survives, nothing half-written', async () => {
    await crashAndCheck('pglite');
  });

  it('PostgreSQL: every acknowledged write survives, nothing half-written', async () => {
    await crashAndCheck('postgres');
  });
});
