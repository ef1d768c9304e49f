import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
const scripts: Record<string, string> = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;

describe('README', () => {
  it('documents only npm scripts that exist', () => {
    const documented = [...readme.matchAll(/npm (?:run )?([a-z][\w:-]*)/g)]
      .map((match) => match[1] ?? '')
      .filter((name) => !['install', 'run'].includes(name));
    expect(documented.length).toBeGreaterThan(5);
    for (const name of documented) expect(scripts, `npm ${name}`).toHaveProperty(name);
  });

  it('shows the two set-up commands: run and test', () => {
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
  });

  it('lists every environment variable the server reads', () => {
    const config = fs.readFileSync(path.join(root, 'apps/server/src/config.ts'), 'utf8');
    const variables = [...config.matchAll(/^\s{4}([A-Z][A-Z0-9_]+): z/gm)].map((match) => match[1]);
    expect(variables.length).toBeGreaterThan(5);
    for (const variable of variables) expect(readme, variable).toContain(`\`${variable}\``);
  });
});
