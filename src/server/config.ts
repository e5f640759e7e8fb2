import '../common/zod-es';
import path from 'node:path';
import { z } from 'zod';

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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFlag.default(false),
  CLIENT_DIR: z.string().min(1).default('dist/client'),
  FILES_MAX_MB: z.coerce.number({ error: 'debe ser un número' }).int('debe ser un número entero').min(1, 'debe ser al menos 1').max(1024, 'no puede superar 1024').default(20),
  CLOCK_START: z.iso.datetime({ offset: true, error: 'debe ser un instante ISO, p. ej. 2026-03-02T09:00:00+01:00' }).optional(),
});

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
  trustProxy: boolean;
  /** Where the built client is; absent in API-only tests. */
  clientDir?: string;
  /** The largest file a user may upload to the clinic's documents, in MB. */
  filesMaxMb?: number;
  /** Outside production: the instant the server's clock starts at (the browser suite's fixed day). */
  clockStart?: string;
}

export class ConfigError extends Error {}

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
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ''),
    seedDemo: values.SEED_DEMO,
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    clientDir: path.resolve(values.CLIENT_DIR),
    clockStart: values.NODE_ENV === 'production' ? undefined : values.CLOCK_START,
    filesMaxMb: values.FILES_MAX_MB,
  };
}
