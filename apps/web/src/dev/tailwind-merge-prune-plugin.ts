import fs from 'node:fs';
import path from 'node:path';
import { parseAst } from 'rolldown/parseAst';
import { createTailwindMerge, getDefaultConfig, twMerge } from 'tailwind-merge';
import type { Plugin } from 'vite';

const TAILWIND_MERGE_BUNDLE = /[\\/]tailwind-merge[\\/]dist[\\/]bundle-mjs\.mjs$/;
const PRUNED_OBJECTS = new Set(['classGroups', 'conflictingClassGroups']);

/** Every whitespace-separated word of every string literal in the app's sources. */
export function classCandidates(sources: Iterable<string>): Set<string> {
  const words = new Set<string>();
  for (const source of sources) {
    for (const match of source.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) {
      for (const word of (match[2] ?? '').split(/\s+/)) {
        if (word && !word.includes('${')) words.add(word);
      }
    }
  }
  return words;
}

/** The class without its variants (`md:hover:`) and important marks. */
function baseClass(className: string): string {
  let depth = 0;
  let lastColon = -1;
  for (let index = 0; index < className.length; index += 1) {
    const char = className[index];
    if (char === '[' || char === '(') depth += 1;
    else if (char === ']' || char === ')') depth -= 1;
    else if (char === ':' && depth === 0) lastColon = index;
  }
  return className.slice(lastColon + 1).replace(/^!|!$/g, '');
}

/** The candidates tailwind-merge knows as classes (arbitrary properties belong to no group). */
function knownClasses(candidates: Iterable<string>): string[] {
  return [...candidates].filter(
    (candidate) => !baseClass(candidate).startsWith('[') && twMerge(`${candidate} ${candidate}`) === candidate,
  );
}

/** The classes as tailwind-merge looks them up: no variants, no `-` sign, with and without a `/` postfix. */
export function writtenBaseClasses(candidates: Iterable<string>): Set<string> {
  const bases = new Set<string>();
  for (const className of knownClasses(candidates)) {
    const base = baseClass(className).replace(/^-/, '');
    bases.add(base);
    bases.add(base.replace(/\/[^/]*$/, ''));
  }
  return bases;
}

/** The class groups of tailwind-merge's default config that at least one candidate belongs to. */
export function usedClassGroups(candidates: Iterable<string>): Set<string> {
  const classes = knownClasses(candidates);
  const config = getDefaultConfig();
  const used = new Set<string>();
  for (const [group, definition] of Object.entries(config.classGroups)) {
    const mergeGroup = createTailwindMerge(() => ({
      ...config,
      classGroups: { [group]: definition },
      conflictingClassGroups: {},
      conflictingClassGroupModifiers: {},
    }));
    if (classes.some((className) => mergeGroup(`${className} ${className}`) === className)) used.add(group);
  }
  return used;
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };

function propertyName(property: Node): string | null {
  const key = property.key as Node | undefined;
  if (!key || property.computed) return null;
  if (key.type === 'Identifier') return key.name as string;
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return null;
}

/**
 * Drops from tailwind-merge's bundle the class groups (and their conflict lists) not in `keep`
 * and, inside the kept groups, the literal class names not in `classes`.
 */
export function pruneClassGroups(code: string, keep: ReadonlySet<string>, classes: ReadonlySet<string>): string {
  const removals: Array<[number, number]> = [];
  const pruneLiterals = (definition: Node, prefix: string) => {
    if (definition.type === 'ArrayExpression') {
      for (const element of definition.elements as Node[]) {
        if (element?.type === 'Literal' && typeof element.value === 'string') {
          const className = [prefix, element.value].filter(Boolean).join('-');
          if (!classes.has(className)) removals.push([element.start, element.end]);
        } else if (element?.type === 'ObjectExpression') {
          pruneLiterals(element, prefix);
        }
      }
    } else if (definition.type === 'ObjectExpression') {
      for (const property of definition.properties as Node[]) {
        const name = propertyName(property);
        if (name !== null) pruneLiterals(property.value as Node, [prefix, name].filter(Boolean).join('-'));
      }
    }
  };
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    const current = node as Node;
    if (current.type === 'Property' && PRUNED_OBJECTS.has(propertyName(current) ?? '')) {
      const value = current.value as Node;
      if (value.type === 'ObjectExpression') {
        for (const property of value.properties as Node[]) {
          const name = propertyName(property);
          if (name !== null && !keep.has(name)) removals.push([property.start, property.end]);
          else if (propertyName(current) === 'classGroups') pruneLiterals(property.value as Node, '');
        }
        return;
      }
    }
    for (const [key, child] of Object.entries(current)) {
      if (key !== 'type' && key !== 'start' && key !== 'end') visit(child);
    }
  };
  visit(parseAst(code));
  let pruned = code;
  for (const [start, end] of removals.sort((a, b) => b[0] - a[0])) {
    // The removed property's trailing comma goes too; a dangling one before `}` is valid.
    const after = pruned.slice(end).match(/^\s*,/)?.[0].length ?? 0;
    pruned = pruned.slice(0, start) + pruned.slice(end + after);
  }
  return pruned;
}

function sourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.(?:tsx?|html)$/.test(entry.name) ? [file] : [];
  });
}

/**
 * Tailwind only generates CSS for classes written out in full in the sources, so a class
 * group of tailwind-merge that no written class belongs to never decides a merge. The build
 * drops those groups (most of the library's size); `cn` merges every class that has CSS
 * exactly as with the full config. Dev and tests keep the full config.
 */
export function tailwindMergePrunePlugin(roots: string[]): Plugin {
  let kept: { groups: Set<string>; classes: Set<string> } | null = null;
  return {
    name: 'marco:tailwind-merge-prune',
    apply: 'build',
    transform(code, id) {
      if (!TAILWIND_MERGE_BUNDLE.test(id)) return null;
      if (!kept) {
        const candidates = classCandidates(roots.flatMap(sourceFiles).map((file) => fs.readFileSync(file, 'utf8')));
        kept = { groups: usedClassGroups(candidates), classes: writtenBaseClasses(candidates) };
      }
      return { code: pruneClassGroups(code, kept.groups, kept.classes), map: null };
    },
  };
}
