import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogChunksPlugin, catalogFileName } from './catalog-chunks-plugin';

const dirs: string[] = [];

function writeCatalogs(catalogs: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marco-catalogs-'));
  dirs.push(dir);
  for (const [file, text] of Object.entries(catalogs)) {
    fs.mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

function versionOf(plugin: ReturnType<typeof catalogChunksPlugin>): string {
  const config = (plugin.config as () => { define: Record<string, string> })();
  return JSON.parse(config.define.__MARCO_CATALOGS__ ?? '""');
}

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('catalogChunksPlugin', () => {
  it('emits every catalog at an address made of its locale, namespace and the catalogs hash', () => {
    const dir = writeCatalogs({ 'en/common.json': '{"a":"A"}', 'tr/common.json': '{"a":"B"}' });
    const plugin = catalogChunksPlugin(dir);
    const version = versionOf(plugin);
    expect(version).toMatch(/^[0-9a-f]{10}$/);
    const emitted: unknown[] = [];
    (plugin.buildStart as (this: unknown) => void).call({ emitFile: (file: unknown) => emitted.push(file) });
    expect(emitted).toEqual([
      expect.objectContaining({
        id: path.join(dir, 'en/common.json'),
        fileName: catalogFileName('en', 'common', version),
      }),
      expect.objectContaining({
        id: path.join(dir, 'tr/common.json'),
        fileName: catalogFileName('tr', 'common', version),
      }),
    ]);
    expect(catalogFileName('en', 'common', version)).toBe(`assets/locales/en/common-${version}.js`);
  });

  it('changes the hash when any catalog changes', () => {
    const before = versionOf(catalogChunksPlugin(writeCatalogs({ 'en/common.json': '{"a":"A"}' })));
    const after = versionOf(catalogChunksPlugin(writeCatalogs({ 'en/common.json': '{"a":"Z"}' })));
    expect(after).not.toBe(before);
  });
});
