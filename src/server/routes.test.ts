import { describe, expect, it } from 'vitest';
import { serverFiles } from '../../scripts/server-layers.mjs';
import { apiRoutes } from './routes';

/**
 * `<context>/<module>/routes.ts` → `<module>Routes`; `<context>/<module>/<part>-routes.ts` → `<module><Part>Routes`
 * (and `api-docs/routes.ts`, of the composition, → `apiDocsRoutes`).
 */
const ROUTE_FILE = /^(?:[a-z]+\/)?([a-z-]+)\/(?:([a-z-]+)-)?routes\.ts$/;
const exportNameOf = (file: string) => {
  const [, domain, part] = ROUTE_FILE.exec(file)!;
  const words = [...domain!.split('-'), ...(part ? part.split('-') : []), 'routes'];
  return words.map((word, index) => (index === 0 ? word : word[0]!.toUpperCase() + word.slice(1))).join('');
};

describe('the route list', () => {
  it('lists every route module once, each exporting one plugin under the naming rule', async () => {
    const files = serverFiles().filter((file) => ROUTE_FILE.test(file));
    expect(files.length).toBeGreaterThan(30);
    const plugins = [];
    for (const file of files) {
      const module = (await import(`./${file.replace(/\.ts$/, '')}`)) as Record<string, unknown>;
      const plugin = Object.keys(module).filter((name) => name.endsWith('Routes'));
      expect({ file, plugin }).toEqual({ file, plugin: [exportNameOf(file)] });
      plugins.push(module[exportNameOf(file)]);
    }
    expect(new Set(apiRoutes).size).toBe(apiRoutes.length);
    expect(new Set(apiRoutes)).toEqual(new Set(plugins));
  });
});
