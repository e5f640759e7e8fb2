import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** The ConfigError `loadConfig(env)` throws (fails the test if it does not throw one). */
function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

const ENGLISH = /invalid|expected|must|received|number|option/i;

describe('loadConfig', () => {
  it('has working defaults for a fresh install', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'production',
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      seedDemo: true,
      publicUrl: 'http://localhost:3000',
      trustProxy: false,
      logLevel: 'info',
    });
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '', DATA_DIR: '', SEED_DEMO: '', DATABASE_URL: '' });
    expect(config).toMatchObject({ port: 3000, dataDir: path.resolve('./data'), seedDemo: true });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('reads the values it is given', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: 'var/clinica',
      DATABASE_URL: 'postgresql://clinica@db:5432/clinica',
      SMTP_URL: 'smtps://usuario:clave@correo.example:465',
      PUBLIC_URL: 'https://clinica.example/',
      SEED_DEMO: 'false',
      TRUST_PROXY: '1',
      NODE_ENV: 'development',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: path.resolve('var/clinica'),
      databaseUrl: 'postgresql://clinica@db:5432/clinica',
      smtpUrl: 'smtps://usuario:clave@correo.example:465',
      publicUrl: 'https://clinica.example',
      seedDemo: false,
      trustProxy: true,
      env: 'development',
    });
  });

  it('derives the public URL from the port when none is given', () => {
    expect(loadConfig({ PORT: '4321' }).publicUrl).toBe('http://localhost:4321');
  });

  it('accepts the usual spellings of a boolean', () => {
    for (const value of ['false', '0', 'no', 'off']) expect(loadConfig({ SEED_DEMO: value }).seedDemo).toBe(false);
    for (const value of ['true', '1', 'yes', 'on']) expect(loadConfig({ SEED_DEMO: value }).seedDemo).toBe(true);
  });

  it('refuses PORT=abc naming PORT in Spanish', () => {
    const error = configError({ PORT: 'abc' });
    expect(error.message).toMatch(/^Configuración no válida/);
    expect(error.message).toContain('PORT: debe ser un número');
  });

  it('says why an out-of-range or fractional PORT is wrong', () => {
    expect(configError({ PORT: '70000' }).message).toContain('PORT: debe estar entre 1 y 65535');
    expect(configError({ PORT: '0' }).message).toContain('PORT: debe estar entre 1 y 65535');
    expect(configError({ PORT: '3000.5' }).message).toContain('PORT: debe ser un número entero');
  });

  it('refuses a DATABASE_URL that is not PostgreSQL', () => {
    for (const url of ['mysql://x', 'sqlite:///tmp/a.db', 'localhost:5432']) {
      const error = configError({ DATABASE_URL: url });
      expect(error.message).toContain('DATABASE_URL: debe empezar por postgres:// o postgresql://');
    }
  });

  it('refuses other wrong values, each named, all of them at once, in Spanish', () => {
    const error = configError({
      SEED_DEMO: 'quizás',
      PUBLIC_URL: 'clinica',
      SMTP_URL: 'http://correo',
      LOG_LEVEL: 'verbose',
      NODE_ENV: 'staging',
    });
    const lines = error.message.split('\n').slice(1);
    expect(lines.map((line) => line.trim().split(':')[0]!.replace(/^- /, ''))).toEqual([
      'NODE_ENV',
      'SMTP_URL',
      'PUBLIC_URL',
      'SEED_DEMO',
      'LOG_LEVEL',
    ]);
    expect(error.message).toContain('SEED_DEMO: debe ser true o false');
    for (const line of lines) expect(line.split(': ').slice(1).join(': ')).not.toMatch(ENGLISH);
  });
});
