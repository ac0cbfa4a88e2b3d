import {
  allEndpoints,
  APP_VERSION,
  defaultParamsSchema,
  endpointMethods,
  ERRORS,
  HEADERS,
  messages,
  type AnyEndpoint,
  type ErrorName,
  type HttpMethod,
} from '@sen/contract';
import { z } from 'zod';

/**
 * The OpenAPI 3.1 document of the API, generated from the contract's endpoint objects and error
 * catalogue — the same objects the server registers its routes from. Committed as
 * docs/openapi.json (a test fails when it drifts) and served at /api/docs/openapi.json.
 */

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
}

/** Errors any call may get, by what the call is. */
function commonErrors(endpoint: AnyEndpoint): ErrorName[] {
  const names: ErrorName[] = ['TOO_MANY_REQUESTS', 'SERVER_ERROR', 'SERVICE_UNAVAILABLE'];
  if (endpoint.signed) names.push('MISSING_PARAMS', 'UPDATE_REQUIRED', 'BAD_SIGN', 'STALE_TIMESTAMP', 'VALIDATION_FAILED');
  if (endpoint.session === 'required') names.push('SESSION_EXPIRED');
  return names;
}

function errorResponses(endpoint: AnyEndpoint): Record<string, unknown> {
  const byStatus = new Map<number, ErrorName[]>();
  for (const name of new Set([...endpoint.errors, ...commonErrors(endpoint)])) {
    const status = ERRORS[name].httpStatus;
    byStatus.set(status, [...(byStatus.get(status) ?? []), name]);
  }
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, names]) => [
        String(status),
        {
          description: names
            .sort((a, b) => ERRORS[a].code - ERRORS[b].code)
            .map((name) => `${ERRORS[name].code} ${name}: ${messages.en[ERRORS[name].messageKey]}`)
            .join('; '),
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
        },
      ]),
  );
}

const SIGNING_PARAMETERS = [{ $ref: '#/components/parameters/sign' }, { $ref: '#/components/parameters/timestamp' }, { $ref: '#/components/parameters/appVersion' }];

function queryParameters(schema: z.ZodType): unknown[] {
  const object = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: object.required?.includes(name) ?? false,
    schema: property,
  }));
}

function operation(endpoint: AnyEndpoint, method: HttpMethod): Record<string, unknown> {
  const parameters: unknown[] = [{ $ref: '#/components/parameters/lang' }];
  if (endpoint.signed) parameters.push(...SIGNING_PARAMETERS);
  if (endpoint.errors.includes('IDEMPOTENCY_KEY_REUSED')) parameters.push({ $ref: '#/components/parameters/idempotencyKey' });
  if (method === 'GET') {
    if (endpoint.signed) parameters.push(...queryParameters(defaultParamsSchema));
    parameters.push(...queryParameters(endpoint.request));
  }
  for (const [, name] of endpoint.path.matchAll(/:(\w+)/g)) parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
  const textSchema = jsonSchema(endpoint.request, 'input') as { type?: string; properties?: Record<string, unknown>; required?: string[] };
  const requestSchema = endpoint.fileParts?.length
    ? {
        ...textSchema,
        type: 'object',
        properties: {
          ...textSchema.properties,
          ...Object.fromEntries(
            endpoint.fileParts.map((part) => [part.name, { type: 'string', format: 'binary', description: part.description, ...(part.maxBytes !== undefined ? { maxLength: part.maxBytes } : {}) }]),
          ),
        },
        required: [...(textSchema.required ?? []), ...endpoint.fileParts.filter((part) => part.required).map((part) => part.name)],
      }
    : textSchema;
  const body =
    method === 'POST'
      ? {
          requestBody: {
            required: true,
            content: {
              [endpoint.bodyEncoding === 'multipart' ? 'multipart/form-data' : endpoint.bodyEncoding === 'form' ? 'application/x-www-form-urlencoded' : 'application/json']: {
                schema: endpoint.signed ? { allOf: [{ $ref: '#/components/schemas/DefaultParams' }, requestSchema] } : requestSchema,
                // The content types each file part accepts (checked on the bytes by the server).
                ...(endpoint.fileParts?.some((part) => part.contentTypes)
                  ? { encoding: Object.fromEntries(endpoint.fileParts.filter((part) => part.contentTypes).map((part) => [part.name, { contentType: part.contentTypes!.join(', ') }])) }
                  : {}),
              },
            },
          },
        }
      : {};
  const security =
    endpoint.session === 'required'
      ? [{ sessionToken: [] }]
      : endpoint.session === 'optional'
        ? [{}, { sessionToken: [] }]
        : endpoint.session === 'operator'
          ? [{ operatorSession: [] }]
          : [];
  return {
    operationId: method === endpoint.method ? endpoint.id : `${endpoint.id}By${method === 'GET' ? 'Get' : 'Post'}`,
    summary: endpoint.summary,
    // The back office: the role permission the endpoint needs (ROLE_PERMISSIONS; decision 090) and its audit action.
    ...(endpoint.session === 'operator' ? { 'x-permission': endpoint.permission ?? null } : {}),
    ...(endpoint.audited ? { 'x-audit-action': endpoint.audited } : {}),
    tags: [endpoint.module],
    parameters,
    ...body,
    security,
    responses: {
      '200': endpoint.binaryResponse
        ? { description: `Success: the file's bytes (${endpoint.binaryResponse}), not an envelope.`, content: { [endpoint.binaryResponse]: { schema: { type: 'string', format: 'binary' } } } }
        : endpoint.plainResponse
          ? { description: 'Success: exactly this JSON, not an envelope (the caller checks the body); errors are envelopes.', content: { 'application/json': { schema: jsonSchema(endpoint.response, 'output') } } }
          : {
        description: 'Success: envelope code 200 with the data.',
        content: {
          'application/json': {
            schema: {
              allOf: [{ $ref: '#/components/schemas/Envelope' }, { type: 'object', properties: { code: { const: 200 }, data: jsonSchema(endpoint.response, 'output') } }],
            },
          },
        },
      },
      ...errorResponses(endpoint),
    },
  };
}

