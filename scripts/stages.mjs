// Stages of `npm test` and `.ci/run`: each one a command, timed; several may run at once, each with its
// output kept in a file and printed whole when it ends (so two logs never interleave); a table at the end.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** `12.3 s` below a minute, `4 min 05 s` above. */
export function formatDuration(ms) {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

const started = performance.now();
/** Time since this process started (the run's clock). */
const elapsed = () => performance.now() - started;

/**
 * Runs one stage: `{ name, command, args, env }`, or `{ name, run }` for work done in this process
 * (an async function answering an exit code). With `buffered`, its output goes to a file printed at its end.
 * Answers `{ name, code, ms, startedAt }`; a command that cannot start answers code 127.
 */
export async function runStage(stage, { buffered = false } = {}) {
  const startedAt = elapsed();
  if (!buffered) console.log(`\n▶ ${stage.name}`);
  let code;
  let logFile;
  if (stage.run) {
    code = await stage.run().catch((error) => {
      console.error(error);
      return 1;
    });
  } else {
    logFile = buffered ? path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-stage-')), 'output.log') : undefined;
    const out = logFile ? fs.openSync(logFile, 'w') : undefined;
    code = await new Promise((resolve) => {
      const child = spawn(stage.command, stage.args ?? [], {
        stdio: out === undefined ? 'inherit' : ['ignore', out, out],
        env: { ...process.env, ...stage.env },
      });
      child.on('error', (error) => {
        if (out !== undefined) fs.writeSync(out, `${error.message}\n`);
        else console.error(error.message);
        resolve(127);
      });
      child.on('close', (exitCode, signal) => resolve(exitCode ?? (signal ? 128 : 1)));
    });
    if (out !== undefined) fs.closeSync(out);
  }
  const ms = elapsed() - startedAt;
  const verdict = code === 0 ? 'ok' : `FAILED (exit code ${code})`;
  if (logFile) {
    console.log(`\n┌── ${stage.name}: ${verdict}, ${formatDuration(ms)} ──`);
    process.stdout.write(fs.readFileSync(logFile));
    console.log(`└── end of ${stage.name}`);
    fs.rmSync(path.dirname(logFile), { recursive: true, force: true });
  } else {
    console.log(`■ ${stage.name}: ${verdict}, ${formatDuration(ms)}`);
  }
  return { name: stage.name, code, ms, startedAt };
}

/**
 * Runs stages at the same time, each buffered; says every minute which are still running (a CI log
 * that stays silent for ten minutes looks hung). Answers their results in the given order.
 */
export async function runParallel(stages) {
  if (stages.length === 1) return [await runStage(stages[0])];
  const running = new Set(stages.map((stage) => stage.name));
  console.log(
    `\n▶ at once: ${stages.map((stage) => stage.name).join(' ∥ ')} (each one's output printed whole when it ends)`,
  );
  const heartbeat = setInterval(() => {
    console.log(`… ${formatDuration(elapsed())}: still running: ${[...running].join(', ')}`);
  }, 60_000);
  try {
    return await Promise.all(
      stages.map(async (stage) => {
        const result = await runStage(stage, { buffered: true });
        running.delete(stage.name);
        return result;
      }),
    );
  } finally {
    clearInterval(heartbeat);
  }
}

/**
 * The table at the end: each stage, when it started (from the run's start), how long it took and how it
 * ended; stages that ran at the same time share a group number. Skipped stages show why.
 */
export function printSummary(title, rows) {
  const grouped = rows.some((row) => row.group !== undefined);
  const lines = rows.map((row) => [
    ...(grouped ? [String(row.group ?? '')] : []),
    row.name,
    row.skipped ? '—' : formatDuration(row.startedAt),
    row.skipped ? '—' : formatDuration(row.ms),
    row.skipped ? `not run: ${row.skipped}` : row.code === 0 ? 'ok' : `FAILED (${row.code})`,
  ]);
  const header = [...(grouped ? ['group'] : []), 'stage', 'started', 'took', 'result'];
  const widths = header.map((cell, column) => Math.max(cell.length, ...lines.map((line) => line[column].length)));
  const format = (cells) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]))
      .join('  ')
      .trimEnd();
  console.log(`\n${title}`);
  console.log(format(header));
  console.log(widths.map((width) => '─'.repeat(width)).join('  '));
  for (const line of lines) console.log(format(line));
  console.log(`total: ${formatDuration(elapsed())}`);
}

/**
 * Runs lanes at the same time: each lane is a list of stages run one after another (buffered, so two lanes'
 * logs never interleave), and a lane stops at its first failing stage (the rest are skipped). Then each lane that
 * is free takes the next of the `shared` stages (those that need no lane's work before them), so the lane that
 * ends first does them. A stage may be `{ name, skipped }` to be listed as not run. Says every minute what is
 * still running. Answers every stage's row, with the number of the lane that ran it as `group`.
 */
export async function runLanes(lanes, shared = []) {
  const running = new Set();
  const queue = [...shared];
  console.log(
    `\n▶ at once: ${lanes.map((lane) => lane.map((stage) => stage.name).join(' → ')).join('  ∥  ')}${
      shared.length > 0 ? `; then, on the first free lane: ${shared.map((stage) => stage.name).join(', ')}` : ''
    } (each stage's output printed whole when it ends)`,
  );
  const heartbeat = setInterval(() => {
    if (running.size > 0) console.log(`… ${formatDuration(elapsed())}: still running: ${[...running].join(', ')}`);
  }, 60_000);
  try {
    const results = await Promise.all(
      lanes.map(async (lane, index) => {
        const rows = [];
        let failed;
        const run = async (stage) => {
          if (stage.skipped || failed) {
            rows.push({ group: index + 1, name: stage.name, skipped: stage.skipped ?? `${failed} failed` });
            return;
          }
          running.add(stage.name);
          const result = await runStage(stage, { buffered: true });
          running.delete(stage.name);
          rows.push({ group: index + 1, ...result });
          if (result.code !== 0) failed = stage.name;
        };
        for (const stage of lane) await run(stage);
        while (!failed && queue.length > 0) await run(queue.shift());
        return rows;
      }),
    );
    // Shared stages no lane took: every lane had failed before them.
    const left = queue.map((stage) => ({ group: '', name: stage.name, skipped: stage.skipped ?? 'every lane failed' }));
    return [...results.flat(), ...left];
  } finally {
    clearInterval(heartbeat);
  }
}
