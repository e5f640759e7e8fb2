import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  api,
  consentApi,
  insurerApi,
  onlinePaymentApi,
  questionnaireApi,
  quoteApi,
  settlementApi,
} from '../../common/api-paths';
import { authApi, profileApi, publicApi, recordLinkApi } from '../../common/paths';
import { secondFactorApi } from '../../common/second-factor-paths';

/**
 * One fetcher per endpoint: every request of the client goes through `apiFetch` (lib/api-client.ts, the
 * only `fetch`), and this reads each call's method and path from the source. Two calls on the same
 * method and path are two copies of one fetcher — the second belongs in the shared tier
 * (`src/client/api/<resource>.ts`), imported by every screen that needs it.
 */
const CLIENT = path.resolve(__dirname, '..');
const PATH_BUILDERS: Record<string, unknown> = {
  api,
  secondFactorApi,
  authApi,
  publicApi,
  profileApi,
  recordLinkApi,
  questionnaireApi,
  consentApi,
  quoteApi,
  settlementApi,
  onlinePaymentApi,
  insurerApi,
};

interface Fetcher {
  /** `GET /api/patients/:id`, or why it could not be read. */
  endpoint: string;
  where: string;
}

/**
 * The endpoint a path expression names: `api.x`, `api.x(id)`, either followed by a query string, or a
 * choice between two of those that name the same endpoint.
 */
function endpointPath(expression: ts.Expression): string | null {
  let node: ts.Expression = expression;
  while (ts.isParenthesizedExpression(node)) node = node.expression;
  if (ts.isConditionalExpression(node)) {
    const [whenTrue, whenFalse] = [endpointPath(node.whenTrue), endpointPath(node.whenFalse)];
    return whenTrue === whenFalse ? whenTrue : null;
  }
  if (ts.isTemplateExpression(node)) node = node.templateSpans[0]!.expression;
  let args = 0;
  if (ts.isCallExpression(node)) {
    args = node.arguments.length;
    node = node.expression;
  }
  const chain: string[] = [];
  while (ts.isPropertyAccessExpression(node)) {
    chain.unshift(node.name.text);
    node = node.expression;
  }
  if (!ts.isIdentifier(node) || !(node.text in PATH_BUILDERS)) return null;
  let value: unknown = PATH_BUILDERS[node.text];
  for (const name of chain) value = (value as Record<string, unknown> | undefined)?.[name];
  if (typeof value === 'function') {
    return (value as (...params: string[]) => string)(...Array.from({ length: args }, (_, i) => `:p${i + 1}`));
  }
  return typeof value === 'string' ? value : null;
}

function methodOf(options: ts.Expression | undefined): string | null {
  if (!options) return 'GET';
  if (!ts.isObjectLiteralExpression(options)) return null;
  const method = options.properties.find((property) => property.name?.getText() === 'method');
  if (!method) return 'GET';
  if (!ts.isPropertyAssignment(method) || !ts.isStringLiteral(method.initializer)) return null;
  return method.initializer.text;
}

/** `fetch(…)`, `window.fetch(…)`, `globalThis.fetch(…)`: a request that would bypass the API client. */
const isBareFetch = (callee: ts.Expression) =>
  (ts.isIdentifier(callee) && callee.text === 'fetch') ||
  (ts.isPropertyAccessExpression(callee) &&
    callee.name.text === 'fetch' &&
    ts.isIdentifier(callee.expression) &&
    ['window', 'globalThis', 'self'].includes(callee.expression.text));