export function buildOpenApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of allEndpoints) {
    for (const method of endpointMethods(endpoint)) {
      const openApiPath = endpoint.path.replace(/:(\w+)/g, '{$1}');
      paths[openApiPath] = { ...paths[openApiPath], [method.toLowerCase()]: operation(endpoint, method) };
    }
  }
  const catalogue = (Object.keys(ERRORS) as ErrorName[])
    .sort((a, b) => ERRORS[a].code - ERRORS[b].code)
    .map((name) => `| ${ERRORS[name].code} | ${ERRORS[name].httpStatus} | ${name} | ${messages.en[ERRORS[name].messageKey]} |`);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Sen API',
      version: APP_VERSION,
      description: [
        'The API of Sen, a consumer-loan product for Vietnam, wire-compatible with the API family its clients share.',
        '',
        '**Envelope.** Every answer is `{code, message, data}`; success is code 200. Errors carry their catalogue code, a message in the language of the `lang` header, and a real HTTP status.',
        '',
        '**Signing.** Every signed call carries the default params appCode, version and mobileType (query of a GET, body of a POST) and the headers `timestamp` (ms, within ±5 minutes) and `sign` = lowercase md5( md5(appCode) `*|*` secret `*|*` canonical JSON of the payload `*|*` timestamp ), with the secret from GET /api/user/app/common/secret. A sign is accepted when it matches any reading a client of the family uses (our web app\'s JSON.stringify, VT\'s Gson, KMP\'s kotlinx; the natives strip emoji and, as Android compiles their regex, hyphens; multipart and form bodies over their non-blank text parts merged with the query; a native GET over appCode, mobileType and version): docs/decisions/026. A bad sign answers 409, on which the clients fetch the secret again; an app below MIN_APP_VERSION gets 300 (update). `app-version` is optional (`version` stands in).',
        '',
        '**Sessions.** The login token travels raw in the `Authorization` header (a `Bearer ` prefix is accepted); a missing, expired or revoked session answers 401.',
        '',
        "**The back office** (`/api/admin/*`, unsigned). Every call carries the header `x-sen-admin: 1` (403 without it). Operators sign in with e-mail, password and a TOTP code; the session is the HttpOnly cookie `sen_admin` (Path=/api/admin, SameSite=Strict; idle 30 min, 12 h at most), bound to the browser's `sen_admin_browser` cookie and user agent. Each endpoint names the permission its role must hold (`x-permission`) and, for changes, its audit action (`x-audit-action`).",
        '',
        '**Error catalogue** (envelope code, HTTP status, name, English message):',
        '',
        '| code | HTTP | name | message |',
        '|---|---|---|---|',
        ...catalogue,
      ].join('\n'),
    },
    servers: [{ url: '/' }],
    tags: [...new Set(allEndpoints.map((endpoint) => endpoint.module))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        sessionToken: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'The token of the login session, raw.' },
        operatorSession: { type: 'apiKey', in: 'cookie', name: 'sen_admin', description: "An operator's back-office session (decision 089)." },
      },
      parameters: {
        sign: { name: HEADERS.sign, in: 'header', required: true, schema: { type: 'string', pattern: '^[0-9a-f]{32}$' }, description: 'Request signature (see the description above).' },
        timestamp: { name: HEADERS.timestamp, in: 'header', required: true, schema: { type: 'string', pattern: '^\\d{1,16}$' }, description: 'Milliseconds since the epoch, the one signed.' },
        appVersion: { name: HEADERS.appVersion, in: 'header', required: false, schema: { type: 'string' }, description: 'The app version, e.g. 1.0.0.' },
        idempotencyKey: {
          name: HEADERS.idempotencyKey,
          in: 'header',
          required: false,
          schema: { type: 'string', maxLength: 255 },
          description:
            'The loan commit: a client-made key per operation (e.g. a UUID), used when the body carries no auditKey of its own. A repeat with the same key and the same request answers the first order; the same key with another request, 1006 (HTTP 409). Without any key the server derives one from the request.',
        },
        lang: { name: HEADERS.lang, in: 'header', required: false, schema: { type: 'string', enum: ['vi_VN', 'en_US', 'zh_CN'] }, description: 'Language of messages; Vietnamese by default.' },
      },
      schemas: {
        Envelope: {
          type: 'object',
          required: ['code', 'message', 'data'],
          properties: { code: { type: 'integer' }, message: { type: 'string' }, data: {} },
        },
        ErrorEnvelope: {
          type: 'object',
          required: ['code', 'message', 'data'],
          properties: {
            code: { type: 'integer', enum: [...new Set(Object.values(ERRORS).map((entry) => entry.code))].sort((a, b) => a - b) },
            message: { type: 'string' },
            data: { description: 'null, or details such as retryAfterSeconds' },
          },
        },
        DefaultParams: jsonSchema(defaultParamsSchema, 'input'),
      },
    },
  };
}

/** The document as committed: two-space JSON and a final newline. */
export function openApiDocumentText(): string {
  return `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
}
