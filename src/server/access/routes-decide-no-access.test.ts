import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Access is decided in `src/server/access/` and nowhere else (docs/architecture.md, «Where access is
 * decided»): a route reads through `request.scope` or asks a rule of `access/`, it never compares roles,
 * grants or visibility kinds itself; and what "own" means is written once, so no file outside `access/`
 * looks at a visibility's kind.
 */

const SERVER = join(import.meta.dirname, '..');
const ACCESS = join(SERVER, 'access');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const isRouteFile = (path: string) => /(^|[/\\-])routes\.ts$/.test(path) || /[/\\]routes[^/\\]*\.ts$/.test(path);

/**
 * Every server file but the access context itself, the request scope it is assembled into (`request-scope.ts`),
 * and what only tests, seeds and operators run (`test/`, `seed/`, `cli/`).
 */
const OUTSIDE_ACCESS = /^(access\/|request-scope\.ts$|test\/|seed\/|cli\/)/;

/** What a route must not contain: each pattern with what it means. */
const ROUTE_DECISIONS: Array<[RegExp, string]> = [
  [/visibility\.kind/, 'reads a visibility kind'],
  [/\bswitch\s*\([^)]*(visibility|scope)[^)]*\.kind\s*\)/, 'switches on a visibility kind'],
  [/\.role\s*[!=]==|[!=]==\s*[\w.?]*\.role\b/, 'compares a role'],
  [/\.grant\s*[!=]==|[!=]==\s*[\w.?]*\.grant\b/, 'compares a grant'],
  [/kind:\s*'(all|doctor|patient|none)'/, 'makes up a visibility'],
];

function decisionsIn(source: string): string[] {
  return source
    .split('\n')
    .flatMap((line, index) =>
      ROUTE_DECISIONS.filter(([pattern]) => pattern.test(line)).map(
        ([, what]) => `line ${index + 1} ${what}: ${line.trim()}`,
      ),
    );
}

const serverFiles = filesUnder(SERVER).filter(
  (path) => !OUTSIDE_ACCESS.test(relative(SERVER, path).replaceAll('\\', '/')),
);
const routeFiles = serverFiles.filter(isRouteFile);

describe('no server file outside access/ decides access', () => {
  it('finds the route files (routes.ts, routes-*.ts, *-routes.ts)', () => {
    const names = routeFiles.map((path) => relative(SERVER, path).replaceAll('\\', '/'));
    expect(names).toContain('communications/tasks/routes.ts');
    expect(names).toContain('scheduling/appointments/staff-routes.ts');
    expect(names).toContain('identity/second-factor/sign-in-routes.ts');
    expect(names.length).toBeGreaterThan(30);
  });

  it('catches each kind of decision it forbids', () => {
    expect(decisionsIn("if (visibility.kind === 'all') return rows;")).toHaveLength(1);
    expect(decisionsIn('switch (request.scope.visibility.kind) {')).toHaveLength(2);
    expect(decisionsIn("if (request.user?.role === 'paciente') {")).toHaveLength(1);
    expect(decisionsIn("if ('admin' !== user.role) throw forbidden();")).toHaveLength(1);
    expect(decisionsIn("assigneeId: request.scope.grant === 'any' ? assigneeId : user.id,")).toHaveLength(1);
    expect(decisionsIn("const created = await repo.findVisible(id, { kind: 'all' });")).toHaveLength(1);
    expect(decisionsIn('const visible = await request.scope.tasks.list(filter, db);')).toEqual([]);
  });

  it.each(serverFiles.map((path) => [relative(SERVER, path).replaceAll('\\', '/'), path]))(
    '%s reads through request.scope and the rules of access/',
    (_name, path) => {
      expect(decisionsIn(readFileSync(path, 'utf8'))).toEqual([]);
    },
  );

  it('no file outside access/ looks at what kind of visibility a request has', () => {
    const readers = filesUnder(SERVER)
      .filter((path) => !path.startsWith(ACCESS))
      .filter((path) => /visibility\.kind/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(SERVER, path));
    expect(readers).toEqual([]);
  });
});
