/**
 * Sums a `node --cpu-prof` profile: self time by package (or `node:` internals, our own `src/` files,
 * idle, garbage collection) and the heaviest functions, with the stacks' inclusive time by package.
 * `node --import tsx bench/profile-summary.ts [--last SECONDS] FILE…` (`--last`: only the profile's last
 * seconds, e.g. the load of `bench/bookings-processes.ts`, which stops the server right after it).
 */
import fs from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const args = process.argv.slice(2);
const lastIndex = args.indexOf('--last');
const lastUs = lastIndex >= 0 ? Number(args.splice(lastIndex, 2)[1]) * 1e6 : Infinity;

const byGroup = new Map<string, number>();
const byFunction = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
const groupOf = (url: string, name: string) => {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  if (url.startsWith('node:')) return 'node: internals';
  if (url.includes('/src/')) return `src/${url.split('/src/')[1]!.split('/').slice(0, 2).join('/')}`;
  return `(${name || 'anonymous'})`;
};
for (const file of args) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (profile.endTime - at > lastUs) return;
    const frame = nodes.get(id)!.callFrame;
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parents.get(n)) {
      const f = nodes.get(n)!.callFrame;
      const group = groupOf(f.url, f.functionName);
      if (seen.has(group) || group.startsWith('((')) continue;
      seen.add(group);
      inclusive.set(group, (inclusive.get(group) ?? 0) + delta);
    }
    total += delta;
    const url = frame.url;
    const group = groupOf(url, frame.functionName);
    byGroup.set(group, (byGroup.get(group) ?? 0) + delta);
    const name = `${frame.functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + delta);
  });
}
const top = (map: Map<string, number>, count: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(
      ([name, us]) =>
        `${((us / total) * 100).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(6)} ms  ${name}`,
    )
    .join('\n');
console.log(
  `total ${(total / 1000).toFixed(0)} ms\n\nself time by package:\n${top(byGroup, 30)}\n\n` +
    `inclusive time by package (in the stack):\n${top(inclusive, 30)}\n\nself time by function:\n${top(byFunction, 40)}`,
);
