import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSprite, iconNamesIn } from './icon-sprite-plugin';

describe('the icon sprite', () => {
  it("finds the icons a module imports from lucide-react, not its types or other packages' names", () => {
    const source = [
      "import { Compass, type LucideIcon, MapPin as Pin, Search } from 'lucide-react';",
      "import type { LucideProps } from 'lucide-react';",
      "import { Button } from '@/components/ui/button';",
    ].join('\n');
    expect(iconNamesIn(source)).toEqual(['Compass', 'MapPin', 'Search']);
  });

  it('draws each icon as lucide-react does, as a symbol named after it, with the classes the library gives it', async () => {
    const { svg, classes } = await buildSprite(['Star', 'MapPin']);
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"><symbol id="Star" viewBox="0 0 24 24"><path d="M11.525 2.295/,
    );
    expect(svg).toContain('<symbol id="MapPin" viewBox="0 0 24 24">');
    // The outer <svg>'s presentation attributes stay with each use (app/styles.css), not in the symbol.
    expect(svg).not.toContain('stroke-width');
    expect(classes).toEqual({ Star: 'lucide lucide-star', MapPin: 'lucide lucide-map-pin' });
  });

  it('refuses a name lucide-react does not have', async () => {
    await expect(buildSprite(['NoSuchIcon'])).rejects.toThrow('lucide-react has no icon NoSuchIcon');
  });

  it('draws every icon the app imports', async () => {
    const srcDir = path.resolve(import.meta.dirname, '..');
    const sources = fs.readdirSync(srcDir, { recursive: true, encoding: 'utf8' });
    const used = new Set(
      sources
        .filter((file) => /\.tsx?$/.test(file))
        .flatMap((file) => iconNamesIn(fs.readFileSync(path.join(srcDir, file), 'utf8'))),
    );
    const { classes } = await buildSprite([...used]);
    expect(Object.keys(classes).sort()).toEqual([...used].sort());
  });
});
