import { mkdtempSync, writeFileSync } from 'node:fs';
import type net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ADMIN_CSRF_HEADER,
  ADMIN_CSRF_VALUE,
  ADMIN_SESSION_COOKIE,
  LAZY_API_PATHS,
  ErrorResponseSchema,
  PayoutCallbackEventSchema,
  UpiWebhookEventSchema,
  VendorBalanceInputSchema,
  VendorCreditInputSchema,
  VendorDebitInputSchema,
  VendorRollbackInputSchema,
  VendorSessionInputSchema,
} from '@colorplay/contract';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { systemClock } from '../src/lib/clock';
import { checkInvariants } from '../src/modules/ledger';
import { SIGNATURE_HEADER, signWebhook } from '../src/modules/payments';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { OperatorClient } from './helpers/operator-client';
import { PlayerClient } from './helpers/player-client';
import { rawHttp, type RawResponse } from './helpers/raw-http';

/**
 * Decision 052: malformed input to every route of the OpenAPI document, so a route added
 * later is covered without touching this file. Asserted for every answer: no 5xx, the API error
 * shape (or a legitimate 2xx), and, at the end, no change to any table or to the ledger.
 *
 * The operator console's routes (/api/admin) take no bearer token but the cp_admin cookie, so a
 * second pass fuzzes them again with an admin-role operator's session and the CSRF header, which
 * is what gets the malformed input past the guard to the console's own validation and services.
 *
 * Runs are bounded and seeded (FUZZ_SEED overrides the seed to explore; a failure prints the seed
 * and path to replay it).
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS_PER_ROUTE = 20;
const WEBHOOK_SECRET = 'test-webhook-secret-0123456789abcdef01';
const BODY_LIMIT_BYTES = 8192;

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  $ref?: string;
};
type Parameter = { in: 'query' | 'path' | 'header' | 'cookie'; name: string; schema?: JsonSchema; required?: boolean };
type Operation = {
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: Array<Record<string, unknown>>;
};
type Route = {
  method: string;
  path: string;
  /** Declares bearer security: fuzzed with and without a valid player token. */
  authed: boolean;
  /** Mentions the webhook signature header: fuzzed with a valid signature over the bad body. */
  signed: boolean;
  body: JsonSchema | undefined;
  query: Parameter[];
  pathParams: Parameter[];
};

let t: TestApp;
let port: number;
let player: PlayerClient;
let routes: Route[];
let operator: OperatorClient;
let stateBefore: unknown;
let lastAuditIdBefore: number;
/** Audit exports the console pass saw succeed: each one is audited by design (see the last test). */
let auditExports = 0;

/**
 * Row counts of every table, open sessions, every ledger balance, and the console's own state:
 * what an operator action changes in place (an operator disabled, a password or role changed, a
 * lockout, a session ended) is not seen in row counts. The operator sessions' last_seen_at is left
 * out: every authenticated console request slides it forward by design. The audit log is append-
 * only (the database refuses updates), so its row count here plus the check of which rows were
 * added (auditAddedSince) covers it.
 */
