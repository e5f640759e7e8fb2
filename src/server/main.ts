import { clock } from './clock';
import { ConfigError, configWarnings, loadConfig } from './config';
import { buildServer } from './app';
import { openDatabase } from './db/client';
import { DirectoryLockedError } from './db/lock';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoIfEmpty } from './seed/demo';

async function main() {
  const config = loadConfig();
  for (const warning of configWarnings(config)) console.warn(warning);
  if (config.clockStart) clock.startAt(config.clockStart, config.clockStartedAtMs);
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
  );
  const { app, deps } = await buildServer({ config, database, startJobs: true });

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

  if (config.seedDemo) {
    const seeded = await seedDemoIfEmpty(deps);
    if (seeded) app.log.info('demo clinic loaded');
    if (await deps.repos.auth.findAccountByEmail(DEMO_ACCOUNTS[0]!.email)) {
      const lines = DEMO_ACCOUNTS.map((account) => `  ${account.email.padEnd(24)} ${account.role}`);
      console.log(`\nAccesos de demostración (contraseña para todos: ${DEMO_PASSWORD}):\n${lines.join('\n')}\n`);
    }
  }
  await app.listen({ port: config.port, host: config.host });
  console.log(`Clínica en marcha en ${config.publicUrl}`);
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DirectoryLockedError) {
    console.error(error.message);
  } else {
    console.error('No se pudo arrancar Clínica:', error);
  }
  process.exit(1);
});
