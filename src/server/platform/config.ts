import '../../common/zod-es';
import path from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_LIMITS,
  LIMIT_FORMAT_MESSAGE,
  LIMIT_SETTINGS,
  parseLimit,
  type Limit,
  type LimitName,
  type Limits,
} from './limits';
import { messagingConfigFrom, messagingEnv, type MessagingConfig } from './messaging-config';
import { DEFAULT_PRODUCER, type Producer } from './producer';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
    error: 'debe ser true o false',
  })
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce
    .number({ error: 'debe ser un número' })
    .int('debe ser un número entero')
    .min(1, 'debe estar entre 1 y 65535')
    .max(65535, 'debe estar entre 1 y 65535')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'debe empezar por postgres:// o postgresql://')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'debe empezar por smtp:// o smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Clínica <no-responder@clinica.local>'),
  PUBLIC_URL: z.url({ error: 'debe ser una URL completa, p. ej. https://clinica.example' }).optional(),
  SEED_DEMO: booleanFlag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  TRUST_PROXY: z
    .string()
    .trim()
    .transform((value, context) => {
      const parsed = parseTrustProxy(value);
      if (parsed === null) {
        context.addIssue({
          code: 'custom',
          message:
            'debe ser false, true (un proxy en esta misma máquina), el número de proxies de confianza (p. ej. 1) o la lista de las direcciones o redes de tus proxies (p. ej. 10.0.0.5 o 10.0.0.5,127.0.0.1); un proxy en otra máquina de la red se indica por su dirección',
        });
        return z.NEVER;
      }
      return parsed;
    })
    .default(false),
  CLIENT_DIR: z.string().min(1).default('dist/client'),
  FILES_MAX_MB: z.coerce
    .number({ error: 'debe ser un número' })
    .int('debe ser un número entero')
    .min(1, 'debe ser al menos 1')
    .max(1024, 'no puede superar 1024')
    .default(20),
  SECRETS_KEY: z
    .string()
    .trim()
    .regex(/^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/, {
      error: 'debe ser una clave de 32 bytes en hexadecimal (64 caracteres) o en base64 (p. ej. openssl rand -hex 32)',
    })
    .optional(),
  PASSKEY_RP_ID: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?=.{1,253}$)[a-z0-9-]+(?:\.[a-z0-9-]+)*$/, {
      error: 'debe ser un nombre de dominio, p. ej. clinica.example',
    })
    .optional(),
  JOB_INTERVAL_SECONDS: z.coerce
    .number({ error: 'debe ser un número' })
    .int('debe ser un número entero')
    .min(1, 'debe ser al menos 1')
    .max(3600, 'no puede superar 3600')
    .default(60),
  /**
   * The producer of the software named in every record's SistemaInformatico and in the declaración responsable
   * (platform/producer.ts has the defaults). The AEAT's environment is not configured: it follows the
   * clinic's billing mode (pruebas or producción), and NumeroInstalacion is generated once per database.
   */
  VERIFACTU_PRODUCTOR_NOMBRE: z.string().trim().min(1).max(120, 'no puede superar 120 caracteres').optional(),
  VERIFACTU_PRODUCTOR_NIF: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[0-9A-Z]{9}$/, 'debe ser un NIF de 9 letras o números')
    .optional(),
  VERIFACTU_PRODUCTOR_DIRECCION: z.string().trim().min(1).max(300, 'no puede superar 300 caracteres').optional(),
  /** The AEAT's SOAP service for both modes (a local test service); the AEAT's own address of each mode when absent. */
  VERIFACTU_ENDPOINT: z.url({ protocol: /^https$/, error: 'debe ser una URL https://' }).optional(),
  /** The PKCS#12 (.p12/.pfx) client certificate the records are sent with; absent: they wait, pendientes de envío. */
  VERIFACTU_CERT_PATH: z.string().min(1).optional(),
  VERIFACTU_CERT_PASSWORD: z.string().optional(),
  /** Extra certificate authorities (PEM) to trust for VERIFACTU_ENDPOINT: a local test service's. */
  VERIFACTU_CA_PATH: z.string().min(1).optional(),
  /** Redsys's address for both environments (a local test Redsys, e.g. the demo's); absent: Redsys's own. */
  REDSYS_URL: z.url({ error: 'debe ser una URL completa' }).optional(),
  /** How many processes serve the port (`cluster.ts`): the machine's cores by default; always 1 on PGlite. */
  WEB_CONCURRENCY: z.coerce
    .number({ error: 'debe ser un número' })
    .int('debe ser un número entero')
    .min(1, 'debe ser al menos 1')
    .max(64, 'no puede superar 64')
    .optional(),
  CLOCK_START: z.iso
    .datetime({ offset: true, error: 'debe ser un instante ISO, p. ej. 2026-03-02T09:00:00+01:00' })
    .optional(),
  // The real time (ms since the epoch) at which the clock was at CLOCK_START: a test runner that starts the
  // server gives it, so the server's clock agrees with its own however long the server took to start.
  CLOCK_STARTED_AT: z.coerce.number({ error: 'debe ser un número' }).int('debe ser un número entero').optional(),
  ...limitVariables(),
  ...messagingEnv,
});

