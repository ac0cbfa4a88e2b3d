import { readFileSync } from 'node:fs';
import path from 'node:path';
import { allEndpoints, API_PATHS, endpointMethods, ERRORS } from '@sen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';
import { openApiDocumentText } from '../src/modules/docs/index.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** Every registered route as 'METHOD /path', read from Fastify's route table. */
function registeredRoutes(): { method: string; url: string }[] {
  return t.app
    .printRoutes({ commonPrefix: false })
    .split('\n')
    .flatMap((line) => {
      const match = /(\/\S*) \(([A-Z, ]+)\)/.exec(line);
      return match ? match[2]!.split(', ').map((method) => ({ method, url: match[1]! })) : [];
    });
}
afterAll(async () => t?.close());

describe('OpenAPI document', () => {
  it('is committed as docs/openapi.json exactly as the server generates it (run `npm run openapi` after changing an endpoint)', () => {
    const committed = readFileSync(path.join(REPO_ROOT, 'docs/openapi.json'), 'utf8');
    expect(committed).toBe(openApiDocumentText());
  });

  it('is served at /api/docs/openapi.json and lists every endpoint, the signing headers and every catalogued error', async () => {
    const response = await t.app.inject({ url: API_PATHS.openApiDocument });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    for (const endpoint of allEndpoints) {
      const documented = endpoint.path.replace(/:(\w+)/g, '{$1}');
      for (const method of endpointMethods(endpoint)) expect(document.paths[documented]?.[method.toLowerCase()], `${method} ${endpoint.path}`).toBeDefined();
    }
    expect(Object.keys(document.components.parameters)).toEqual(expect.arrayContaining(['sign', 'timestamp', 'appVersion', 'lang']));
    for (const entry of Object.values(ERRORS)) expect(document.info.description).toContain(`| ${entry.code} | ${entry.httpStatus} |`);
    const login = document.paths[API_PATHS.login].post;
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '400', '429']));
  });

  it('shows every multipart endpoint as multipart/form-data with its text fields and typed file parts', async () => {
    const document = (await t.app.inject({ url: API_PATHS.openApiDocument })).json();
    const multipart = allEndpoints.filter((endpoint) => endpoint.bodyEncoding === 'multipart');
    expect(multipart.length).toBeGreaterThanOrEqual(7);
    for (const endpoint of multipart) {
      const content = document.paths[endpoint.path].post.requestBody.content['multipart/form-data'];
      expect(content, endpoint.id).toBeDefined();
      const schema = endpoint.signed ? content.schema.allOf[1] : content.schema;
      for (const part of endpoint.fileParts ?? []) {
        expect(schema.properties[part.name], `${endpoint.id} ${part.name}`).toMatchObject({ type: 'string', format: 'binary' });
        expect(schema.required?.includes(part.name) ?? false, `${endpoint.id} ${part.name}`).toBe(part.required);
        if (part.contentTypes) expect(content.encoding[part.name].contentType).toBe(part.contentTypes.join(', '));
      }
    }
    const commit = document.paths[API_PATHS.orderCommit].post.requestBody.content['multipart/form-data'];
    expect(Object.keys(commit.schema.allOf[1].properties)).toEqual(expect.arrayContaining(['productId', 'amount', 'auditKey', 'eventFile', 'signPic']));
    expect(commit.schema.allOf[1].properties.signPic.maxLength).toBe(8 * 1024 * 1024);
    expect(commit.encoding.signPic.contentType).toBe('image/jpeg, image/png, image/webp');
  });

  it('has an interactive page outside production only', async () => {
    const page = await t.app.inject({ url: `${API_PATHS.apiDocs}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const production = await createTestApp({ config: (config) => ({ ...config, nodeEnv: 'production' }) });
    try {
      expect((await production.app.inject({ url: `${API_PATHS.apiDocs}/` })).statusCode).toBe(404);
      expect((await production.app.inject({ url: API_PATHS.openApiDocument })).statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });
});

describe('every API route comes from a contract endpoint', () => {
  it('registers no /api route that the contract does not define', () => {
    const defined = new Set(allEndpoints.flatMap((endpoint) => endpointMethods(endpoint).map((method) => `${method} ${endpoint.path}`)));
    const routes = registeredRoutes();
    const undocumented = routes
      .filter((route) => route.url.startsWith('/api/') && !route.url.startsWith(`${API_PATHS.apiDocs}`) && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !defined.has(route));
    expect(undocumented).toEqual([]);
    expect(routes).toContainEqual({ method: 'POST', url: API_PATHS.login });
    expect(routes.length).toBeGreaterThan(allEndpoints.length);
  });
});
