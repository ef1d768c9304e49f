import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');
const CONTRACT = path.resolve(SRC, '../../../packages/contract/src');

/** The file a specifier names, or the package for a dependency. */
function resolve(specifier: string, from: string): { file: string } | { dependency: string } {
  const base = specifier.startsWith('@/')
    ? path.join(SRC, specifier.slice(2))
    : specifier.startsWith('@marco/contract/')
      ? path.join(CONTRACT, specifier.slice('@marco/contract/'.length))
      : specifier.startsWith('.')
        ? path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''))
        : null;
  if (base === null) {
    const [scope = '', name = ''] = specifier.split('/');
    return { dependency: scope.startsWith('@') ? `${scope}/${name}` : scope };
  }
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return { file: candidate };
  }
  throw new Error(`cannot resolve ${specifier} from ${from}`);
}

// Value imports and re-exports (`import type` and `export type` bring no code); `import()` is a
// chunk of its own and is not followed.
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

/** Every dependency the modules `entry` imports statically bring into its chunk. */
function dependenciesOf(entry: string): Map<string, string> {
  const found = new Map<string, string>();
  const seen = new Set<string>();
  const queue = [entry];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file) || /\.(css|svg|png|json)$/.test(file)) continue;
    seen.add(file);
    for (const [, specifier = ''] of fs.readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (specifier.startsWith('virtual:') || /\.(css|svg|png)(\?|$)/.test(specifier)) continue;
      const target = resolve(specifier, file);
      if ('file' in target) queue.push(target.file);
      else if (!found.has(target.dependency)) found.set(target.dependency, path.relative(SRC, file));
    }
  }
  return found;
}

describe('the first JavaScript a visitor downloads', () => {
  // Zod is some 25 KB of it compressed, for forms and answers of pages that load it themselves;
  // a role check in the layout once brought it into every first visit (issue 16's budget).
  it('does not bring the schema library in with the shell', () => {
    const dependencies = dependenciesOf(path.join(SRC, 'main.tsx'));
    expect(dependencies.get('zod'), `imported by ${dependencies.get('zod')}`).toBeUndefined();
    expect(dependencies.has('react-router')).toBe(true);
  });
});
