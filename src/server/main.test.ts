import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { unusedPort } from './test/mail';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-main-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const baseEnv = { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '', NODE_ENV: 'production' };

describe('the server process', () => {
  it('starts on an empty data directory, loads the demo clinic, prints the sign-ins, and stops cleanly on SIGTERM', async () => {
    const dataDir = tempDir();
    const port = await unusedPort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...baseEnv, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'true' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const deadline = Date.now() + 90_000;
    let healthy = false;
    while (!healthy && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
    }
    expect(healthy).toBe(true);
    expect(output).toContain('Accesos de demostración (contraseña para todos: clinica-demo)');
    expect(output).toMatch(/admin@clinica\.demo\s+admin/);
    expect(output).toMatch(/paciente@clinica\.demo\s+paciente/);
    expect(fs.existsSync(path.join(dataDir, 'clinica.lock'))).toBe(true);

    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    // The lock is released: the next start may open the directory.
    expect(fs.existsSync(path.join(dataDir, 'clinica.lock'))).toBe(false);
  }, 120_000);

  it('refuses to start with a wrong setting, naming it in Spanish', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...baseEnv, PORT: 'ochenta', DATA_DIR: tempDir() },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Configuración no válida');
    expect(result.stderr).toContain('PORT');
  }, 70_000);

  it('create-admin makes an admin who can sign in, and refuses a weak password', async () => {
    const dataDir = tempDir();
    const env = { ...baseEnv, DATA_DIR: dataDir, SEED_DEMO: 'false' };
    const weak = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/server/cli/create-admin.ts', '--email', 'ana@miclinica.es', '--password', '12345678'],
      { env, encoding: 'utf8', timeout: 60_000 },
    );
    expect(weak.status).toBe(2);
    expect(weak.stderr).toMatch(/demasiado común/);
    const made = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/server/cli/create-admin.ts', '--email', 'ana@miclinica.es', '--name', 'Ana Pérez'],
      { env, encoding: 'utf8', timeout: 60_000 },
    );
    expect(made.status).toBe(0);
    expect(made.stdout).toContain('Cuenta de administración creada: ana@miclinica.es');
    const password = /Contraseña generada: (\S+)/.exec(made.stdout)![1]!;

    const { openDatabase } = await import('./platform/db/client');
    const { createRepositories } = await import('./repositories');
    const { verifyPassword } = await import('./identity/auth/passwords');
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const repos = createRepositories(database.db);
      const account = await repos.auth.findAccountByEmail('ana@miclinica.es');
      expect((await repos.auth.findProfile(account!.id))?.role).toBe('admin');
      expect(await verifyPassword(account!.passwordHash, password)).toBe(true);
    } finally {
      await database.close();
    }
  }, 150_000);
});
