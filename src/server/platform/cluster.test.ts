import { describe, expect, it } from 'vitest';
import { processCount } from './cluster';
import { loadConfig } from './config';

describe('how many processes serve the port', () => {
  it('on PostgreSQL: WEB_CONCURRENCY, or one per core', () => {
    const url = 'postgres://clinica@db.internal/clinica';
    expect(processCount(loadConfig({ DATABASE_URL: url }), 2)).toEqual({ count: 2 });
    expect(processCount(loadConfig({ DATABASE_URL: url }), 8)).toEqual({ count: 8 });
    expect(processCount(loadConfig({ DATABASE_URL: url, WEB_CONCURRENCY: '3' }), 8)).toEqual({ count: 3 });
  });

  it('on the embedded database always one, said when more were asked for', () => {
    expect(processCount(loadConfig({}), 8)).toEqual({ count: 1, note: undefined });
    const asked = processCount(loadConfig({ WEB_CONCURRENCY: '4' }), 8);
    expect(asked.count).toBe(1);
    expect(asked.note).toContain('WEB_CONCURRENCY=4 no se aplica');
  });

  it('refuses a value that is not a whole number from 1 to 64, naming the variable', () => {
    expect(() => loadConfig({ WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY: debe ser al menos 1/);
    expect(() => loadConfig({ WEB_CONCURRENCY: 'dos' })).toThrow(/WEB_CONCURRENCY: debe ser un número/);
  });
});
