/**
 * A progress bar for long work (seeding a million appointments): on a terminal one line redrawn in place,
 * at most a few times a second; otherwise (a log, a pipe) a line at each tenth of the way.
 */
export interface ProgressBar {
  update(done: number): void;
  /** Ends the line with the final figure and how long it took. */
  finish(note?: string): void;
}

const WIDTH = 30;

/** «[██████░░░░] 60 % 600 000 / 1 000 000 citas · 12 s» */
export function renderBar(label: string, done: number, total: number, elapsedSeconds: number): string {
  const fraction = total > 0 ? Math.min(1, done / total) : 1;
  const filled = Math.round(fraction * WIDTH);
  const count = `${done.toLocaleString('es-ES')} / ${total.toLocaleString('es-ES')}`;
  return `${label} [${'█'.repeat(filled)}${'░'.repeat(WIDTH - filled)}] ${String(Math.floor(fraction * 100)).padStart(3)} % ${count} · ${elapsedSeconds.toFixed(0)} s`;
}

export function progressBar(label: string, total: number, stream: NodeJS.WriteStream = process.stdout): ProgressBar {
  const started = performance.now();
  const tty = Boolean(stream.isTTY);
  let lastDraw = 0;
  let lastTenth = -1;
  let last = 0;
  const elapsed = () => (performance.now() - started) / 1000;
  return {
    update(done) {
      last = done;
      if (tty) {
        const now = performance.now();
        if (now - lastDraw < 200 && done < total) return;
        lastDraw = now;
        stream.write(`\r${renderBar(label, done, total, elapsed())}\x1b[K`);
        return;
      }
      const tenth = total > 0 ? Math.floor((done / total) * 10) : 10;
      if (tenth > lastTenth && tenth < 10) {
        lastTenth = tenth;
        stream.write(`${renderBar(label, done, total, elapsed())}\n`);
      }
    },
    finish(note) {
      const line = `${renderBar(label, last, Math.max(total, last), elapsed())}${note ? ` — ${note}` : ''}`;
      stream.write(tty ? `\r${line}\x1b[K\n` : `${line}\n`);
    },
  };
}
