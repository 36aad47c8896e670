/**
 * A session ended on one node (logout, password reset) is refused on every node within the bound.
 */
import { call, expectOk, PASSWORD, readSandboxCode, retrying, setScenario } from '../client';
import type { Stage } from '../harness';
import { waitFor } from '../lib';
import { check, summary } from '../report';

/**
 * How long a revoked session may still be accepted by another node (docs/operations.md,
 * "Several nodes"): a node trusts a session it checked for at most SESSION_CACHE_TTL_MS (5 s)
 * when it misses the revocation event; over the Redis bus eviction takes milliseconds.
 */
const REVOCATION_BOUND_MS = Number(process.env.SESSION_REVOCATION_BOUND_MS ?? 5_000);

export async function revocation(stage: Stage): Promise<void> {
  const { lb, nodes, players, nodeUrl } = stage;
  setScenario('revocation');
  const revocation: Record<string, number> = {};
  for (const how of ['logout', 'passwordReset'] as const) {
    const p = players[how === 'logout' ? 7 : 8]!;
    const login = expectOk(await retrying(() => call(lb.url, 'POST', '/api/login', { phone: p.phone, password: PASSWORD })), 'login');
    const token = String(login.token);
    // Every node has used the session (a cache, if any, is warm everywhere).
    for (const n of nodes) check(`${how}: the session works on ${n.name} first`, (await call(nodeUrl(n), 'GET', '/api/get-user-info', undefined, token)).status === 200);
    const revokedAt = Date.now();
    if (how === 'logout') {
      expectOk(await call(nodeUrl(nodes[0]!), 'POST', '/api/logout', undefined, token), 'logout');
    } else {
      const req = expectOk(await call(nodeUrl(nodes[0]!), 'POST', '/api/forgot-password/request-code', { phone: p.phone }), 'reset code');
      const code = await readSandboxCode(nodeUrl(nodes[0]!), String(req.sandboxHandle));
      expectOk(await call(nodeUrl(nodes[0]!), 'POST', '/api/forgot-password/reset', { phone: p.phone, code, newPassword: PASSWORD }), 'reset');
    }
    const refusedMs = await waitFor(
      `${how}: the old token refused on every node`,
      async () => (await Promise.all(nodes.map((n) => call(nodeUrl(n), 'GET', '/api/get-user-info', undefined, token)))).every((a) => a.status === 401),
      REVOCATION_BOUND_MS + 5_000,
      50,
    );
    revocation[how] = Date.now() - revokedAt;
    check(`${how}: refused on every node within ${REVOCATION_BOUND_MS} ms (${revocation[how]} ms)`, revocation[how]! <= REVOCATION_BOUND_MS, refusedMs);
  }
  summary.revocationMs = { ...revocation, boundMs: REVOCATION_BOUND_MS };
}
