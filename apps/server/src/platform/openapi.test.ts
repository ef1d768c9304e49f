import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPIV3 } from 'openapi-types';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { operationIdOf } from './operation-ids.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

let t: TestApp;
let document: OpenAPIV3.Document;
beforeAll(async () => {
  t = await createTestApp();
  document = (await t.app.inject({ url: '/api/docs/json' })).json();
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([url, item]) =>
    METHODS.flatMap((method) => (item?.[method] ? [{ url, method, operation: item[method] }] : [])),
  );

describe('operation ids', () => {
  it('names calls as the spec does', () => {
    expect(operationIdOf('GET', '/api/app/search-public/languages')).toBe('appSearchPublicLanguagesList');
    expect(operationIdOf('GET', '/api/app/search-public/search-places')).toBe('appSearchPublicSearchPlacesList');
    expect(operationIdOf('PUT', '/api/app/reservation-operations-public/:id/accept-by-guide')).toBe(
      'appReservationOperationsPublicAcceptByGuideUpdate',
    );
    expect(operationIdOf('GET', '/api/app/reservation-operations-public/guide/:id')).toBe(
      'appReservationOperationsPublicGuideDetail',
    );
    expect(operationIdOf('POST', '/connect/token')).toBe('connectTokenCreate');
  });
});

describe('the OpenAPI document', () => {
  it('is valid OpenAPI', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('gives every operation a unique operation id', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(150);
    const ids = all.map(({ operation }) => operation.operationId);
    for (const [index, id] of ids.entries())
      expect(id, `${all[index]?.method} ${all[index]?.url}`).toMatch(/^[a-z]\w+$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('appSearchPublicLanguagesList');
    expect(ids).toContain('appSearchPublicSearchPlacesList');
  });

  it('generates a typed client that typechecks', async () => {
    const types = astToString(await openapiTS(structuredClone(document) as never));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marco-openapi-client-'));
    try {
      fs.writeFileSync(path.join(dir, 'api.d.ts'), types);
      // What a mobile client would write against the generated types.
      fs.writeFileSync(
        path.join(dir, 'client.ts'),
        `import type { operations } from './api.js';
type Languages = operations['appSearchPublicLanguagesList']['responses'][200]['content']['application/json'];
export const firstCode = (answer: Languages): string | undefined => answer.data[0]?.code;
type Search = NonNullable<operations['appSearchPublicSearchGuidesPublicCreate']['requestBody']>['content']['application/json'];
export const search: Search = { sort: 'rating', page: 1 };
`,
      );
      const program = ts.createProgram([path.join(dir, 'client.ts')], {
        strict: true,
        noEmit: true,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        target: ts.ScriptTarget.ES2022,
        lib: ['lib.es2022.d.ts'],
        // Only the generated file and the client: not every @types package of the repository.
        types: [],
      });
      const diagnostics = ts
        .getPreEmitDiagnostics(program)
        .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      expect(diagnostics).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