async function snapshot() {
  const { rows: tables } = await t.db.query<{ tablename: string }>(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const counts: Record<string, number> = {};
  for (const { tablename } of tables) {
    counts[tablename] = (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${tablename}"`)).rows[0]!.n;
  }
  const openSessions = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE revoked_at IS NULL')).rows[0]!.n;
  const balances = (await t.db.query('SELECT code, balance_minor FROM ledger_accounts ORDER BY code')).rows;
  const operators = (
    await t.db.query(
      `SELECT id, username, password_hash, role, totp_secret_sealed, totp_last_step, failed_logins, locked_until, disabled_at, must_change_password
         FROM operators ORDER BY id`,
    )
  ).rows;
  const operatorSessions = (await t.db.query('SELECT id_hash, operator_id, created_at, expires_at, ended_at FROM operator_sessions ORDER BY id_hash')).rows;
  return { counts, openSessions, balances, operators, operatorSessions };
}

/** The actions of the audit rows written after the given id. */
async function auditAddedSince(id: number): Promise<string[]> {
  return (await t.db.query<{ action: string }>('SELECT action FROM operator_audit_log WHERE id > $1 ORDER BY id', [id])).rows.map((r) => r.action);
}

beforeAll(async () => {
  // A built app shell, so paths outside /api get the page as in production.
  const dist = mkdtempSync(path.join(tmpdir(), 'colorplay-fuzz-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  t = await buildTestApp({ env: { BODY_LIMIT_BYTES: String(BODY_LIMIT_BYTES), WEB_DIST_DIR: dist, DEMO_VENDOR_SECRET: WEBHOOK_SECRET } });
  player = new PlayerClient(t.app, '198.51.100.7');
  expect((await player.register('9876543210')).statusCode).toBe(200);
  // An admin-role operator (every console permission), signed in once on the real clock: the
  // console pass below sends its cookie with every request.
  operator = await OperatorClient.create(t.app, systemClock, 'fuzz-admin', 'admin');
  expect((await operator.login()).statusCode).toBe(200);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;

  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
    components?: { schemas?: Record<string, JsonSchema> };
  };
  const resolve = (s: JsonSchema | undefined): JsonSchema | undefined =>
    s?.$ref ? resolve(doc.components?.schemas?.[s.$ref.split('/').pop()!]) : s;
  routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        authed: (op.security ?? []).some((s) => 'bearer' in s),
        signed: (op.description ?? '').includes(SIGNATURE_HEADER),
        body: resolve(op.requestBody?.content?.['application/json']?.schema),
        query: (op.parameters ?? []).filter((p) => p.in === 'query'),
        pathParams: (op.parameters ?? []).filter((p) => p.in === 'path'),
      })),
  );
  // The registration's events are delivered after its commit: let that finish, so the snapshot
  // is of a settled state and any later change is the fuzz's doing.
  await t.app.events.settled();
  stateBefore = await snapshot();
  lastAuditIdBefore = (await t.db.query<{ n: number }>('SELECT coalesce(max(id), 0)::int AS n FROM operator_audit_log')).rows[0]!.n;
}, 180_000);

afterAll(async () => {
  await t.app.close();
});

/** The webhook's body is read raw (to check the signature), so the document does not carry it. */
const SIGNED_BODY_SCHEMAS: Record<string, JsonSchema> = {
  '/api/payments/upi/webhook': z.toJSONSchema(UpiWebhookEventSchema) as JsonSchema,
  // The demo vendor's wallet API (signed with the vendor's secret; this app gives it the webhook
  // secret so the fuzzer's signatures are good and the bodies themselves are tested).
  '/api/vendor-wallet/demo/session': z.toJSONSchema(VendorSessionInputSchema) as JsonSchema,
  '/api/vendor-wallet/demo/balance': z.toJSONSchema(VendorBalanceInputSchema) as JsonSchema,
  '/api/vendor-wallet/demo/debit': z.toJSONSchema(VendorDebitInputSchema) as JsonSchema,
  '/api/vendor-wallet/demo/credit': z.toJSONSchema(VendorCreditInputSchema) as JsonSchema,
  '/api/vendor-wallet/demo/rollback': z.toJSONSchema(VendorRollbackInputSchema) as JsonSchema,
  // The payout gateway's callback (the sandbox signs it with the webhook secret).
  '/api/payouts/callback': z.toJSONSchema(PayoutCallbackEventSchema) as JsonSchema,
};

const isNullable = (s: JsonSchema) => JSON.stringify(s).includes('"null"');
const typesOf = (s: JsonSchema): string[] => {
  if (s.anyOf || s.oneOf) return [...(s.anyOf ?? []), ...(s.oneOf ?? [])].flatMap(typesOf);
  if (s.type) return Array.isArray(s.type) ? s.type : [s.type];
  if (s.enum || s.const !== undefined) return [typeof (s.enum?.[0] ?? s.const)];
  return [];
};

