import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../apps/server/src/config.js';
import { BLOG_CONTENT_DIR, WEB_CATALOG_DIR, WEB_PUBLIC_DIR } from '../apps/server/src/modules/blog/feed.js';

// No container runtime runs where the tests run: the deployment is checked on paper, against
// the settings table of docs/deploy.md and the server's own configuration rules.
const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

interface Service {
  image?: string;
  command?: string[];
  restart?: string;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test?: string[]; disable?: boolean };
  volumes?: string[];
  ports?: string[];
}

const compose = parse(read('deploy/compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const marcoServices = Object.entries(services).filter(([, service]) => service.image?.startsWith('marco:'));
const instances = marcoServices.filter(([, service]) => !service.command);
const migrate = marcoServices.find(([, service]) => service.command?.some((part) => part.includes('migrate-cli')));

interface Setting {
  rule: 'required' | 'optional' | 'never';
  /** required: the only accepted value; never: the forbidden value. */
  value?: string;
}

/** The settings table of docs/deploy.md: `| \`NAME\` | required: \`value\` | safe value | what |`. */
function readSettingsTable(): Map<string, Setting> {
  const doc = read('docs/deploy.md');
  const section = doc.slice(doc.indexOf('## Settings for production'));
  const table = section.slice(0, section.indexOf('\n\n', section.indexOf('| Variable')));
  const settings = new Map<string, Setting>();
  for (const line of table.split('\n').filter((row) => row.startsWith('| `'))) {
    const [name, production] = line
      .split('|')
      .slice(1, 3)
      .map((cell) => cell.trim());
    const match = /^(required|optional|never)(?::\s*`([^`]+)`)?$/.exec(production ?? '');
    if (!name || !match) throw new Error(`docs/deploy.md: unreadable settings row: ${line}`);
    settings.set(name.replaceAll('`', ''), { rule: match[1] as Setting['rule'], value: match[2] });
  }
  return settings;
}

/** deploy/.env.example, as Compose reads an env file (quotes removed). */
function readEnvExample(): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of read('deploy/.env.example').split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match?.[1]) values[match[1]] = (match[2] ?? '').replace(/^"(.*)"$/, '$1');
  }
  return values;
}

