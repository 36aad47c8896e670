import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tronBlockIdOfRaw } from '@colorplay/fair';
import { TRON_BLOCK_MS } from '@colorplay/lottery';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import type { Db } from '../../db/db';
import { fakeClock } from '../../lib/clock';
import type { TronBlockJson } from './block-format';
import { decideTrxDraw } from './deciding';
import { createTronFullNodeClient } from './fullnode-client';
import { sandboxAccount, sandboxBlock, sandboxBlockJson, sandboxWitnessKey, sandboxWitnessList, SANDBOX_WITNESS_ADDRESS, signerAddressOf, signTronHeader } from './sandbox-blocks';
import { createTronService, DISAGREEMENT_ALERT_EVERY_MS, type TronAlert } from './service';

/**
 * What makes a node the operator runs unable to choose Trx Win's digit (decisions 385-387): a
 * header with a valid hash but no, a wrong or a foreign producer's signature, or a producer not
 * elected, is refused; two providers that answer differently make the round wait (never void)
 * and raise an operator alert, once.
 */

const T0 = Date.UTC(2026, 2, 1, 10, 0, 0);
const N0 = T0 / TRON_BLOCK_MS;
const KEY = sandboxWitnessKey('providers-test-witness-secret-0123456789');
const OTHER_KEY = sandboxWitnessKey('providers-test-forger-secret-0123456789a');

/** A full node serving a chain we build (and tamper with), its elected set and accounts. */
type FakeNode = { base: string; blocks: Map<number, TronBlockJson>; head: number; elected: unknown; account: (address: string) => unknown; close(): Promise<void> };

