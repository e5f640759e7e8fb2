import fs from 'node:fs';
import os from 'node:os';
import { SUMMARY_FILE } from './harness';

/** Clears the summary before the run and prints it as one table after the last file. */
export default function setup() {
  fs.rmSync(SUMMARY_FILE, { force: true });
  const started = performance.now();
  return () => {
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
    console.log(`\nResilience summary\n${line({ part: 'part', check: 'check', result: 'result' })}\n${'-'.repeat(widths[0]! + widths[1]! + 40)}`);
    for (const row of rows) console.log(line(row));
    console.log(`Total ${((performance.now() - started) / 1000).toFixed(0)} s on ${os.cpus().length} cores (load average ${load}).`);
    fs.rmSync(SUMMARY_FILE, { force: true });
  };
}