/** One optional variable per request limit (`RATE_LIMIT_SIGN_UP=10/15m`…), today's value by default. */
function limitVariables() {
  const limit = z.string().transform((value, context): Limit => {
    const parsed = parseLimit(value);
    if (parsed) return parsed;
    context.addIssue({ code: 'custom', message: LIMIT_FORMAT_MESSAGE });
    return z.NEVER;
  });
  return Object.fromEntries(
    Object.entries(LIMIT_SETTINGS).map(([name, setting]) => [
      setting.env,
      limit.default(DEFAULT_LIMITS[name as LimitName]),
    ]),
  ) as Record<(typeof LIMIT_SETTINGS)[LimitName]['env'], z.ZodDefault<typeof limit>>;
}

/**
 * Which reverse proxies the server believes about the client's address (`X-Forwarded-For`): none
 * (`false`); a proxy on this machine only (`true`: loopback); the proxies at the operator's addresses or
 * networks (a list); or the nearest N hops (a number, only when the app cannot be reached but through them).
 * `true` never means the private network: there the desk PCs are clients too, and one of them could write
 * any address in front of a private one (issue 33). The client's address is the right-most one no trusted
 * proxy wrote: never the left-most, which is whatever the client sent.
 */
export type TrustProxy = false | number | string[];

/** An IPv4 or IPv6 address or network, or `loopback`; never a whole class of private addresses. */
const PROXY_ADDRESS = /^(?:loopback|\d{1,3}(?:\.\d{1,3}){3}(?:\/\d{1,2})?|[0-9a-f:]*:[0-9a-f:.]*(?:\/\d{1,3})?)$/i;
export const LOCAL_PROXY = ['loopback'];

export function parseTrustProxy(value: string): TrustProxy | null {
  const lower = value.toLowerCase();
  if (['false', '0', 'no', 'off', ''].includes(lower)) return false;
  if (['true', 'yes', 'on'].includes(lower)) return LOCAL_PROXY;
  if (/^\d+$/.test(lower)) return Math.min(Number(lower), 10);
  const addresses = lower.split(',').map((part) => part.trim());
  return addresses.every((address) => PROXY_ADDRESS.test(address)) ? addresses : null;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** The origin the app is reached at; links in e-mails use it. */
  publicUrl: string;
  seedDemo: boolean;
  logLevel: string;
  trustProxy: TrustProxy;
  /** Where the built client is; absent in API-only tests. */
  clientDir?: string;
  /** The largest file a user may upload to the clinic's documents, in MB. */
  filesMaxMb?: number;
  /** Outside production: the instant the server's clock starts at (the browser suite's fixed day). */
  clockStart?: string;
  /** The real time (ms) at which the clock read `clockStart`; the server's own start when absent. */
  clockStartedAtMs?: number;
  /** Every request limit and the sign-in lockout, by name (`limits.ts`). */
  limits: Limits;
  /** The key (32 bytes) that encrypts the authenticator apps' secrets; absent: one kept in the database. */
  secretsKey?: Buffer;
  /** The passkeys' relying party: `PUBLIC_URL`'s host, or a parent domain of it (`PASSKEY_RP_ID`). */
  passkeyRpId?: string;
  /**
   * How often the e-mail jobs (reminders, unread-reply notices) look for due work, in ms (default a
   * minute); the browser suite sets it short so that it waits seconds, not a minute, for a reminder.
   */
  jobIntervalMs?: number;
  /** Processes asked for (`WEB_CONCURRENCY`); absent: one per core on PostgreSQL (`cluster.ts`). */
  webConcurrency?: number;
  /** The SMS and WhatsApp providers (`platform/messaging-config.ts`); a channel without one is off. */
  messaging?: MessagingConfig;
  /**
   * VERI*FACTU: the software's producer (the product's own when absent). Which AEAT environment the records and QR
   * codes go to is the clinic's billing mode, kept in the database, not configuration.
   */
  verifactu: {
    producer?: Producer;
    /** Where the records are sent (the AEAT's address for the billing mode unless configured). */
    endpoint?: string;
    /** The client certificate; absent: nothing is sent and the records wait as «pendiente de envío». */
    certificate?: { path: string; password: string };
    caPath?: string;
  };
  /** Redsys's form and REST addresses when REDSYS_URL is set (a local test Redsys). */
  redsys?: { redirect: string; rest: string };
}