const UNSTORABLE_STRINGS = ['\u0000', 'a\u0000b', '\ud800', 'x\udc00', '\ud800\ud800', 'ntf_1\u0000'];
const HUGE_NUMBERS = [2 ** 64, -(2 ** 64), 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 1.5, -0.0001];

/** Deeply nested arrays or objects: parsers and validators must not overflow the stack. */
const deep = (depth: number, kind: 'array' | 'object'): string =>
  kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

/** A value the field's schema cannot accept, whatever its type. */
function badValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  const options: Array<fc.Arbitrary<unknown>> = [
    fc.constantFrom(...UNSTORABLE_STRINGS),
    fc.constant({ nested: { deeper: ['x'] } }),
    fc.constant([1, 'two']),
  ];
  if (!types.includes('number') && !types.includes('integer')) options.push(fc.constantFrom(0, -1, 1e308));
  else options.push(fc.constantFrom(...HUGE_NUMBERS));
  if (!types.includes('string')) options.push(fc.constantFrom('1', 'true', ''));
  if (!types.includes('boolean')) options.push(fc.boolean());
  if (!isNullable(schema)) options.push(fc.constant(null));
  return fc.oneof(...options);
}

type Schema = JsonSchema & {
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
};

/**
 * A value the field's schema accepts, as far as the JSON schema tells (refinements are not in
 * it). Valid neighbours make the one bad field the only problem, so the request gets as far
 * into the route as malformed input can.
 */
function validValue(schema: Schema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].filter((a) => a.type !== 'null');
  if (alternatives.length > 0) return fc.oneof(...alternatives.map((a) => validValue(a)));
  const type = typesOf(schema).find((x) => x !== 'null');
  switch (type) {
    case 'string':
      return schema.pattern
        ? fc.stringMatching(new RegExp(schema.pattern))
        : fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 20, 40) });
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? (schema.exclusiveMinimum ?? -1001) + 1, -1e9),
        max: Math.min(schema.maximum ?? (schema.exclusiveMaximum ?? 1e9 + 1) - 1, 1e9),
      });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'object':
      return validObject(schema);
    default:
      return fc.constant(null);
  }
}

function validObject(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  return fc.record(Object.fromEntries(fields.map(([name, s]) => [name, validValue(s)])), {
    requiredKeys: fields.map(([name]) => name).filter((name) => required.has(name)),
  });
}

/** A JSON object for the body schema with at least one field the schema refuses. */
function badObject(schema: JsonSchema): fc.Arbitrary<string> {
  const fields = Object.entries(schema.properties ?? {});
  if (fields.length === 0) return fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v));
  return fc
    .tuple(validObject(schema), fc.constantFrom(...fields), fc.boolean(), fc.boolean())
    .chain(([template, [badName, badSchema], keepNeighbours, pollute]) =>
      badValue(badSchema).map((bad) => {
        const body = { ...(keepNeighbours ? template : {}), [badName]: bad };
        const json = JSON.stringify(body);
        // A literal __proto__ key (JSON.stringify cannot write one: it would set the prototype).
        return pollute ? `${json.slice(0, -1)},"__proto__":{"polluted":true}}` : json;
      }),
    );
}

/** Whole bodies that are wrong before any field is looked at. */
const BAD_BODIES: Array<[label: string, body: string, contentType: string | undefined]> = [
  ['empty JSON', '', 'application/json'],
  ['not JSON', '{"phone": 98', 'application/json'],
  ['not JSON at all', 'hello=world', 'application/json'],
  ['an array for an object', '[]', 'application/json'],
  ['a string for an object', '"x"', 'application/json'],
  ['a number for an object', '1e400', 'application/json'],
  ['null for an object', 'null', 'application/json'],
  ['deep arrays', deep(5000, 'array'), 'application/json'],
  ['deep objects', deep(2000, 'object'), 'application/json'],
  ['NUL in JSON', '{"a":"\\u0000"}', 'application/json'],
  ['lone surrogate in JSON', '{"\\ud800":"\\udfff"}', 'application/json'],
  ['raw NUL byte', '{"a":"\u0000"}', 'application/json'],
  ['too large', JSON.stringify({ pad: 'x'.repeat(BODY_LIMIT_BYTES * 2) }), 'application/json'],
  ['charset the parser does not read', '{}', 'application/json; charset=utf-16'],
  ['a media type we do not take', '{}', 'text/plain'],
  ['form data', 'a=1&b=2', 'application/x-www-form-urlencoded'],
  ['multipart', '--x\r\n\r\n--x--', 'multipart/form-data; boundary=x'],
  ['a broken content type', '{}', ';;;=='],
  ['no content type', '{}', undefined],
];

