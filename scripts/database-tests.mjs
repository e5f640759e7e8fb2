// Which test files of the server project the PostgreSQL pass of `npm test` runs: those whose run depends on
// TEST_DATABASE_URL, i.e. that open a test database (src/server/test/databases.ts, directly or through a helper such
// as test/app.ts) or read the variable themselves (`process.env.TEST_DATABASE_URL`). The others (pure rules, parsers, the server process on its own
// PGlite, the data directory's lock…) would run exactly as in the first pass: running them again on PostgreSQL
// proves nothing new and took minutes of the lane.
//
// The walk follows the relative imports (static, `export … from` and `import('…')` with a literal path); a
// dependency on the database through anything else (a computed import path) is not seen, so a file that needs
// PostgreSQL must reach it through an import, as all do today.
import fs from 'node:fs';
import path from 'node:path';

/** The server project's test files (vitest.config.ts, project «server»). */
export const SERVER_TEST_GLOBS = [
  'src/server/**/*.test.ts',
  'src/common/**/*.test.ts',
  'build/**/*.test.ts',
  'bench/**/*.test.ts',
  'scripts/**/*.test.ts',
];
const DATABASES = 'src/server/test/databases.ts';
/** Reading the variable (`process.env.TEST_DATABASE_URL`), not a comment or a string that names it. */
const READS_VARIABLE = /\benv(?:\.TEST_DATABASE_URL\b|\[['"]TEST_DATABASE_URL['"]\])/;
const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)|import\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function resolveImport(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  return candidates.find((file) => /\.tsx?$/.test(file) && fs.existsSync(file) && fs.statSync(file).isFile());
}

/**
 * Answers whether `file` (absolute) depends on TEST_DATABASE_URL: whether any file it imports, itself included, is
 * `target` or reads the variable. `memo` keeps the answers between calls: a walk that finds nothing has seen every
 * file reachable from `file`, and none of them reaches either.
 */
function reachesDatabase(file, target, memo) {
  const seen = new Set([file]);
  const pending = [file];
  while (pending.length > 0) {
    const current = pending.pop();
    const known = memo.get(current);
    if (known === false) continue;
    if (known === true || current === target || READS_VARIABLE.test(fs.readFileSync(current, 'utf8'))) {
      memo.set(file, true);
      return true;
    }
    for (const match of fs.readFileSync(current, 'utf8').matchAll(IMPORT)) {
      const imported = resolveImport(current, match[1] ?? match[2] ?? match[3]);
      if (imported && !seen.has(imported)) {
        seen.add(imported);
        pending.push(imported);
      }
    }
  }
  for (const each of seen) memo.set(each, false);
  return false;
}

/**
 * The server project's test files under `root`, split into those that use the test database (`database`) and
 * those that do not (`pure`), each sorted, as paths relative to `root` with forward slashes.
 */
export function splitServerTests(root) {
  const target = path.join(root, DATABASES);
  const memo = new Map();
  const files = [
    ...new Set(
      SERVER_TEST_GLOBS.flatMap((pattern) =>
        fs.globSync(pattern, { cwd: root, exclude: (name) => name === 'node_modules' }),
      ),
    ),
  ]
    .map((file) => file.split(path.sep).join('/'))
    .sort();
  const database = [];
  const pure = [];
  for (const file of files) (reachesDatabase(path.join(root, file), target, memo) ? database : pure).push(file);
  return { database, pure };
}
