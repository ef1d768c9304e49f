import fs from 'node:fs';
import path from 'node:path';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { classCandidates, pruneClassGroups, usedClassGroups, writtenBaseClasses } from './tailwind-merge-prune-plugin';

const srcDir = path.resolve(import.meta.dirname, '..');
const bundlePath = path.join(path.dirname(new URL(import.meta.resolve('tailwind-merge')).pathname), 'bundle-mjs.mjs');

function sources(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) ? [fs.readFileSync(file, 'utf8')] : [];
  });
}

/** The variants of a class, order-insensitive as tailwind-merge compares them. */
function variantKey(className: string): string {
  const parts = className.split(':');
  return parts.slice(0, -1).sort().join(':');
}

describe('tailwindMergePrunePlugin', () => {
  it('keeps only the groups of classes written in the sources', () => {
    const used = usedClassGroups(['px-4', 'hover:bg-brand-700', 'not-a-class']);
    expect([...used].sort()).toEqual(['bg-color', 'px']);
  });

  it('merges every class of the app exactly like the full tailwind-merge', async () => {
    const texts = sources(srcDir).filter((text) => !text.includes('classCandidates('));
    const candidates = classCandidates(texts);
    const pruned = pruneClassGroups(
      fs.readFileSync(bundlePath, 'utf8'),
      usedClassGroups(candidates),
      writtenBaseClasses(candidates),
    );
    // The bundle has no imports and one export list: run it as a function returning twMerge.
    const body = pruned.replace(/^export \{[^}]*\};$/m, 'return twMerge;');
    const prunedMerge = new Function(body)() as typeof twMerge;

    const classes = [...candidates].filter((word) => twMerge(`${word} ${word}`) === word);
    const byVariants = new Map<string, string[]>();
    for (const className of classes) {
      const key = variantKey(className);
      byVariants.set(key, [...(byVariants.get(key) ?? []), className]);
    }
    const mismatches: string[] = [];
    for (const group of byVariants.values()) {
      for (const first of group) {
        for (const second of group) {
          const input = `${first} ${second}`;
          if (prunedMerge(input) !== twMerge(input)) mismatches.push(input);
        }
      }
    }
    expect(classes.length).toBeGreaterThan(500);
    expect(mismatches).toEqual([]);
    expect(pruned.length).toBeLessThan(fs.readFileSync(bundlePath, 'utf8').length * 0.9);
  }, 60_000);
});
