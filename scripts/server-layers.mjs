// The server's floor plan (docs/architecture.md, «The contexts»), written once: `eslint.config.js` turns it into
// import zones, and run as a script this file measures the import graph (type-only imports included, which
// import-x/no-cycle skips) and fails on any of:
//   - a context importing a context after it in CONTEXTS, or the composition on top;
//   - a context reaching into another context's files instead of its public face, `<context>/index.ts`;
//   - inside a context, a file importing a layer above its own (LAYERS), or a file of no known layer;
//   - a circle of files.
//
//   node scripts/server-layers.mjs     prints contexts, layers, arrows between contexts, and every failure
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SERVER_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'server');

/** The bounded contexts, from the bottom up: each imports only those before it, through their `index.ts`. */
export const CONTEXTS = [
  {
    name: 'platform',
    about:
      'config, clock, errors, the database, e-mail sending, outbox, live-event transport, audit, rate limits, backups, HTTP plugins, the SPA',
  },
  {
    name: 'access',
    about: 'the permissions, the request user, what a grant lets a request see and reach (the one access policy)',
  },
  { name: 'identity', about: 'accounts, sign-in, sessions, second factor, users, profile, patients' },
  {
    name: 'communications',
    about: 'SMS and WhatsApp, the patient↔clinic chat, tasks and desk notices, the live stream',
  },
  {
    name: 'billing',
    about: 'services and prices, invoices, payments and cash, reports, VERI*FACTU and its sending, go-live',
  },
  {
    name: 'scheduling',
    about:
      'availability, appointments, doctors and hours, holidays, waiting list, confirmations, feeds, reminders, dashboards',
  },
  { name: 'clinical', about: "notes, prescriptions, treatments, the chart, files, the patient's data export" },
  { name: 'forms', about: 'consents, questionnaires, surveys and opinions, versioned definitions' },
];
const CONTEXT_NAMES = CONTEXTS.map((context) => context.name);

/**
 * Inside a context, from the bottom up. A file's layer is its role, told by its name within its module folder;
 * a file that matches none is an error, not the top layer.
 */
export const LAYERS = [
  {
    name: 'base',
    about:
      "platform's foundations: clock, dates, errors, config, limits, the database (client, schema, transactions), e-mail",
    test: () => false,
  },
  {
    name: 'repository',
    about: 'all the SQL: repository.ts, <part>-repository.ts',
    test: (name) => /^([a-z-]+-)?repository\.ts$/.test(name),
  },
  {
    name: 'service',
    about: 'the rules of the domain: services, presenters, texts, e-mails of a change',
    test: (name) => !/(routes|route-factory|job|plugin)\.ts$/.test(name) && name !== 'index.ts',
  },
  {
    name: 'drivers',
    about:
      'what drives the services: route plugins (routes.ts, <part>-routes.ts, <x>-route-factory.ts), jobs (job.ts, <x>-job.ts), Fastify plugins (<x>-plugin.ts, http/)',
    test: (name) => /^(([a-z-]+-)?(routes|job|plugin)|[a-z-]+-route-factory)\.ts$/.test(name),
  },
  {
    name: 'face',
    about: 'index.ts: what other contexts and the composition may use',
    test: (name) => name === 'index.ts',
  },
];

/** Tests and type tests sit on top: they may build the whole app. */
export const isTest = (file) => /\.(test|type-test|fuzz\.test)\.ts$/.test(file);

/** The context a file belongs to, or null for the composition (app, main, routes, api-docs, cli, seed, test). */
export function contextOf(file) {
  const top = file.split('/')[0];
  return CONTEXT_NAMES.includes(top) ? top : null;
}

/** The layer index of a context's file (-1: none matches). Platform's HTTP plugins are drivers by folder. */
export function layerOf(file) {
  if (
    /^platform\/((clock|clock-jump|cluster|config|dates|messaging-config|producer|errors|limits|transport)\.ts|db\/|mail\/)/.test(
      file,
    )
  )
    return 0;
  if (/^platform\/(http|spa)\//.test(file)) return 3;
  const name = path.posix.basename(file);
  return LAYERS.findIndex((layer) => layer.test(name));
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

/** What is wrong with one arrow, in words, or null. */
export function arrowFailure({ from, to }) {
  if (isTest(from)) return null;
  const source = contextOf(from);
  const target = contextOf(to);
  if (source === null) return null;
  if (target === null) return `${source} imports the composition`;
  if (source !== target) {
    if (CONTEXT_NAMES.indexOf(target) > CONTEXT_NAMES.indexOf(source))
      return `${source} imports ${target}, a context above it`;
    if (to !== `${target}/index.ts`) return `${source} reaches into ${target} instead of ${target}/index.ts`;
    return null;
  }
  if (isTest(to)) return 'imports a test';
  if (to === `${target}/index.ts`) return `imports its own context's face`;
  if (layerOf(to) > layerOf(from)) return `a ${LAYERS[layerOf(from)]?.name} imports a ${LAYERS[layerOf(to)].name}`;
  return null;
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
  const unplaced = files.filter((file) => contextOf(file) !== null && !isTest(file) && layerOf(file) < 0);
  const failures = arrows.map((arrow) => ({ ...arrow, why: arrowFailure(arrow) })).filter((arrow) => arrow.why);
  const loops = circles(files, arrows);
  console.log(`${files.length} files, ${arrows.length} import arrows.`);
  for (const context of CONTEXTS) {
    const members = files.filter((file) => contextOf(file) === context.name);
    const uses = new Set(
      arrows
        .filter(({ from, to }) => !isTest(from) && contextOf(from) === context.name && contextOf(to) !== null)
        .filter(({ to }) => contextOf(to) !== context.name)
        .map(({ to }) => contextOf(to)),
    );
    console.log(
      `  ${context.name.padEnd(15)} ${String(members.length).padStart(4)} files  uses ${[...uses].join(', ') || '—'}`,
    );
  }
  console.log(`Files of no layer: ${unplaced.length}`);
  for (const file of unplaced) console.log(`  ${file}`);
  console.log(`Arrows against the plan: ${failures.length}`);
  for (const { from, to, why } of failures) console.log(`  ${from} → ${to}: ${why}`);
  console.log(`Circles (type-only imports included): ${loops.length}`);
  for (const loop of loops) console.log(`  ${loop.join(' ↔ ')}`);
  if (unplaced.length > 0 || failures.length > 0 || loops.length > 0) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
