import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db/client';
import { createRepositories } from '../repositories';

/** Opens the configured database (PGlite in DATA_DIR or DATABASE_URL) for a command-line tool. */
export async function openForCli() {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
  );
  return { config, database, repos: createRepositories(database.db) };
}

/** `--name value` pairs from argv. */
export function parseFlags(argv: string[]): Record<string, string | true> {
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) continue;
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    if (inline !== undefined) flags[name] = inline;
    else if (argv[i + 1] && !argv[i + 1]!.startsWith('--')) flags[name] = argv[++i]!;
    else flags[name] = true;
  }
  return flags;
}
