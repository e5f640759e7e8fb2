import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRODUCER } from './producer';
import { ConfigError, configWarnings, loadConfig } from './config';
import { DEFAULT_LIMITS, LIMIT_FORMAT_MESSAGE, LIMIT_SETTINGS } from './limits';

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

  it('logs only warnings under `npm start` (the demo a newcomer tries) unless LOG_LEVEL says otherwise', () => {
    expect(loadConfig({ npm_lifecycle_event: 'start' }).logLevel).toBe('warn');
    expect(loadConfig({ npm_lifecycle_event: 'start', LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
    expect(loadConfig({ npm_lifecycle_event: 'backup' }).logLevel).toBe('info');
  });

  it('reads the key of the second factor’s secrets in hexadecimal or base64, and refuses another length', () => {
    const hex = 'ab'.repeat(32);
    expect(loadConfig({ SECRETS_KEY: hex }).secretsKey).toEqual(Buffer.from(hex, 'hex'));
    const base64 = Buffer.alloc(32, 9).toString('base64');
    expect(loadConfig({ SECRETS_KEY: base64 }).secretsKey).toEqual(Buffer.alloc(32, 9));
    expect(loadConfig({}).secretsKey).toBeUndefined();
    expect(configError({ SECRETS_KEY: 'corta' }).message).toMatch(/SECRETS_KEY: debe ser una clave de 32 bytes/);
  });

  it('takes the passkeys’ relying party from PUBLIC_URL, or a parent domain of it', () => {
    expect(
      loadConfig({ PUBLIC_URL: 'https://citas.clinica.example', PASSKEY_RP_ID: 'clinica.example' }).passkeyRpId,
    ).toBe('clinica.example');
    expect(configError({ PUBLIC_URL: 'https://citas.clinica.example', PASSKEY_RP_ID: 'otra.example' }).message).toMatch(
      /PASSKEY_RP_ID: debe ser el dominio de PUBLIC_URL \(citas\.clinica\.example\)/,
    );
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
      trustProxy: 1,
      env: 'development',
    });
  });

  it('TRUST_PROXY trusts a number of hops or listed proxies, never every address; nonsense stops the start', () => {
    // `true` is a proxy on this machine only (issue 33): a proxy elsewhere on the network is named by its address.
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toEqual(['loopback']);
    for (const everyPrivateAddress of ['uniquelocal', 'linklocal', '10.0.0.5,uniquelocal']) {
      expect(() => loadConfig({ TRUST_PROXY: everyPrivateAddress })).toThrow(
        /TRUST_PROXY: debe ser false, true \(un proxy en esta misma máquina\).*un proxy en otra máquina de la red se indica por su dirección/,
      );
    }
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'todos' })).toThrow(
      /TRUST_PROXY: debe ser false, true \(un proxy en esta misma máquina\), el número de proxies de confianza/,
    );
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

  it('JOB_INTERVAL_SECONDS sets how often the e-mail jobs look for work: a minute unless told', () => {
    expect(loadConfig({}).jobIntervalMs).toBe(60_000);
    expect(loadConfig({ JOB_INTERVAL_SECONDS: '2' }).jobIntervalMs).toBe(2_000);
    expect(configError({ JOB_INTERVAL_SECONDS: '0' }).message).toContain('JOB_INTERVAL_SECONDS: debe ser al menos 1');
    expect(configError({ JOB_INTERVAL_SECONDS: '1.5' }).message).toContain(
      'JOB_INTERVAL_SECONDS: debe ser un número entero',
    );
  });

  it('VERI*FACTU sending: no certificate by default (nothing is sent); the certificate, its password and an https endpoint', () => {
    // No environment and no installation number: the AEAT's environment is the clinic's billing mode (pruebas until
    // an admin switches), whatever NODE_ENV says; NumeroInstalacion is generated once per database.
    expect(loadConfig({}).verifactu).toEqual({ producer: DEFAULT_PRODUCER });
    expect(loadConfig({ NODE_ENV: 'production', VERIFACTU_ENTORNO: 'produccion' }).verifactu).toEqual({
      producer: DEFAULT_PRODUCER,
    });
    const config = loadConfig({
      VERIFACTU_ENDPOINT: 'https://127.0.0.1:8443/ws',
      VERIFACTU_CERT_PATH: 'certs/clinica.p12',
      VERIFACTU_CERT_PASSWORD: 'secreta',
      VERIFACTU_CA_PATH: 'certs/ca.pem',
      VERIFACTU_PRODUCTOR_NOMBRE: 'Software Sanitario, S.L.',
      VERIFACTU_PRODUCTOR_NIF: 'b12345674',
      VERIFACTU_PRODUCTOR_DIRECCION: 'Calle Mayor 1, 28013 Madrid',
    }).verifactu;
    expect(config).toEqual({
      producer: { name: 'Software Sanitario, S.L.', nif: 'B12345674', address: 'Calle Mayor 1, 28013 Madrid' },
      endpoint: 'https://127.0.0.1:8443/ws',
      certificate: { path: path.resolve('certs/clinica.p12'), password: 'secreta' },
      caPath: path.resolve('certs/ca.pem'),
    });
    const refused = configError({
      VERIFACTU_ENDPOINT: 'http://prewww1.aeat.es/ws',
      VERIFACTU_CERT_PASSWORD: 'secreta',
    });
    expect(refused.message).toContain('VERIFACTU_ENDPOINT: debe ser una URL https://');
    expect(configError({ VERIFACTU_PRODUCTOR_NIF: 'B123' }).message).toContain(
      'VERIFACTU_PRODUCTOR_NIF: debe ser un NIF de 9 letras o números',
    );
    expect(refused.message).not.toContain('secreta');
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

  it("every request limit and the sign-in lockout default to today's values and are read as count/window", () => {
    const { limits } = loadConfig({});
    expect(limits).toEqual(DEFAULT_LIMITS);
    expect(limits.apiPerAccount).toEqual({ max: 600, timeWindow: 60_000 });
    expect(limits.signInPerAccount).toEqual({ max: 5, timeWindow: 900_000 });
    expect(limits.publicBooking).toEqual({ max: 10, timeWindow: 3_600_000 });
    const set = loadConfig({
      RATE_LIMIT_ADDRESS: '1000/1m',
      SIGN_IN_LIMIT_ACCOUNT: '3 / 30m',
      RATE_LIMIT_PUBLIC_BOOKING: '4/1d',
      RATE_LIMIT_CALENDAR_FEED: '90/45s',
    }).limits;
    expect(set).toEqual({
      ...DEFAULT_LIMITS,
      apiPerAddress: { max: 1000, timeWindow: 60_000 },
      signInPerAccount: { max: 3, timeWindow: 1_800_000 },
      publicBooking: { max: 4, timeWindow: 86_400_000 },
      calendarFeed: { max: 90, timeWindow: 45_000 },
    });
  });

  it("the README's table lists every limit's variable with its default", async () => {
    const readme = await readFile(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
    for (const setting of Object.values(LIMIT_SETTINGS)) {
      // Prettier pads the table's cells: any spaces between the bars.
      const row = new RegExp(`\\|\\s*\`${setting.env}\`\\s*\\|\\s*\`${setting.fallback.replace('/', '\\/')}\`\\s*\\|`);
      expect(readme).toMatch(row);
    }
  });

  it('refuses a limit it cannot read, naming the variable and the expected form in Spanish', () => {
    for (const value of ['10', '10/15', 'diez/1h', '0/1m', '10/0s', '10/8d', '5/1w', '-1/1m']) {
      const error = configError({ RATE_LIMIT_SIGN_UP: value });
      expect(error.message).toContain(`RATE_LIMIT_SIGN_UP: ${LIMIT_FORMAT_MESSAGE}`);
    }
    const both = configError({ SIGN_IN_LIMIT_ADDRESS: 'muchos', RATE_LIMIT_ACCOUNT: '600 por minuto' }).message;
    expect(both).toContain('SIGN_IN_LIMIT_ADDRESS: debe ser «cantidad/ventana»');
    expect(both).toContain('RATE_LIMIT_ACCOUNT: debe ser «cantidad/ventana»');
  });

  it('warns at start-up about an https:// PUBLIC_URL without TRUST_PROXY, and only then', () => {
    const [warning] = configWarnings(loadConfig({ PUBLIC_URL: 'https://citas.example' }));
    expect(warning).toMatch(/^Aviso: PUBLIC_URL empieza por https:\/\/ pero TRUST_PROXY está desactivado/);
    expect(configWarnings(loadConfig({ PUBLIC_URL: 'https://citas.example', TRUST_PROXY: '10.0.0.5' }))).toEqual([]);
    expect(configWarnings(loadConfig({}))).toEqual([]);
  });
});