/** Every `apiFetch(…)` of one source file, and the files that call `fetch` themselves. */
export function fetchersIn(file: string, source: string): { fetchers: Fetcher[]; bareFetches: string[] } {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const fetchers: Fetcher[] = [];
  const bareFetches: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && isBareFetch(node.expression)) bareFetches.push(file);
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const where = `${file}:${tree.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      if (node.expression.text === 'apiFetch' && node.arguments[0]) {
        const method = methodOf(node.arguments[1]);
        const endpoint = endpointPath(node.arguments[0]);
        fetchers.push({
          endpoint: method && endpoint ? `${method} ${endpoint}` : `unreadable: ${node.getText()}`,
          where,
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return { fetchers, bareFetches };
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function scanClient() {
  const fetchers: Fetcher[] = [];
  const bareFetches: string[] = [];
  for (const full of sourceFiles(CLIENT)) {
    const found = fetchersIn(path.relative(CLIENT, full), fs.readFileSync(full, 'utf8'));
    fetchers.push(...found.fetchers);
    bareFetches.push(...found.bareFetches);
  }
  return { fetchers, bareFetches };
}

/** The endpoints fetched from more than one place, each with its places. */
function duplicated(fetchers: Fetcher[]): Record<string, string[]> {
  const places = new Map<string, string[]>();
  for (const { endpoint, where } of fetchers) places.set(endpoint, [...(places.get(endpoint) ?? []), where]);
  return Object.fromEntries([...places].filter(([, where]) => where.length > 1));
}

describe('the client has one fetcher per endpoint', () => {
  const { fetchers, bareFetches } = scanClient();

  it('reads every request of the client (through apiFetch, with a known path and a literal method)', () => {
    expect(fetchers.length).toBeGreaterThan(100);
    expect(fetchers.filter((fetcher) => fetcher.endpoint.startsWith('unreadable'))).toEqual([]);
    expect(bareFetches).toEqual(['lib/api-client.ts']);
    expect(fetchers).toContainEqual({
      endpoint: 'GET /api/patients',
      where: expect.stringMatching(/^api\/patients\.ts:/),
    });
  });

  it('no endpoint (method and path) is fetched from two places', () => {
    expect(duplicated(fetchers)).toEqual({});
  });

  it('the shared ones live in src/client/api: patients, availability, clinic, doctors, holidays…', () => {
    const home = (endpoint: string) => fetchers.find((fetcher) => fetcher.endpoint === endpoint)?.where.split(':')[0];
    expect(home('GET /api/patients')).toBe('api/patients.ts');
    expect(home('GET /api/patients/:p1')).toBe('api/patients.ts');
    expect(home('POST /api/patients')).toBe('api/patients.ts');
    expect(home('GET /api/public/availability')).toBe('api/availability.ts');
    expect(home('GET /api/public/clinic')).toBe('api/clinic.ts');
    expect(home('GET /api/doctors')).toBe('api/doctors.ts');
    expect(home('GET /api/holidays')).toBe('api/holidays.ts');
    expect(home('GET /api/specialties')).toBe('api/specialties.ts');
    expect(home('GET /api/treatments')).toBe('api/treatments.ts');
    expect(home('GET /api/patients/:p1/context')).toBe('api/patient-context.ts');
    expect(home('GET /api/auth/session')).toBe('api/session.ts');
  });

  it('the scan tells a copy apart: same method and path (query strings aside) twice, whatever the arguments', () => {
    const copy = fetchersIn(
      'features/x/api/search.ts',
      [
        'apiFetch(`${api.patients}${toQueryString({ q, pageSize: 10 })}`, { signal });',
        'apiFetch(api.patients, { method: "POST", body });',
        'apiFetch(api.patient(id), { signal });',
        'apiFetch(api.patient(other), { method: "PATCH", body });',
        'apiFetch(api.patient(other));',
        'apiFetch(path);',
        'apiFetch(day ? `${api.appointmentsToday}?date=${day}` : api.appointmentsToday);',
        'apiFetch(day ? api.appointmentsToday : api.appointments);',
      ].join('\n'),
    ).fetchers;
    expect(duplicated(copy)).toEqual({
      'GET /api/patients/:p1': ['features/x/api/search.ts:3', 'features/x/api/search.ts:5'],
    });
    expect(copy.map((fetcher) => fetcher.endpoint)).toEqual([
      'GET /api/patients',
      'POST /api/patients',
      'GET /api/patients/:p1',
      'PATCH /api/patients/:p1',
      'GET /api/patients/:p1',
      'unreadable: apiFetch(path)',
      'GET /api/appointments/today',
      'unreadable: apiFetch(day ? api.appointmentsToday : api.appointments)',
    ]);
  });
});
