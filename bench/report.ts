/** The bench's printed table: every row with its ceilings and ratios, then the targets and memory. */
import type { RssReport } from './rss';
import type { Target } from './scenarios';
import { formatRatio, formatSpread, type Summary } from './stats';

export interface Row {
  backend: string;
  scenario: string;
  connections: number;
  app: Summary;
  /** The same-SQL ceiling and the app's ratio to it (median of the rounds' ratios). */
  sqlCeiling?: Summary;
  sqlRatio?: number;
  bareRatio?: number;
  target?: Target;
  note?: string;
}

export interface BackendReport {
  backend: string;
  rows: Row[];
  bare: Record<number, Summary>;
  rss: RssReport;
  rssAfterStart: number;
}

/** The share of its same-SQL ceiling each read must reach on PostgreSQL. */
export const SQL_RATIO_TARGET = 0.6;
/** Bookings per second on PostgreSQL at 10 connections. */
export const BOOKINGS_TARGET = 500;

const pad = (text: string, width: number) => text.padEnd(width);
const num = (value: number, width = 7) => (Number.isFinite(value) ? value.toFixed(1) : '—').padStart(width);
const int = (value: number, width = 7) => (Number.isFinite(value) ? value.toFixed(0) : '—').padStart(width);

export function printReport(reports: BackendReport[], title: string) {
  console.log(`\n${title}`);
  console.log(
    `${pad('base', 8)} ${'conex'.padStart(5)} ${pad('escenario', 42)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'req/s'.padStart(7)} ${'±'.padStart(6)} ` +
      `${'techo SQL'.padStart(9)} ${'% SQL'.padStart(6)} ${'% vacía'.padStart(7)} errores`,
  );
  for (const report of reports) {
    for (const [connections, bare] of Object.entries(report.bare)) {
      console.log(
        `${pad(report.backend, 8)} ${connections.padStart(5)} ${pad('ruta vacía de Fastify (techo)', 42)} ${num(bare.p50)} ${num(bare.p95)} ${num(bare.p99)} ${int(bare.rps)} ${formatSpread(bare.rpsSpread).padStart(6)}`,
      );
    }
    for (const row of report.rows) {
      const { app } = row;
      console.log(
        `${pad(row.backend, 8)} ${String(row.connections).padStart(5)} ${pad(row.scenario, 42)} ${num(app.p50)} ${num(app.p95)} ${num(app.p99)} ${int(app.rps)} ${formatSpread(app.rpsSpread).padStart(6)} ` +
          `${row.sqlCeiling ? int(row.sqlCeiling.rps, 9) : ''.padStart(9)} ${(row.sqlRatio === undefined ? '' : formatRatio(row.sqlRatio)).padStart(6)} ${(row.bareRatio === undefined ? '' : formatRatio(row.bareRatio)).padStart(7)} ${app.errors}` +
          (row.note ? `\n${' '.repeat(15)}↳ ${row.note}` : ''),
      );
    }
  }
  console.log('\nObjetivos (latencias a 1 conexión; proporción al techo SQL a 1 y 10 conexiones):');
  for (const report of reports) {
    for (const row of report.rows) {
      const checks: string[] = [];
      if (row.target && row.connections === 1) {
        const value = row.app[row.target.metric];
        checks.push(
          `${row.target.metric} ${value.toFixed(1)} ms ${value <= row.target.ms ? '≤' : '>'} ${row.target.ms} ms ${value <= row.target.ms ? '✓' : '✗'}`,
        );
      }
      if (row.sqlRatio !== undefined && report.backend === 'postgres') {
        checks.push(`${formatRatio(row.sqlRatio)} del techo SQL ${row.sqlRatio >= SQL_RATIO_TARGET ? '✓' : '✗'}`);
      }
      if (row.note && row.connections > 1 && report.backend === 'postgres') {
        const perSecond = Number(/^(\d+) reservas\/s/.exec(row.note)?.[1] ?? NaN);
        const overlaps = Number(/solapes tras verificar: (\d+)/.exec(row.note)?.[1] ?? NaN);
        checks.push(
          `${perSecond} reservas/s ${perSecond >= BOOKINGS_TARGET ? '✓' : '✗'}, ${overlaps} solapes ${overlaps === 0 ? '✓' : '✗'}`,
        );
      }
      if (checks.length)
        console.log(
          `  ${pad(report.backend, 8)} ${String(row.connections).padStart(2)} ${pad(row.scenario, 42)} ${checks.join('; ')}`,
        );
    }
  }
  console.log('\nMemoria del proceso de la app (RSS):');
  for (const report of reports) {
    const { rss } = report;
    const backends =
      rss.backendsMaxMb !== undefined
        ? `; backends de PostgreSQL: ${rss.backendsMaxMb.toFixed(0)} MiB en ${rss.backends} procesos (máx., cuenta los búferes compartidos tocados)`
        : '';
    console.log(
      `  ${pad(report.backend, 8)} tras arrancar ${report.rssAfterStart.toFixed(0)} MiB; bajo carga mediana ${rss.appMedianMb.toFixed(0)} MiB, máx. ${rss.appMaxMb.toFixed(0)} MiB${backends}`,
    );
  }
}
