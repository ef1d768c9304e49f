import type { FastifyInstance, RouteOptions } from 'fastify';

const SUFFIX: Record<string, string> = {
  GET: 'List',
  POST: 'Create',
  PUT: 'Update',
  PATCH: 'PartialUpdate',
  DELETE: 'Delete',
};

const isParam = (segment: string) => segment.startsWith(':') || segment.startsWith('{');
const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const camel = (segment: string) =>
  segment
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map(capitalize)
    .join('');

/**
 * The operation id of a call, in the form the spec names its calls (§7: "list public languages
 * (operation appSearchPublicLanguagesList)"): the path's words without `/api`, then the verb —
 * List or Detail (a GET ending in a parameter), Create, Update, PartialUpdate, Delete. A generated
 * client's method names are these, so they must never change for an existing call.
 */
export function operationIdOf(method: string, url: string): string {
  const segments = url.split('?')[0]?.split('/').filter(Boolean) ?? [];
  const words = (segments[0] === 'api' ? segments.slice(1) : segments).filter((segment) => !isParam(segment));
  const last = segments.at(-1) ?? '';
  const verb = method === 'GET' && isParam(last) ? 'Detail' : (SUFFIX[method] ?? capitalize(method.toLowerCase()));
  const [first = '', ...rest] = words.map(camel);
  return `${first.charAt(0).toLowerCase()}${first.slice(1)}${rest.join('')}${verb}`;
}

/** Where two calls would share a name, the second names its path parameters too: `…ByIdDetail`. */
function disambiguated(method: string, url: string): string {
  const params = url
    .split('/')
    .filter(isParam)
    .map((segment) => camel(segment.replace(/^[:{]|}$/g, '')));
  const base = operationIdOf(method, url);
  const verb = base.match(/(List|Detail|Create|Update|PartialUpdate|Delete)$/)?.[0] ?? '';
  return `${base.slice(0, base.length - verb.length)}By${params.join('And')}${verb}`;
}

/**
 * Gives every documented route a stable, unique `operationId` (issue 15: clients generated from
 * the OpenAPI document get the spec's names, not path-derived guesses). Register before the
 * routes; a route that sets its own id keeps it. Two routes that cannot be told apart stop the
 * start-up, so a clash is found by the first test that builds the app.
 */
export function assignOperationIds(app: FastifyInstance) {
  const used = new Map<string, string>();
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = [route.method].flat();
    if (methods.includes('HEAD') || route.schema?.hide || route.websocket) return;
    const method = methods[0] ?? 'GET';
    const where = `${method} ${route.url}`;
    let id = (route.schema as { operationId?: string } | undefined)?.operationId ?? operationIdOf(method, route.url);
    if (used.has(id) && route.url.split('/').some(isParam)) id = disambiguated(method, route.url);
    const clash = used.get(id);
    if (clash) throw new Error(`operationId ${id} of ${where} is already used by ${clash}`);
    used.set(id, where);
    route.schema = { ...route.schema, operationId: id } as RouteOptions['schema'];
  });
}
