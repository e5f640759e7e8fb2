import v8 from 'node:v8';

/**
 * On the embedded database (no DATABASE_URL: one small clinic, one process) V8 favours memory over speed
 * (`--optimize-for-size`: a heap that grows later and smaller): −70 MiB of RSS after start, no measurable
 * change in the embedded search's latency, which is the database engine's (docs/performance-history.md, «Scale:
 * bookings and every core»). Imported first by `main.ts`, so it runs before the app's modules are loaded.
 */
if (!process.env.DATABASE_URL) v8.setFlagsFromString('--optimize-for-size');