/** Query strings a route should refuse or ignore, encoded as a client could send them. */
function badQuery(params: Parameter[]): fc.Arbitrary<string> {
  const names = params.length > 0 ? params.map((p) => p.name) : ['x'];
  const value = fc.oneof(
    fc.constantFrom('%00', '%ED%A0%80', '%zz', '%', '1e400', '-1', '99999999999999999999', 'ntf_99999999999999999999'),
    fc.constantFrom('a'.repeat(5000), '[]', '{}', 'true', ''),
    fc.string({ maxLength: 20 }).map(encodeURIComponent),
  );
  return fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...names), fc.constantFrom('unknown', '__proto__', 'limit[]')), value), {
      minLength: 1,
      maxLength: 4,
    })
    .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));
}

const BAD_PATH_VALUES = ['%00', '%zz', '%', '..%2F..%2Fetc', 'a'.repeat(2000), '%ED%A0%80', '%F0%9F%98'];

/** Header sets that are wrong in themselves (the token, when sent, is the player's valid one). */
const BAD_HEADERS: Array<Record<string, string>> = [
  { authorization: 'Bearer' },
  { authorization: 'Bearer ' + 'a'.repeat(6000) },
  { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwic2lkIjoic2VzX3gifQ.' },
  { authorization: 'Basic dXNlcjpwYXNz' },
  { authorization: 'Bearer a.b.c' },
  { 'content-encoding': 'gzip' },
  { 'content-encoding': 'br, deflate' },
  { 'accept-encoding': 'x'.repeat(1000) },
  { cookie: 'cp_refresh=%zz; cp_refresh=\u00ff' },
  { cookie: 'cp_refresh=%00%ED%A0%80' },
  { cookie: 'cp_refresh=a%00b' },
  { 'x-forwarded-for': 'not-an-ip, 999.1.1.1' },
  { [SIGNATURE_HEADER]: 't=1,v1=zz' },
  { [SIGNATURE_HEADER]: 't=99999999999999999999,v1=' + '0'.repeat(64) },
];

function url(route: Route, query = ''): string {
  const path = route.path.replace(/\{[^}]+\}/g, 'x1');
  return query ? `${path}?${query}` : path;
}

/**
 * No 5xx anywhere; under /api (and for anything Node answers before a path is known) either a
 * 2xx or the error shape with a listed code. Elsewhere the app shell is a legitimate answer.
 */
