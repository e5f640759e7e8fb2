import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One door to the data (issue 34, item 3): a route reads through the request's scope (`request.scope`) and calls
 * use-case functions of its module's services; it never reaches a repository itself (`deps.repos`, or `repos`
 * taken out of its options). A route file is one whose name says `routes`, or that makes a `RoutePlugin`.
 */

const SERVER = join(import.meta.dirname, '..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const isRouteFile = (name: string, source: string) =>
  /(^|[/-])routes[^/]*\.ts$/.test(name) || /:\s*RoutePlugin\b/.test(source);

/** The lines of a source that name the repositories. */
export function repositoryReachesIn(source: string): string[] {
  return source
    .split('\n')
    .flatMap((line, index) => (/\brepos\b/.test(line) ? [`line ${index + 1}: ${line.trim()}`] : []));
}

describe('routes hold no repositories', () => {
  it('tells a reach from a route that has none', () => {
    expect(repositoryReachesIn('const repo = deps.repos.patients;')).toHaveLength(1);
    expect(repositoryReachesIn('const { repos } = deps;\nawait repos.clinic.getSettings();')).toHaveLength(2);
    expect(repositoryReachesIn('await listHolidays(deps, from, to);\nrequest.scope.patients.list()')).toEqual([]);
  });

  it('no route file of the server names deps.repos', () => {
    const reaches = filesUnder(SERVER).flatMap((path) => {
      const name = relative(SERVER, path).replaceAll('\\', '/');
      const source = readFileSync(path, 'utf8');
      if (name.startsWith('test/') || !isRouteFile(name, source)) return [];
      return repositoryReachesIn(source).map((line) => `${name} ${line}`);
    });
    expect(reaches).toEqual([]);
  });
});