export class ConfigError extends Error {}

/**
 * What a valid configuration may still get wrong, said at start-up (in Spanish, for the operator). A
 * public https:// address without TRUST_PROXY: the app behind the TLS proxy sees plain HTTP, so the session
 * cookie is neither `__Host-` nor `Secure` and no `Strict-Transport-Security` is sent.
 */
export function configWarnings(config: Pick<Config, 'publicUrl' | 'trustProxy'>): string[] {
  if (config.publicUrl.startsWith('https://') && config.trustProxy === false) {
    return [
      'Aviso: PUBLIC_URL empieza por https:// pero TRUST_PROXY está desactivado. Si un proxy termina TLS delante de ' +
        'Clínica, indícalo en TRUST_PROXY: sin él la cookie de sesión no es __Host- ni Secure y no se envía ' +
        'Strict-Transport-Security.',
    ];
  }
  return [];
}

/**
 * `info` for a service (systemd runs node itself: docs/deploy.md); `warn` under `npm start`, where a newcomer
 * trying the demo should read the sign-ins and the address, not the server's JSON log (issue 37, item 7).
 */
const defaultLogLevel = (env: NodeJS.ProcessEnv) => (env.npm_lifecycle_event === 'start' ? 'warn' : 'info');

/** Reads and checks the environment; a wrong value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Configuración no válida:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, '');
  const host = new URL(publicUrl).hostname;
  if (values.PASSKEY_RP_ID && host !== values.PASSKEY_RP_ID && !host.endsWith(`.${values.PASSKEY_RP_ID}`)) {
    throw new ConfigError(
      `Configuración no válida:\n  - PASSKEY_RP_ID: debe ser el dominio de PUBLIC_URL (${host}) o uno que lo contenga`,
    );
  }
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    publicUrl,
    seedDemo: values.SEED_DEMO,
    logLevel: values.LOG_LEVEL ?? defaultLogLevel(env),
    trustProxy: values.TRUST_PROXY,
    clientDir: path.resolve(values.CLIENT_DIR),
    clockStart: values.NODE_ENV === 'production' ? undefined : values.CLOCK_START,
    clockStartedAtMs: values.NODE_ENV === 'production' ? undefined : values.CLOCK_STARTED_AT,
    filesMaxMb: values.FILES_MAX_MB,
    limits: Object.fromEntries(
      Object.entries(LIMIT_SETTINGS).map(([name, setting]) => [name, values[setting.env]]),
    ) as Limits,
    secretsKey: values.SECRETS_KEY ? decodeKey(values.SECRETS_KEY) : undefined,
    passkeyRpId: values.PASSKEY_RP_ID,
    jobIntervalMs: values.JOB_INTERVAL_SECONDS * 1000,
    webConcurrency: values.WEB_CONCURRENCY,
    messaging: messagingConfigFrom(values, publicUrl),
    verifactu: {
      producer: {
        name: values.VERIFACTU_PRODUCTOR_NOMBRE ?? DEFAULT_PRODUCER.name,
        nif: values.VERIFACTU_PRODUCTOR_NIF ?? DEFAULT_PRODUCER.nif,
        address: values.VERIFACTU_PRODUCTOR_DIRECCION ?? DEFAULT_PRODUCER.address,
      },
      endpoint: values.VERIFACTU_ENDPOINT,
      certificate: values.VERIFACTU_CERT_PATH
        ? { path: path.resolve(values.VERIFACTU_CERT_PATH), password: values.VERIFACTU_CERT_PASSWORD ?? '' }
        : undefined,
      caPath: values.VERIFACTU_CA_PATH ? path.resolve(values.VERIFACTU_CA_PATH) : undefined,
    },
    redsys: values.REDSYS_URL
      ? {
          redirect: `${values.REDSYS_URL.replace(/\/$/, '')}/sis/realizarPago`,
          rest: `${values.REDSYS_URL.replace(/\/$/, '')}/sis/rest/trataPeticionREST`,
        }
      : undefined,
  };
}

/** A 32-byte key written as 64 hexadecimal digits or as base64 (either alphabet). */
function decodeKey(value: string): Buffer {
  return /^[0-9a-fA-F]{64}$/.test(value)
    ? Buffer.from(value, 'hex')
    : Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}