async function startNode(seed: Uint8Array): Promise<FakeNode> {
  const node: FakeNode = { base: '', blocks: new Map(), head: N0 + 10, elected: sandboxWitnessList(), account: (a) => sandboxAccount(a, KEY), close: async () => {} };
  let parent = '0'.repeat(64);
  for (let n = N0; n <= N0 + 10; n++) {
    const json = sandboxBlockJson(sandboxBlock(seed, n, parent), KEY);
    node.blocks.set(n, json);
    parent = json.blockID;
  }
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const send = (json: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      const url = req.url ?? '';
      if (url.endsWith('/getnowblock')) return send(node.blocks.get(node.head) ?? {});
      if (url.endsWith('/getblockbynum')) {
        const num = (JSON.parse(body) as { num: number }).num;
        return send(num <= node.head ? (node.blocks.get(num) ?? {}) : {});
      }
      if (url.endsWith('/listwitnesses')) return send(node.elected);
      if (url.endsWith('/getaccount')) return send(node.account((JSON.parse(body) as { address: string }).address));
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  node.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  node.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return node;
}

const clientOf = (node: FakeNode) => createTronFullNodeClient({ baseUrl: node.base, api: 'walletsolidity', timeoutMs: 1_000, retryDelaysMs: [] });
const serviceOn = (nodes: FakeNode[], alert?: (a: TronAlert) => Promise<void>) =>
  createTronService({
    db: {} as Db,
    clock: fakeClock(new Date(T0 + 40_000)),
    config: { kind: 'fullnode', urls: nodes.map((n) => n.base), api: 'walletsolidity', apiKey: undefined, timeoutMs: 1_000 },
    clients: nodes.map(clientOf),
    ...(alert ? { alert } : {}),
  });
const LOCK = T0 + 7_000; // decided by block N0 + 3
const ROUND = { locksAtMs: LOCK, drawsAtMs: LOCK + 4_000 };

/** Block n re-made by a forger: another witness and/or signing key (null: no signature), its id recomputed so the hash checks. */
function reforged(node: FakeNode, n: number, change: { witness?: string; key: Uint8Array | null }): void {
  const raw = { ...node.blocks.get(n)!.block_header.raw_data, ...(change.witness ? { witness_address: change.witness } : {}) };
  node.blocks.set(n, { blockID: tronBlockIdOfRaw(raw), block_header: { raw_data: raw, ...(change.key ? { witness_signature: signTronHeader(raw, change.key) } : {}) } });
}

describe('a forged header is refused, and the round waits', () => {
  let node: FakeNode;
  beforeAll(async () => {
    node = await startNode(new Uint8Array(32).fill(3));
  });
  afterAll(async () => node.close());

  it('accepts the untouched chain, whose witness signs through the key it delegated to', async () => {
    const verdict = await serviceOn([node]).decideDraw(ROUND);
    expect(verdict).toMatchObject({ kind: 'draw', block: { number: N0 + 3, signer: signerAddressOf(KEY), witnessSigner: signerAddressOf(KEY) } });
  });

  it('refuses a deciding block with a valid hash but a missing signature, or one made with another key', async () => {
    const original = node.blocks.get(N0 + 3)!;
    try {
      reforged(node, N0 + 3, { key: null });
      expect(await serviceOn([node]).decideDraw(ROUND)).toMatchObject({ kind: 'wait', reason: 'refused', detail: expect.stringContaining('carries no witness_signature') });
      reforged(node, N0 + 3, { key: OTHER_KEY });
      expect(await serviceOn([node]).decideDraw(ROUND)).toMatchObject({
        kind: 'wait',
        reason: 'refused',
        detail: `block ${N0 + 3} is signed by ${signerAddressOf(OTHER_KEY)}, not by its witness ${SANDBOX_WITNESS_ADDRESS} or the key it signs with`,
      });
    } finally {
      node.blocks.set(N0 + 3, original);
    }
  });

  it('refuses a block whose witness is not elected, even correctly signed by that witness', async () => {
    const original = node.blocks.get(N0 + 3)!;
    try {
      // The forger's own key as the witness: the signature is the witness's, the id checks, but TRON never elected it.
      reforged(node, N0 + 3, { witness: signerAddressOf(OTHER_KEY), key: OTHER_KEY });
      const verdict = await serviceOn([node]).decideDraw(ROUND);
      expect(verdict).toMatchObject({ kind: 'wait', reason: 'refused', detail: `block ${N0 + 3}: its witness ${signerAddressOf(OTHER_KEY)} is not an elected super representative` });
    } finally {
      node.blocks.set(N0 + 3, original);
    }
  });

  it('refuses a witness whose delegated key the providers do not name', async () => {
    node.account = (a) => (a === SANDBOX_WITNESS_ADDRESS ? { address: a } : {});
    try {
      expect(await serviceOn([node]).decideDraw(ROUND)).toMatchObject({ kind: 'wait', reason: 'refused', detail: expect.stringContaining('not by its witness') });
    } finally {
      node.account = (a) => sandboxAccount(a, KEY);
    }
  });
});

describe('two providers', () => {
  let a: FakeNode;
  let b: FakeNode;
  beforeAll(async () => {
    [a, b] = await Promise.all([startNode(new Uint8Array(32).fill(3)), startNode(new Uint8Array(32).fill(3))]);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('draw when they agree, even a block apart at the head', async () => {
    b.head = N0 + 9;
    try {
      expect(await serviceOn([a, b]).decideDraw(ROUND)).toMatchObject({ kind: 'draw', block: { number: N0 + 3 } });
    } finally {
      b.head = N0 + 10;
    }
  });

  it('that disagree on the deciding block make the round wait, never void, and raise one alert', async () => {
    const original = b.blocks.get(N0 + 3)!;
    // Provider b serves another, well-formed and signed, block N0 + 3 that still links to N0 + 2.
    const raw = { ...original.block_header.raw_data, txTrieRoot: 'ee'.repeat(32) };
    const other: TronBlockJson = { blockID: tronBlockIdOfRaw(raw), block_header: { raw_data: raw, witness_signature: signTronHeader(raw, KEY) } };
    b.blocks.set(N0 + 3, other);
    const alerts: TronAlert[] = [];
    try {
      const tron = serviceOn([a, b], async (x) => void alerts.push(x));
      const verdict = await tron.decideDraw(ROUND);
      expect(verdict).toMatchObject({ kind: 'wait', reason: 'disagree', detail: `TRON providers disagree on block ${N0 + 3}` });
      // A day and more after the draw time it still waits: a disagreement never voids a round.
      expect(await decideTrxDraw(tron.source, ROUND, ROUND.drawsAtMs + 3 * 24 * 3600_000, 1)).toMatchObject({ kind: 'wait', reason: 'disagree' });
      expect(alerts).toEqual([
        {
          kind: 'tron_providers_disagree',
          target: `tron:block ${N0 + 3}`,
          details: { what: `block ${N0 + 3}`, locksAtMs: LOCK, answers: { [a.base]: `${original.blockID}/${original.block_header.witness_signature}`, [b.base]: `${other.blockID}/${other.block_header.witness_signature}` } },
        },
      ]);
    } finally {
      b.blocks.set(N0 + 3, original);
    }
  });

  it('that disagree on the elected set make the round wait', async () => {
    b.elected = { witnesses: [...sandboxWitnessList().witnesses, { address: `41${'12'.repeat(20)}`, isJobs: true }] };
    try {
      const verdict = await serviceOn([a, b]).decideDraw(ROUND);
      expect(verdict).toMatchObject({ kind: 'wait', reason: 'disagree', detail: 'TRON providers disagree on the elected super representatives' });
    } finally {
      b.elected = sandboxWitnessList();
    }
  });

  it('one of which is down make the round wait as unavailable (it may void after the give-up time, as before)', async () => {
    const down = createTronFullNodeClient({ baseUrl: 'http://127.0.0.1:9', api: 'walletsolidity', timeoutMs: 200, retryDelaysMs: [] });
    const tron = createTronService({ db: {} as Db, clock: fakeClock(new Date(T0 + 40_000)), config: { kind: 'fullnode', urls: [a.base, 'http://127.0.0.1:9'], api: 'walletsolidity', apiKey: undefined, timeoutMs: 200 }, clients: [clientOf(a), down] });
    const verdict = await tron.decideDraw(ROUND);
    expect(verdict).toMatchObject({ kind: 'wait', reason: 'unavailable' });
    expect(verdict.kind === 'wait' && verdict.detail).toMatch(/no answer/);
  });
});

describe("the operator's alerts list", () => {
  let a: FakeNode;
  let b: FakeNode;
  let t: TestApp;
  const clock = fakeClock(new Date(T0 + 40_000));
  beforeAll(async () => {
    [a, b] = await Promise.all([startNode(new Uint8Array(32).fill(3)), startNode(new Uint8Array(32).fill(4))]);
    t = await buildTestApp({ clock, env: { TRON_SOURCE: 'fullnode', TRON_FULLNODE_URLS: `${a.base},${b.base}`, TRON_TIMEOUT_MS: '1000' } });
  });
  afterAll(async () => {
    await t.app.close();
    await a.close();
    await b.close();
  });

  it('shows providers that disagree, once per ten minutes however often the engine asks and whatever they disagree on', async () => {
    const alerts = async () => (await t.app.admin.alerts()).filter((x) => x.kind === 'tron_providers_disagree');
    for (let i = 0; i < 3; i++) expect(await t.app.tron.decideDraw(ROUND)).toMatchObject({ kind: 'wait', reason: 'disagree' });
    expect(await alerts()).toHaveLength(1);
    expect((await alerts())[0]).toMatchObject({ operatorId: null, target: `tron:block ${N0 + 10}`, details: { what: `block ${N0 + 10}` } });
    // A new head a moment later, still disagreeing: no new alert yet ...
    a.head = b.head = N0 + 9;
    clock.advance(DISAGREEMENT_ALERT_EVERY_MS - 1);
    expect(await t.app.tron.decideDraw(ROUND)).toMatchObject({ kind: 'wait', reason: 'disagree' });
    expect(await alerts()).toHaveLength(1);
    // ... and one more once the ten minutes are over.
    clock.advance(1);
    expect(await t.app.tron.decideDraw(ROUND)).toMatchObject({ kind: 'wait', reason: 'disagree' });
    expect(await alerts()).toHaveLength(2);
    // The admin console's audit log records each one.
    expect((await t.app.admin.auditPage({ action: 'alert.raise', limit: 10 })).items).toHaveLength(2);
  });
});
