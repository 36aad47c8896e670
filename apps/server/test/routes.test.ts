import { API_PATHS, LAZY_API_PATHS, SERVER_PATHS } from '@colorplay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { registeredRoutes } from './helpers/routes';

/**
 * The contract is the only source of paths (docs/architecture.md, "Modules"): every route the server registers
 * is listed in API_PATHS, LAZY_API_PATHS (decision 360) or SERVER_PATHS (decision 313), so the web app, the e2e tests and the docs can name it from there. The
 * test app turns every sandbox channel, the docs and the metrics on, so their routes are checked
 * too. The interactive docs UI registers its own pages under `SERVER_PATHS.api_docs`.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.app.close();
});

describe('registered routes', () => {
  it('are all listed in API_PATHS or SERVER_PATHS', () => {
    const routes = registeredRoutes(t.app.printRoutes({ commonPrefix: false }));
    // The parser must see the whole tree, or an unlisted route could hide in what it skipped.
    expect(routes).toEqual(
      expect.arrayContaining([`POST ${API_PATHS.login}`, `POST ${SERVER_PATHS.upi_webhook}`, `GET ${API_PATHS.get_deposits}`, `POST ${SERVER_PATHS.sandbox_upi_pay}`]),
    );
    expect(routes.length).toBeGreaterThan(30);

    const known = new Set<string>([...Object.values(API_PATHS), ...Object.values(LAZY_API_PATHS), ...Object.values(SERVER_PATHS)]);
    // A listed template with a `:name` segment covers the concrete paths registered for it
    // (one vendor wallet API per provider: `/api/vendor-wallet/:provider/debit`).
    const templates = [...known]
      .filter((p) => p.includes('/:'))
      .map((p) => new RegExp(`^${p.replace(/:[A-Za-z_]+/g, '[^/]+')}$`));
    const unlisted = routes
      .map((r) => r.slice(r.indexOf(' ') + 1))
      .filter((path) => !known.has(path) && !templates.some((t) => t.test(path)) && !path.startsWith(`${SERVER_PATHS.api_docs}/`));
    expect([...new Set(unlisted)]).toEqual([]);
  });
});
