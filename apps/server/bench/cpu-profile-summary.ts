// `tsx apps/server/bench/cpu-profile-summary.ts <file.cpuprofile> [top]`: where a V8 CPU
// profile (node --cpu-prof, or BENCH_CPU_PROF with the benchmarks) spent its time: self time
// per function and per package, as shares of the busy (non-idle) time.
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: cpu-profile-summary.ts <file.cpuprofile> [top]');
  process.exit(1);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMicros = new Map<number, number>();
profile.samples.forEach((id, index) => {
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
});

/** node_modules/<package>, node: internals, V8 markers, or Marco's own file. */
function packageOf(url: string, name: string): string {
  if (!url) return `(${name || 'native'})`;
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  if (url.startsWith('node:')) return url;
  const dist = url.indexOf('/dist/');
  return dist >= 0 ? `marco ${url.slice(dist + 6)}` : url;
}

const functions = new Map<string, number>();
const packages = new Map<string, number>();
let busy = 0;
let total = 0;
for (const [id, micros] of selfMicros) {
  const node = byId.get(id);
  if (!node) continue;
  total += micros;
  const { functionName, url, lineNumber } = node.callFrame;
  if (functionName === '(idle)' || functionName === '(program)') continue;
  busy += micros;
  const key = `${functionName || '(anonymous)'} ${packageOf(url, functionName)}:${lineNumber + 1}`;
  functions.set(key, (functions.get(key) ?? 0) + micros);
  const pkg = packageOf(url, functionName);
  packages.set(pkg, (packages.get(pkg) ?? 0) + micros);
}

const share = (micros: number) => `${((100 * micros) / busy).toFixed(1)} %`;
const print = (title: string, entries: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [key, micros] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${share(micros).padStart(7)}  ${(micros / 1000).toFixed(0).padStart(7)} ms  ${key}`);
  }
};
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy`);
print('Self time by package or file', packages);
print('Self time by function', functions);
