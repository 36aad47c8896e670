import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { PlayerClient } from '../../../test/helpers/player-client';
import { createAccessTokens } from './tokens';

// Tokens forged with the real secret: a leaked or mis-issued token must still be refused when it
// lacks an expiry or names a session that is not its subject's (decision 093).
let t: TestApp;
let seq = 0;
const nextPhone = () => `97${String(20_000_000 + ++seq).padStart(8, '0')}`;

type Claims = { sub: string; sid: string; iat: number; exp: number; aud: string };
const claimsOf = (token: string): Claims => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Claims;

/** A registered player, their token and its claims. */
async function player() {
  const c = new PlayerClient(t.app, `192.0.2.${++seq % 250}`);
  const res = await c.register(nextPhone());
  expect(res.statusCode).toBe(200);
  return { client: c, token: c.token!, claims: claimsOf(c.token!) };
}

/** Signs `payload` with the server's own secret, as someone holding it could. */
function forge(payload: Record<string, unknown>, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }) {
  return new SignJWT(payload).setProtectedHeader(header as { alg: string }).sign(new TextEncoder().encode(t.config.secrets.token));
}

const userInfo = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/get-user-info', headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.app.close();
});

describe('access tokens forged with the real secret', () => {
  it('accepts the control: the same claims as issued, re-signed', async () => {
    const { claims } = await player();
    expect((await userInfo(await forge({ ...claims }))).statusCode).toBe(200);
  });

  it('refuses a token without exp', async () => {
    const { claims } = await player();
    const { exp: _exp, ...noExp } = claims;
    const res = await userInfo(await forge(noExp));
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });

  it("refuses a token whose sid is another player's open session", async () => {
    const alice = await player();
    const bob = await player();
    // Alice's subject with Bob's live session: both parts are valid on their own.
    const res = await userInfo(await forge({ ...alice.claims, sid: bob.claims.sid }));
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
    // Nothing of Bob's leaks either way: with his own subject the session works.
    expect((await userInfo(await forge({ ...bob.claims }))).statusCode).toBe(200);
  });

  it.each([
    ['exp in the past', (c: Claims) => ({ ...c, exp: c.iat - 1 })],
    ['exp as a string', (c: Claims) => ({ ...c, exp: String(c.exp) })],
    ['no iat', ({ iat: _iat, ...c }: Claims) => c],
    ['another audience', (c: Claims) => ({ ...c, aud: 'someone-else' })],
    ['a non-numeric subject', (c: Claims) => ({ ...c, sub: 'admin' })],
    ['a NUL byte in the session id', (c: Claims) => ({ ...c, sid: `${c.sid}\u0000` })],
    ['a future nbf', (c: Claims) => ({ ...c, nbf: c.exp })],
  ])('refuses %s', async (_name, change) => {
    const { claims } = await player();
    expect((await userInfo(await forge(change(claims)))).statusCode).toBe(401);
  });

  it('refuses another header, an unsigned token and a tampered signature', async () => {
    const { claims, token } = await player();
    expect((await userInfo(await forge({ ...claims }, { alg: 'HS256', typ: 'JWT', kid: 'x' }))).statusCode).toBe(401);
    const [header, body] = token.split('.');
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${body}.`;
    expect((await userInfo(none)).statusCode).toBe(401);
    const sig = token.split('.')[2]!;
    const flipped = `${header}.${body}.${sig.slice(0, -2)}${sig.at(-2) === 'A' ? 'B' : 'A'}${sig.at(-1)}`;
    expect((await userInfo(flipped)).statusCode).toBe(401);
    // A signature with a character outside the alphabet decodes to the same bytes; refused too.
    expect((await userInfo(`${token}*`)).statusCode).toBe(401);
  });
});

describe('createAccessTokens', () => {
  const tokens = createAccessTokens('unit-token-secret-0123456789abcdef0123');
  const now = new Date('2026-06-01T10:00:00Z');

  it('verifies what it signs until exp, and not a second after', async () => {
    const { token, expiresAt } = await tokens.sign({ playerId: 42, sessionId: 'ses_abc' }, now);
    expect(await tokens.verify(token, now)).toEqual({ playerId: 42, sessionId: 'ses_abc' });
    expect(await tokens.verify(token, new Date(expiresAt.getTime() - 1000))).not.toBeNull();
    expect(await tokens.verify(token, expiresAt)).toBeNull();
  });

  it('refuses a changed copy of a token it has verified before (the cache is by the exact text: decision 366)', async () => {
    const { token } = await tokens.sign({ playerId: 43, sessionId: 'ses_def' }, now);
    expect(await tokens.verify(token, now)).toEqual({ playerId: 43, sessionId: 'ses_def' });
    const [header, body, signature] = token.split('.') as [string, string, string];
    const otherBody = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString('utf8')), sub: '44' })).toString('base64url');
    const flip = (s: string) => s.slice(0, -2) + (s.at(-2) === 'A' ? 'B' : 'A') + s.slice(-1);
    expect(await tokens.verify(`${header}.${otherBody}.${signature}`, now)).toBeNull();
    expect(await tokens.verify(`${header}.${body}.${flip(signature)}`, now)).toBeNull();
    expect(await tokens.verify(token, now)).toEqual({ playerId: 43, sessionId: 'ses_def' });
  });

  it('refuses a token signed with another secret', async () => {
    const other = createAccessTokens('another-token-secret-0123456789abcdef01');
    const { token } = await other.sign({ playerId: 42, sessionId: 'ses_abc' }, now);
    expect(await tokens.verify(token, now)).toBeNull();
  });
});
