// The server's layers (docs/architecture.md, «Layers of the server»), written once: `eslint.config.js` turns
// them into import zones, and run as a script this file measures the import graph and fails on an upward
// arrow or a circle (type-only imports included, which import-x/no-cycle skips).
//
//   node scripts/server-layers.mjs     prints folders, levels, arrows, upward arrows and circles
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SERVER_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'server');

/**
 * From the bottom up: a file may import its own layer and the ones below, never one above. A file belongs
 * to the first layer whose rule matches its path (relative to src/server).
 */
export const LAYERS = [
  {
    name: 'base',
    about:
      'clock, errors, config, the database (client, schema, transactions), e-mail rendering and sending, the SMS and WhatsApp adapters, and the pure VERI*FACTU core',
    test: (file) =>
      /^(clock|errors|config|limits|transport)\.ts$/.test(file) ||
      /^(db|mail|messaging|billing\/verifactu)\//.test(file),
  },
  {
    name: 'access rules',
    about:
      'the permissions table, the request user, what a grant lets a request see and what «own» means per entity (no data)',
    test: (file) => /^access\/(policy|visibility|notes|request-user|ownership|roles|calendar-feeds)\.ts$/.test(file),
  },
  {
    name: 'repositories',
    about: 'all the SQL: modules/<domain>/repository.ts (and *-repository.ts), gathered by modules/repositories.ts',
    test: (file) => /^modules\/[^/]+\/([a-z-]+-)?repository\.ts$/.test(file) || file === 'modules/repositories.ts',
  },
  {
    name: 'access scope',
    about: 'the request scope: the repositories narrowed to what the request may see',
    test: (file) => /^access\/[^/]+\.ts$/.test(file) && !/^access\/(plugin|public-record)\.ts$/.test(file),
  },
  {
    name: 'services',
    about: 'the rules of each domain (services, presenters, e-mails of a change), on repositories and access',
    test: (file) =>
      (/^modules\/[^/]+\/[^/]+\.ts$/.test(file) && !isRoutes(file)) ||
      file === 'modules/deps.ts' ||
      file === 'access/public-record.ts' ||
      /^backup\//.test(file),
  },
  {
    name: 'http and jobs',
    about:
      'what drives the services: route plugins and the factories several modules make theirs with (*-route-factory.ts), Fastify plugins (session, access hook, errors, …) and jobs',
    test: (file) =>
      isRoutes(file) ||
      /^(plugins|jobs)\//.test(file) ||
      file === 'access/plugin.ts' ||
      file === 'modules/route-plugin.ts',
  },
  {
    name: 'composition',
    about: 'builds and starts everything: app.ts, main.ts, types.ts; the CLI, seeds and tests',
    test: () => true,
  },
];

/** A route plugin, or a factory of the route plugins several modules make alike. */
function isRoutes(file) {
  return /^modules\/[^/]+\/(([a-z-]+-)?routes|[a-z-]+-route-factory)\.ts$/.test(file);
}

/** Tests and type tests sit on top: they may build the whole app. */
const isTest = (file) =>
  /\.(test|type-test)\.ts$/.test(file) ||
  /(^|\/)test-[a-z-]+\.ts$/.test(file) ||
  /^(test|fuzz|access\/matrix)\//.test(file);

/** The layer index of a file (path relative to src/server). */
export function layerOf(file) {
  if (isTest(file)) return LAYERS.length - 1;
  return LAYERS.findIndex((layer) => layer.test(file));
}

/** Every TypeScript file of the server, relative to src/server (migrations hold none). */
export function serverFiles(dir = SERVER_DIR, prefix = '') {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix + entry.name;
    if (entry.isDirectory()) return serverFiles(path.join(dir, entry.name), `${relative}/`);
    return entry.name.endsWith('.ts') ? [relative] : [];
  });
}

/** `import … from`, `export … from`, `import type`, `import()`: every server file a file imports. */
export async function importGraph() {
  const { default: ts } = await import('typescript');
  const files = serverFiles();
  const known = new Set(files);
  const arrows = [];
  for (const file of files) {
    const source = fs.readFileSync(path.join(SERVER_DIR, file), 'utf8');
    for (const imported of ts.preProcessFile(source, true, true).importedFiles) {
      if (!imported.fileName.startsWith('.')) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), imported.fileName));
      const resolved = [`${target}.ts`, `${target}/index.ts`, target].find((candidate) => known.has(candidate));
      if (resolved) arrows.push({ from: file, to: resolved });
    }
  }
  return { files, arrows };
}

/** Circles of the file graph (strongly connected components of more than one file, or a file importing itself). */
export function circles(files, arrows) {
  const next = new Map(files.map((file) => [file, []]));
  for (const { from, to } of arrows) next.get(from).push(to);
  let index = 0;
  const order = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (file) => {
    order.set(file, index);
    low.set(file, index++);
    stack.push(file);
    onStack.add(file);
    for (const to of next.get(file)) {
      if (!order.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file), low.get(to)));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file), order.get(to)));
    }
    if (low.get(file) === order.get(file)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || next.get(file).includes(file)) found.push(component.sort());
    }
  };
  for (const file of files) if (!order.has(file)) visit(file);
  return found;
}

async function main() {
  const { files, arrows } = await importGraph();
  const folder = (file) => path.posix.dirname(file);
  const folders = new Set(files.map(folder));
  const upward = arrows.filter(({ from, to }) => layerOf(to) > layerOf(from));
  const loops = circles(files, arrows);
  console.log(`${files.length} files in ${folders.size} folders, ${arrows.length} import arrows between them.`);
  for (const [index, layer] of LAYERS.entries()) {
    const members = files.filter((file) => layerOf(file) === index).length;
    console.log(`  ${index + 1}. ${layer.name.padEnd(14)} ${String(members).padStart(4)} files  ${layer.about}`);
  }
  console.log(`Upward arrows: ${upward.length}`);
  for (const { from, to } of upward)
    console.log(`  ${from} (${LAYERS[layerOf(from)].name}) → ${to} (${LAYERS[layerOf(to)].name})`);
  console.log(`Circles (type-only imports included): ${loops.length}`);
  for (const loop of loops) console.log(`  ${loop.join(' ↔ ')}`);
  if (upward.length > 0 || loops.length > 0) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
