import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { splitServerTests } from './database-tests.mjs';

// The variable's name, not written whole: this file does not read it.
const VARIABLE = ['TEST', 'DATABASE', 'URL'].join('_');
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-database-tests-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

describe('the files of the PostgreSQL pass', () => {
  it('are those that open a test database, through any chain of imports, or read TEST_DATABASE_URL', () => {
    write('src/server/test/databases.ts', 'export async function openTestDatabase() {}\n');
    write('src/server/test/app.ts', "import { openTestDatabase } from './databases';\nexport const app = 1;\n");
    write('src/server/test/world.ts', "export { app } from './app';\n");
    write('src/server/test/pure-helper.ts', "import { rule } from '../rules';\nexport const helper = rule;\n");
    write('src/server/rules.ts', "import { helper } from './test/pure-helper';\nexport const rule = 1;\n");
    write('src/server/a/through-app.test.ts', "import { app } from '../test/app';\n");
    write('src/server/a/through-two.test.ts', "import { app } from '../test/world';\n");
    write('src/server/a/lazy.test.ts', "const world = () => import('../test/world');\n");
    write('src/server/a/own-server.test.ts', `const url = process.env.${VARIABLE};\n`);
    write('src/server/a/names-it.test.ts', `// Not on PostgreSQL: ${VARIABLE} is not read here.\n`);
    write(
      'src/server/a/pure.test.ts',
      "import { rule } from '../rules';\nimport { helper } from '../test/pure-helper';\n",
    );
    write('src/common/pure.test.ts', "import { z } from 'zod';\n");
    write('scripts/own.test.ts', "import { x } from './missing';\n");
    write('src/client/screen.test.ts', "import { app } from '../server/test/app';\n");

    expect(splitServerTests(root)).toEqual({
      database: [
        'src/server/a/lazy.test.ts',
        'src/server/a/own-server.test.ts',
        'src/server/a/through-app.test.ts',
        'src/server/a/through-two.test.ts',
      ],
      pure: [
        'scripts/own.test.ts',
        'src/common/pure.test.ts',
        'src/server/a/names-it.test.ts',
        'src/server/a/pure.test.ts',
      ],
    });
  });

  it('in this repository: the API, the demo loads and the races, not the server process or the pure rules', () => {
    const { database, pure } = splitServerTests(process.cwd());
    expect(database).toEqual(
      expect.arrayContaining([
        'src/server/test/access-matrix/access-matrix.test.ts',
        'src/server/test/fuzz/routes.fuzz.test.ts',
        'src/server/seed/demo-year-1.test.ts',
        'src/server/billing/payments/cancel-pay-race.test.ts',
        'src/server/platform/db/healing.test.ts',
      ]),
    );
    expect(pure).toEqual(
      expect.arrayContaining([
        'src/server/main.test.ts',
        'src/server/platform/db/lock.test.ts',
        'src/server/scheduling/availability/slots.test.ts',
        'scripts/database-tests.test.ts',
      ]),
    );
    expect(database.filter((file) => pure.includes(file))).toEqual([]);
  });
});
