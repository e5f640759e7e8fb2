import fs from 'node:fs';
import os from 'node:os';
import type { TestProject } from 'vitest/node';
import { createDatabase, startServer, SUMMARY_FILE, tempDir } from './harness';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL database holding the demo clinic, copied (CREATE DATABASE … TEMPLATE) by the tests. */
    demoTemplate: string;
  }
}

/**
 * Loads the demo clinic once into a PostgreSQL database the tests copy (a server start, stopped before any
 * copy), clears the summary, and after the last file prints the summary as one table and drops the copy.
 */
export default async function setup(project: TestProject) {
  fs.rmSync(SUMMARY_FILE, { force: true });
  const started = performance.now();
  const template = await createDatabase('template');
  const dataDir = tempDir('template');
  try {
    const server = await startServer({ dataDir, databaseUrl: template.url });
    await server.stop();
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  project.provide('demoTemplate', template.name);
  return async () => {
    await template.drop();
    if (!fs.existsSync(SUMMARY_FILE)) return;
    const load = os.loadavg()[0]!.toFixed(1);
    const rows = fs
      .readFileSync(SUMMARY_FILE, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { part: string; check: string; result: string });
    const widths = [0, 1].map((i) => Math.max(...rows.map((row) => [row.part, row.check][i]!.length), 4));
    const line = (row: { part: string; check: string; result: string }) =>
      `${row.part.padEnd(widths[0]!)} | ${row.check.padEnd(widths[1]!)} | ${row.result}`;
    console.log(
      `\nResilience summary\n${line({ part: 'part', check: 'check', result: 'result' })}\n${'-'.repeat(widths[0]! + widths[1]! + 40)}`,
    );
    for (const row of rows) console.log(line(row));
    console.log(
      `Total ${((performance.now() - started) / 1000).toFixed(0)} s on ${os.cpus().length} cores (load average ${load}).`,
    );
    fs.rmSync(SUMMARY_FILE, { force: true });
  };
}