function checkAnswer(res: { status: number; headers: Record<string, unknown>; body: string }, context: string, target = '/api') {
  expect(res.status, `${context}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.status >= 200 && res.status < 300) return;
  if (!target.startsWith('/api') && String(res.headers['content-type']).includes('text/html')) return;
  expect(String(res.headers['content-type']), context).toContain('application/json');
  const parsed = ErrorResponseSchema.safeParse(JSON.parse(res.body));
  expect(parsed.success, `${context}: ${res.body.slice(0, 300)}`).toBe(true);
}

const fromInject = (res: LightMyRequestResponse) => ({ status: res.statusCode, headers: res.headers, body: res.body });

async function send(
  route: Route,
  opts: {
    query?: string;
    body?: string;
    contentType?: string | undefined;
    headers?: Record<string, string>;
    token: boolean;
    /** Sends the signed-in operator's cp_admin cookie and the console's CSRF header. */
    operator?: boolean;
    /** The path to request instead of the route's path with placeholder parameters. */
    path?: string;
  },
) {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token && player.token && !headers.authorization) headers.authorization = `Bearer ${player.token}`;
  if (opts.operator) {
    headers[ADMIN_CSRF_HEADER] = ADMIN_CSRF_VALUE;
    // A bad cookie header of the fuzz's own replaces the session (that is the case it tests).
    if (!headers.cookie) headers.cookie = `${ADMIN_SESSION_COOKIE}=${operator.cookie}`;
  }
  if (opts.body !== undefined && opts.contentType !== undefined) headers['content-type'] = opts.contentType;
  if (route.signed && opts.body !== undefined && !headers[SIGNATURE_HEADER]) {
    headers[SIGNATURE_HEADER] = signWebhook(WEBHOOK_SECRET, opts.body, new Date());
  }
  const res = await t.app.inject({
    method: route.method as 'GET',
    url: opts.path ? (opts.query ? `${opts.path}?${opts.query}` : opts.path) : url(route, opts.query),
    headers,
    ...(opts.body !== undefined && route.method !== 'GET' ? { payload: opts.body } : {}),
  });
  return fromInject(res);
}

const fuzzParams = (routeIndex: number) => ({ seed: SEED + routeIndex, numRuns: RUNS_PER_ROUTE, endOnFailure: true });

// Each pass walks every route (about 150 now, and more each wave): on a machine busy with other
// work a pass takes longer than the suite's 30 s default, which is no sign of a fault.
describe('fuzzing every route of the OpenAPI document', { timeout: 180_000 }, () => {
  it('finds the routes, the authenticated ones and the signed webhook', () => {
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.filter((r) => r.authed).length).toBeGreaterThan(5);
    expect(routes.filter((r) => r.signed).map((r) => r.path)).toEqual(Object.keys(SIGNED_BODY_SCHEMAS));
  });

  it('bodies: wrong types, huge numbers, NUL and lone surrogates, deep nesting, non-JSON, empty', async () => {
    for (const [i, route] of routes.entries()) {
      if (route.method === 'GET') continue;
      const schema = route.body ?? SIGNED_BODY_SCHEMAS[route.path];
      const tokens = route.authed ? [false, true] : [false];
      for (const token of tokens) {
        for (const [label, body, contentType] of BAD_BODIES) {
          checkAnswer(await send(route, { body, contentType, token }), `${route.method} ${route.path} ${label} token=${token}`, route.path);
        }
        if (!schema) continue;
        // Systematically: every field of an otherwise valid body holding text PostgreSQL cannot store.
        const [template] = fc.sample(validObject(schema), { seed: SEED + i, numRuns: 1 });
        for (const name of Object.keys(schema.properties ?? {})) {
          for (const text of ['a\u0000b', 'x\ud800', '\udc00']) {
            const body = JSON.stringify({ ...template, [name]: text });
            const res = await send(route, { body, contentType: 'application/json', token });
            const context = `${route.method} ${route.path} ${body} token=${token}`;
            checkAnswer(res, context, route.path);
            expect(res.status, `${context}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
          }
        }
        await fc.assert(
          fc.asyncProperty(badObject(schema), async (body) => {
            const res = await send(route, { body, contentType: 'application/json', token });
            const context = `${route.method} ${route.path} ${body.slice(0, 200)} token=${token}`;
            checkAnswer(res, context, route.path);
            // One field is wrong by construction, so the route must refuse the request.
            expect(res.status, `${context}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
          }),
          fuzzParams(i),
        );
      }
    }
  });

  it('queries, path parameters and bad paths', async () => {
    for (const [i, route] of routes.entries()) {
      const tokens = route.authed ? [false, true] : [false];
      for (const token of tokens) {
        await fc.assert(
          fc.asyncProperty(badQuery(route.query), async (query) => {
            checkAnswer(await send(route, { query, token }), `${route.method} ${route.path}?${query} token=${token}`, route.path);
          }),
          fuzzParams(i),
        );
        for (const value of BAD_PATH_VALUES) {
          const withParams = route.path.includes('{') ? route.path.replace(/\{[^}]+\}/g, value) : `${route.path}/${value}`;
          for (const path of [withParams, `${route.path}${value}`, `${route.path.toUpperCase()}`, `//${route.path}`]) {
            const res = await t.app.inject({
              method: route.method as 'GET',
              url: path,
              headers: token && player.token ? { authorization: `Bearer ${player.token}` } : {},
            });
            checkAnswer(fromInject(res), `${route.method} ${path} token=${token}`, path);
          }
        }
      }
      for (const method of ['PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'] as const) {
        const res = await t.app.inject({ method, url: url(route) });
        if (method === 'HEAD') {
          // A HEAD answer has headers only.
          expect(res.statusCode, `HEAD ${route.path}`).toBeLessThan(500);
          continue;
        }
        checkAnswer(fromInject(res), `${method} ${route.path}`, route.path);
      }
    }
  });

  it('bad headers', async () => {
    for (const route of routes) {
      for (const token of route.authed ? [false, true] : [false]) {
        for (const headers of BAD_HEADERS) {
          const body = route.method === 'GET' ? undefined : '{"x":1}';
          const res = await send(route, { body, contentType: 'application/json', headers, token });
          checkAnswer(res, `${route.method} ${route.path} ${JSON.stringify(headers).slice(0, 100)} token=${token}`, route.path);
        }
      }
    }
  });

  it('raw malformed HTTP over a real socket', async () => {
    const cases = (route: Route, auth: string): Array<[string, string]> => {
      const head = `${route.method} ${url(route)} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${auth}`;
      return [
        ['bad Content-Length', `${head}Content-Type: application/json\r\nContent-Length: 1x\r\n\r\n{}`],
        ['duplicate Content-Length', `${head}Content-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 4\r\n\r\n{}`],
        ['Content-Length and chunked', `${head}Content-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n`],
        ['bad chunk size', `${head}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`],
        ['truncated chunking', `${head}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}0\r\n\r\n`],
        ['NUL in a header', `${head}X-Fuzz: a\u0000b\r\n\r\n`],
        ['control character in a header name', `${head}X-F\u0001zz: 1\r\n\r\n`],
        ['oversized headers', `${head}X-Fuzz: ${'a'.repeat(20_000)}\r\n\r\n`],
        ['bare LF line endings', head.replace(/\r\n/g, '\n') + '\n'],
        ['unknown HTTP version', `${route.method} ${url(route)} HTTP/9.9\r\nHost: x\r\n\r\n`],
        ['space in the target', `${route.method} ${url(route)} x HTTP/1.1\r\nHost: x\r\n\r\n`],
        ['bad percent-escape in the path', `${route.method} ${url(route)}%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`],
        ['NUL escaped in the path', `${route.method} ${url(route)}%00 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`],
        ['absolute-form target', `${route.method} http://evil.example${url(route)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`],
        ['lower-case method', `${route.method.toLowerCase()} ${url(route)} HTTP/1.1\r\nHost: x\r\n\r\n`],
      ];
    };
    for (const route of routes) {
      const auths = route.authed ? ['', `Authorization: Bearer ${player.token}\r\n`] : [''];
      for (const auth of auths) {
        for (const [label, request] of cases(route, auth)) {
          const responses: RawResponse[] = await rawHttp(port, request);
          const context = `${route.method} ${route.path} raw ${label} auth=${Boolean(auth)}`;
          expect(responses.length, context).toBeGreaterThan(0);
          for (const res of responses) checkAnswer(res, context, route.path);
        }
      }
    }
  });

  it('the console with an operator session: bodies, queries, paths and headers', async () => {
    // Login takes no session (the first pass fuzzes it), and logout takes no input: any request
    // that passes its guard ends the session, a legitimate answer that would end this pass too.
    const consoleRoutes = routes.filter(
      (r) => r.path.startsWith('/api/admin/') && r.path !== LAZY_API_PATHS.admin_login && r.path !== LAZY_API_PATHS.admin_logout,
    );
    expect(consoleRoutes.length).toBeGreaterThan(20);
    for (const [i, route] of consoleRoutes.entries()) {
      // Path parameters the schema accepts (naming rows that do not exist, or the operator itself,
      // which it may not disable), so the body and query checks and the services are reached
      // rather than only the parameter check; bad parameters are fuzzed below.
      const path = route.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
        const schema = route.pathParams.find((p) => p.name === name)?.schema ?? {};
        return encodeURIComponent(String(fc.sample(validValue(schema), { seed: SEED + i, numRuns: 1 })[0]));
      });
      const context = (what: string) => `operator ${route.method} ${path} ${what}`;
      const operatorSend = async (opts: Omit<Parameters<typeof send>[1], 'token' | 'operator' | 'path'>) => {
        const res = await send(route, { ...opts, token: false, operator: true, path });
        if (route.path === LAZY_API_PATHS.admin_audit_csv && res.status === 200) auditExports++;
        return res;
      };
      if (route.method !== 'GET') {
        for (const [label, body, contentType] of BAD_BODIES) {
          checkAnswer(await operatorSend({ body, contentType }), context(label), route.path);
        }
        if (route.body) {
          await fc.assert(
            fc.asyncProperty(badObject(route.body), async (body) => {
              const res = await operatorSend({ body, contentType: 'application/json' });
              checkAnswer(res, context(body.slice(0, 200)), route.path);
              // One field is wrong by construction, so the route must refuse the request.
              expect(res.status, context(`${body.slice(0, 200)}: ${res.body.slice(0, 200)}`)).toBeGreaterThanOrEqual(400);
            }),
            fuzzParams(i),
          );
        }
      }
      await fc.assert(
        fc.asyncProperty(badQuery(route.query), async (query) => {
          const body = route.method === 'GET' ? undefined : '{"x":1}';
          checkAnswer(await operatorSend({ query, body, contentType: 'application/json' }), context(`?${query}`), route.path);
        }),
        fuzzParams(i),
      );
      for (const value of BAD_PATH_VALUES) {
        const target = route.path.includes('{') ? route.path.replace(/\{[^}]+\}/g, value) : `${route.path}/${value}`;
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: target,
          headers: { cookie: `${ADMIN_SESSION_COOKIE}=${operator.cookie}`, [ADMIN_CSRF_HEADER]: ADMIN_CSRF_VALUE },
        });
        checkAnswer(fromInject(res), context(target.slice(0, 100)), target);
      }
      for (const headers of BAD_HEADERS) {
        const body = route.method === 'GET' ? undefined : '{"x":1}';
        const res = await operatorSend({ body, contentType: 'application/json', headers });
        checkAnswer(res, context(JSON.stringify(headers).slice(0, 100)), route.path);
      }
    }
  });

  it('changed nothing: same rows in every table, same balances, ledger invariants hold', async () => {
    await t.app.events.settled();
    // The module audits failed logins and every export of the audit log (a read that hands out
    // data, so it is recorded even though it changes nothing else); it does not audit refused
    // requests. The fuzz never logs in, so the only rows it may add are one per export that
    // succeeded, and the audit log's row count grows by exactly those.
    const added = await auditAddedSince(lastAuditIdBefore);
    // Some exports were accepted, so the console pass reached the services behind the guard.
    expect(auditExports).toBeGreaterThan(0);
    expect(added).toEqual(Array.from({ length: auditExports }, () => 'audit.export'));
    const before = stateBefore as Awaited<ReturnType<typeof snapshot>>;
    expect(await snapshot()).toEqual({
      ...before,
      counts: { ...before.counts, operator_audit_log: before.counts.operator_audit_log! + added.length },
    });
    expect(await checkInvariants(t.db)).toEqual([]);
    // The token and the operator's session stayed valid throughout, so the authenticated passes
    // reached the routes.
    expect((await player.call('GET', '/api/get-user-info')).statusCode).toBe(200);
    expect((await operator.call('GET', LAZY_API_PATHS.admin_me)).statusCode).toBe(200);
  });
});