/** Compose's interpolation: ${NAME}, ${NAME:-default}, ${NAME-default}, ${NAME:?error}, $$. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(/\$\$|\$\{([A-Z0-9_]+)(?:(:?[-?])([^}]*))?\}/g, (match, name, operator, argument) => {
    if (match === '$$') return '$';
    const given = env[name];
    if (operator?.endsWith('?')) {
      if (!given) throw new Error(`${name} is required: ${argument}`);
      return given;
    }
    if (operator === ':-') return given || argument;
    if (operator === '-') return given ?? argument;
    return given ?? '';
  });
}

const configVariables = [
  ...read('apps/server/src/config.ts').matchAll(/^\s{4}([A-Z][A-Z0-9_]+): (?:z\b|booleanString)/gm),
].map((match) => match[1] as string);
const settings = readSettingsTable();
const envExample = readEnvExample();

describe('docs/deploy.md settings table', () => {
  it('lists every variable the server reads, once, and nothing else', () => {
    expect(configVariables.length).toBeGreaterThan(20);
    expect([...settings.keys()].sort()).toEqual([...configVariables].sort());
  });

  it('documents only npm scripts that exist', () => {
    const scripts = JSON.parse(read('package.json')).scripts as Record<string, string>;
    const documented = [...read('docs/deploy.md').matchAll(/npm run ([a-z][\w:-]*)/g)].map((match) => match[1]);
    expect(documented).toContain('db:backup');
    for (const name of documented) expect(scripts, `npm run ${name}`).toHaveProperty(name as string);
  });
});

describe('deploy/compose.yaml', () => {
  it('runs two Marco instances behind a proxy, with PostgreSQL, Redis, an S3 store and a one-shot migration', () => {
    expect(instances.map(([name]) => name).sort()).toEqual(['marco-1', 'marco-2']);
    expect(new Set(instances.map(([, service]) => service.image)).size).toBe(1);
    expect(migrate?.[1].image).toBe(instances[0]?.[1].image);
    expect(migrate?.[1].restart).toBe('no');
    expect(services.proxy?.image).toMatch(/^caddy:/);
    expect(services.postgres?.image).toMatch(/^postgres:/);
    expect(services.redis?.image).toMatch(/^redis:/);
    expect(services.s3?.image).toMatch(/^minio\/minio:/);
  });

  it('gives every instance each required setting, with the value the table demands, and nothing it forbids', () => {
    for (const [name, service] of [...instances, ...(migrate ? [migrate] : [])]) {
      const environment = service.environment ?? {};
      for (const [variable, setting] of settings) {
        const value = environment[variable];
        if (setting.rule === 'required') {
          expect(value, `${name}: ${variable}`).toBeTruthy();
          if (setting.value) expect(value, `${name}: ${variable}`).toBe(setting.value);
        }
        if (setting.rule === 'never' && !setting.value) expect(value, `${name}: ${variable}`).toBeUndefined();
        if (setting.rule === 'never' && setting.value) expect(value, `${name}: ${variable}`).not.toBe(setting.value);
      }
      for (const variable of Object.keys(environment))
        expect(settings.has(variable), `${name}: ${variable}`).toBe(true);
      for (const value of Object.values(environment)) expect(String(value)).not.toMatch(/^(outbox|sandbox)$/);
    }
  });

  it('takes secrets from deploy/.env: every reference without a default is in .env.example, no literal password', () => {
    const source = read('deploy/compose.yaml');
    for (const [, name, operator] of source.matchAll(/\$\{([A-Z0-9_]+)(:?[-?])?/g)) {
      if (operator?.endsWith('-')) continue;
      expect(envExample, `${name} in deploy/.env.example`).toHaveProperty(name as string);
    }
    for (const [name, service] of instances) {
      for (const [variable, value] of Object.entries(service.environment ?? {})) {
        if (/SECRET|TOKEN|PASSWORD|_URL$/.test(variable) && !/^https?:\/\/[^@]*$/.test(value)) {
          expect(value, `${name}: ${variable} comes from deploy/.env`).toMatch(/\$\{/);
        }
      }
    }
    expect(read('.gitignore')).toMatch(/^\.env$/m);
  });

  it('gives instances an environment that production accepts (loadConfig with NODE_ENV=production)', () => {
    for (const [name, service] of instances) {
      const environment = Object.fromEntries(
        Object.entries(service.environment ?? {}).map(([variable, value]) => [
          variable,
          interpolate(String(value), envExample),
        ]),
      );
      const config = loadConfig({ ...environment, NODE_ENV: 'production' });
      expect(config.PUBLIC_URL, name).toBe(`https://${envExample.MARCO_DOMAIN}`);
      expect(config.DEMO_SITE, name).toBe(false);
      expect(config.SEED_DEMO, name).toBe(false);
      expect(config.DATABASE_URL, name).toMatch(/@postgres:5432\//);
      expect(config.REDIS_URL, name).toMatch(/@redis:6379$/);
      expect(config.S3_ENDPOINT, name).toBe('http://s3:9000');
    }
  });

  it('starts instances only after healthy PostgreSQL, Redis and S3 and a finished migration and bucket', () => {
    for (const [name, service] of instances) {
      expect(service.depends_on, name).toMatchObject({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
        s3: { condition: 'service_healthy' },
        migrate: { condition: 'service_completed_successfully' },
        's3-init': { condition: 'service_completed_successfully' },
      });
    }
    expect(migrate?.[1].depends_on).toMatchObject({ postgres: { condition: 'service_healthy' } });
  });

  it('health-checks every long-running service, the instances on /api/health/ready', () => {
    for (const [name, service] of Object.entries(services)) {
      if (service.restart === 'no') {
        // One-shot jobs have nothing to probe: they are waited for until they finish.
        const waitedFor = Object.values(services).some(
          (other) => other.depends_on?.[name]?.condition === 'service_completed_successfully',
        );
        expect(waitedFor, `${name} is waited for`).toBe(true);
        continue;
      }
      expect(service.healthcheck?.disable, name).not.toBe(true);
      expect(service.healthcheck?.test?.length, `${name} has a healthcheck`).toBeGreaterThan(1);
    }
    for (const [name, service] of instances) {
      expect(service.healthcheck?.test?.join(' '), name).toContain('/api/health/ready');
    }
  });

  it('terminates TLS in Caddy, balancing both instances on their readiness', () => {
    const proxy = services.proxy as Service;
    expect(proxy.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    expect(proxy.volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
    const caddyfile = read('deploy/Caddyfile');
    // A site address without a scheme gets automatic HTTPS (and HTTP redirected to it).
    expect(caddyfile).toMatch(/^\{\$MARCO_DOMAIN\} \{$/m);
    const upstreams = /reverse_proxy ([^{\n]+)\{/.exec(caddyfile)?.[1]?.trim().split(/\s+/);
    expect(upstreams?.sort()).toEqual(instances.map(([name]) => `${name}:3000`).sort());
    expect(caddyfile).toMatch(/health_uri \/api\/health\/ready/);
  });
});

describe('deploy/Dockerfile', () => {
  const dockerfile = read('deploy/Dockerfile')
    .replace(/^#.*\n/gm, '')
    .replace(/\\\n/g, ' ');
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const runtime = stages.at(-1) ?? '';

  it('builds in one stage and runs production dependencies only, on Node 24, as a non-root user', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-/m);
    expect(dockerfile).not.toMatch(/npm ci\b/);
    const productionInstall = stages.find((stage) => /npm install [^\n]*--omit=dev/.test(stage));
    const productionStage = productionInstall?.match(/ AS (\w+)/)?.[1];
    expect(runtime).toContain(`COPY --from=${productionStage} /app/node_modules`);
    expect(runtime).not.toMatch(/npm (install|ci)/);
    expect(runtime).not.toMatch(/COPY --from=build \/app\/node_modules/);
    const user = /^USER (\S+)/m.exec(runtime)?.[1];
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    expect(runtime).toMatch(/NODE_ENV=production/);
    expect(runtime).toMatch(/^EXPOSE 3000$/m);
  });

  it('checks its health on /api/health/ready', () => {
    expect(/^HEALTHCHECK .*CMD .*\/api\/health\/ready/m.test(runtime)).toBe(true);
  });

  it('runs the compiled server with the heap limits of node-flags.json', () => {
    const command = JSON.parse(/^CMD (\[.*\])$/m.exec(runtime)?.[1] ?? '[]') as string[];
    const flags = JSON.parse(read('apps/server/node-flags.json')) as string[];
    expect(command).toEqual(['node', ...flags, '--conditions=marco-compiled', 'apps/server/dist/main.js']);
  });

  it('copies what the compiled server reads besides its code', () => {
    const copied = [...runtime.matchAll(/^COPY (?:--from=\w+ )?(\S+) /gm)].map((match) =>
      (match[1] as string).replace(/^\/app\//, ''),
    );
    const needed = ['apps/server/drizzle', 'apps/web/dist', 'package.json', 'packages/contract/dist'];
    for (const dir of [BLOG_CONTENT_DIR, WEB_CATALOG_DIR, WEB_PUBLIC_DIR]) needed.push(path.relative(root, dir));
    for (const file of needed) expect(copied, file).toContain(file);
    const ignored = read('.dockerignore');
    for (const pattern of ['**/node_modules', '**/dist', '.git', '**/.env']) expect(ignored).toContain(pattern);
  });
});
