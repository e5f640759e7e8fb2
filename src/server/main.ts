// First: V8's memory settings must be set before the app's modules load.
import './memory-flags';
import cluster from 'node:cluster';
import { clock } from './platform/clock';
import { installClockJump } from './platform/clock-jump';
import { ConfigError, configWarnings, loadConfig, type Config } from './platform/config';
import { processCount, runPrimary } from './platform/cluster';
import { openDatabase, type Database } from './platform/db/client';
import { DirectoryLockedError } from './platform/db/lock';

const openConfigured = (config: Config): Promise<Database> =>
  openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
  );

/**
 * What only one process does before serving: the migrations (opening the database runs them), the demo clinic, and
 * — while no admin can sign in — the one-time link that creates the first one (issue 37, item 2). With several
 * processes the primary does it, before forking the workers, so no two processes migrate or seed at once.
 */
async function prepare(config: Config, database: Database) {
  const [{ createRepositories }, { initialSetupLink, prepareInitialSetup }] = await Promise.all([
    import('./repositories'),
    import('./identity'),
  ]);
  const repos = createRepositories(database.db);
  if (config.seedDemo) {
    const { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoIfEmpty } = await import('./seed/demo');
    if (await seedDemoIfEmpty({ db: database.db, repos, config })) console.log('demo clinic loaded');
    if (await repos.auth.findAccountByEmail(DEMO_ACCOUNTS[0]!.email)) {
      const lines = DEMO_ACCOUNTS.map((account) => `  ${account.email.padEnd(24)} ${account.role}`);
      console.log(`\nAccesos de demostración (contraseña para todos: ${DEMO_PASSWORD}):\n${lines.join('\n')}\n`);
    }
  }
  const token = await prepareInitialSetup({ db: database.db, repos });
  if (token) console.log(`Configura la clínica en ${initialSetupLink(config.publicUrl, token)}`);
}

/** One whole server: the database, the app, its jobs, listening. `prepared`: a primary did `prepare` already. */
async function serve(config: Config, prepared: boolean) {
  // Loaded here, not at the top: a primary of several processes never builds the app.
  const { buildServer } = await import('./app');
  const database = await openConfigured(config);
  const { app } = await buildServer({ config, database, startJobs: true });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  if (!prepared) await prepare(config, database);
  await app.listen({ port: config.port, host: config.host });
  if (!cluster.isWorker) console.log(`Clínica en marcha en ${config.publicUrl}`);
}

async function main() {
  const config = loadConfig();
  if (config.clockStart) clock.startAt(config.clockStart, config.clockStartedAtMs);
  // A test server (CLOCK_START, outside production) moves its clock forward on SIGUSR2 (clock-jump.ts). With
  // several processes each has its own clock: the browser suite runs one (PGlite).
  installClockJump(config);
  if (cluster.isWorker) return serve(config, true);

  for (const warning of configWarnings(config)) console.warn(warning);
  const { count, note } = processCount(config);
  if (note) console.warn(note);
  if (count === 1) return serve(config, false);

  const database = await openConfigured(config);
  try {
    await prepare(config, database);
  } finally {
    await database.close();
  }
  await runPrimary({
    count,
    ready: () => console.log(`Clínica en marcha en ${config.publicUrl} (${count} procesos)`),
    log: (message) => console.warn(message),
  });
  process.exit(0);
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DirectoryLockedError) {
    console.error(error.message);
  } else {
    console.error('No se pudo arrancar Clínica:', error);
  }
  process.exit(1);
});
