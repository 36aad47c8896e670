/**
 * The capacity model of docs/capacity.md (decision 526), computed from measured reports so the
 * document's numbers cannot drift from what was measured: `npm run bench:capacity -- <report.json>
 * [<report.json> ...]` reads Wingo bench reports (bench/wingo.ts; the committed ones under
 * bench/evidence/), takes each figure from the first report that has it, and prints the model as
 * Markdown (the tables of docs/capacity.md) and, with --json, as JSON. Pure arithmetic on stated
 * assumptions: the assumptions are the `ASSUMPTIONS` object, each with its reason in the document.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** What a player of the 30 s room does, and what a machine is allowed to do (docs/capacity.md). */
export const ASSUMPTIONS: Assumptions = {
  roundSeconds: 30,
  /** Bets per concurrent player per round, averaged over players who skip rounds and those who bet several selections. */
  betsPerPlayerPerRound: 2,
  /** Share of a round's bets placed in its last 10 s (players wait for the countdown): the bursts scenario's shape. */
  lastTenSecondsShare: 0.7,
  /**
   * Reads per player per round within the 3 s after the draw: what the lottery screen does today on
   * a result (use-live-sync.ts): the room's history and chart again (two public reads, not cached
   * on the server) and My history for a player who bet; the balance comes over the socket. Each
   * costed as the measured authenticated read.
   */
  readsPerPlayerPerRound: 3,
  readWindowSeconds: 3,
  /** One live socket per concurrent player. */
  socketsPerPlayer: 1,
  /** An app node: 8 vCPU running one Node.js process per core, planned to 60 % at the peak. */
  appNodeCores: 8,
  /** The database primary planned to 60 % of its cores at the peak (headroom for vacuum, checkpoints, failover catch-up). */
  targetUtilisation: 0.6,
  /** Settlement of a round must finish within this many seconds of its draw (players wait for it). */
  settleBudgetSeconds: 5,
  /** Instance sizes (vCPU) a primary is bought in. */
  primarySizes: [4, 8, 16, 32, 48, 64, 96],
};

export type Assumptions = {
  roundSeconds: number;
  betsPerPlayerPerRound: number;
  lastTenSecondsShare: number;
  readsPerPlayerPerRound: number;
  readWindowSeconds: number;
  socketsPerPlayer: number;
  appNodeCores: number;
  targetUtilisation: number;
  settleBudgetSeconds: number;
  primarySizes: readonly number[];
};

export const PLAYER_COUNTS = [10_000, 100_000, 1_000_000] as const;

type Figure = { value: number; source: string };
export type Measured = {
  betServerUs: Figure;
  betDatabaseUs: Figure;
  readServerUs: Figure;
  readDatabaseUs: Figure;
  /** Server CPU per connected socket per second (clock messages and result fan-out included). */
  socketServerUsPerSecond: Figure;
  /** Wall time of settling one bet inside a round's single settlement transaction. */
  settleUsPerBet: Figure;
  /** Bets per commit the group commit reached in the closed loop (for the commit rate). */
  betsPerBatch: Figure;
};

// A report is the JSON bench/wingo.ts writes; only the fields read here are typed.
type Report = {
  measuredAt?: string;
  loadAverage1m?: { byPhase?: Record<string, { mean: number }> };
  cpuPerBetVsTpcb?: { betUs: { server: number; database: number | null } };
  cpuPerSocketBetVsTpcb?: { betUs: { server: number; database: number | null } } | null;
  betting?: { groupCommit?: { maxBets: number } };
  hotPath?: { scenarios?: Record<string, { serverCpuUsPerRequest: number; databaseCpuUsPerRequest: number | null }> } | null;
  sockets?: { sockets: number; opened?: number; cpuPerRound?: { userMs: number; systemMs: number; overMs: number } } | null;
  settlements?: { bets: number; settleMs: number }[];
};

/** Picks every figure from the first report that has it, naming the report and the load it ran under. */
export function measuredFrom(reports: { file: string; report: Report }[]): Measured {
  const pick = (name: string, get: (r: Report) => number | null | undefined, phaseOf: string | ((r: Report) => string)): Figure => {
    for (const { file, report } of reports) {
      const value = get(report);
      if (typeof value === 'number' && Number.isFinite(value) && value > 0) {
        const phase = typeof phaseOf === 'string' ? phaseOf : phaseOf(report);
        const load = report.loadAverage1m?.byPhase?.[phase]?.mean;
        return { value, source: `${path.basename(file)}${load === undefined ? '' : ` (load average ${load} during ${phase})`}` };
      }
    }
    throw new Error(`no report has ${name}`);
  };
  const warmRead = (r: Report) => r.hotPath?.scenarios?.walletBalance_log_info;
  // A bet as the Wingo screen sends it (decision 589): a frame on its signed-in socket; HTTP's
  // figure only from a report without the socket pass.
  const bet = (r: Report) => r.cpuPerSocketBetVsTpcb?.betUs ?? r.cpuPerBetVsTpcb?.betUs;
  const betPhase = (r: Report) => (r.cpuPerSocketBetVsTpcb ? 'closedLoopSocketBets' : 'closedLoopBets');
  return {
    betServerUs: pick('CPU per bet (server)', (r) => bet(r)?.server, betPhase),
    betDatabaseUs: pick('CPU per bet (database cluster)', (r) => bet(r)?.database, betPhase),
    readServerUs: pick('CPU per authenticated read (server)', (r) => warmRead(r)?.serverCpuUsPerRequest, 'hotPath'),
    readDatabaseUs: pick('CPU per authenticated read (database)', (r) => warmRead(r)?.databaseCpuUsPerRequest, 'hotPath'),
    socketServerUsPerSecond: pick(
      'CPU per socket',
      (r) => {
        const s = r.sockets;
        if (!s?.cpuPerRound) return undefined;
        const sockets = s.opened ?? s.sockets;
        return ((s.cpuPerRound.userMs + s.cpuPerRound.systemMs) * 1000) / sockets / (s.cpuPerRound.overMs / 1000);
      },
      'sockets',
    ),
    settleUsPerBet: pick(
      'settlement per bet',
      (r) => {
        const largest = [...(r.settlements ?? [])].sort((a, b) => b.bets - a.bets)[0];
        return largest ? (largest.settleMs * 1000) / largest.bets : undefined;
      },
      'settle1000000',
    ),
    betsPerBatch: pick('bets per batch', (r) => r.betting?.groupCommit?.maxBets, 'closedLoopBets'),
  };
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/** The model for one number of concurrent players: peaks, cores, nodes, the primary, the first bottleneck. */
export function model(players: number, m: Measured, a = ASSUMPTIONS) {
  const betsPerRound = players * a.betsPerPlayerPerRound;
  const peakBetsPerSecond = (betsPerRound * a.lastTenSecondsShare) / 10;
  const peakReadsPerSecond = (players * a.readsPerPlayerPerRound) / a.readWindowSeconds;
  const sockets = players * a.socketsPerPlayer;
  const socketCores = (sockets * m.socketServerUsPerSecond.value) / 1e6;
  // The two peaks fall at different moments (bets before the lock, reads after the draw): the
  // larger one sizes the machines, each with the sockets' steady cost on top.
  const appCoresBets = (peakBetsPerSecond * m.betServerUs.value) / 1e6 + socketCores;
  const appCoresReads = (peakReadsPerSecond * m.readServerUs.value) / 1e6 + socketCores;
  const appCores = Math.max(appCoresBets, appCoresReads);
  const appNodes = Math.max(2, Math.ceil(appCores / (a.appNodeCores * a.targetUtilisation))); // two at least, for failover
  const dbCoresBets = (peakBetsPerSecond * m.betDatabaseUs.value) / 1e6;
  const dbCoresReads = (peakReadsPerSecond * m.readDatabaseUs.value) / 1e6;
  const dbCores = Math.max(dbCoresBets, dbCoresReads);
  const primaryCoresNeeded = dbCores / a.targetUtilisation;
  const primary = a.primarySizes.find((size) => size >= primaryCoresNeeded) ?? null;
  const settleSeconds = (betsPerRound * m.settleUsPerBet.value) / 1e6;
  const commitsPerSecond = peakBetsPerSecond / m.betsPerBatch.value;
  // The first to saturate as players grow, with the machines chosen: app nodes are added at will,
  // so it is the primary's cores or the one settlement transaction per round against its budget.
  const primaryShare = primary === null ? Infinity : dbCores / primary;
  const settleShare = settleSeconds / a.settleBudgetSeconds;
  const pct = (x: number) => `${Math.round(x * 100)} %`;
  const bottleneck =
    primary === null
      ? 'the primary: no single machine has the cores'
      : settleShare > primaryShare
        ? `settlement: one transaction takes ${round1(settleSeconds)} s, ${pct(settleShare)} of its ${a.settleBudgetSeconds} s budget`
        : `the primary at ${pct(primaryShare)} of ${primary} vCPU, ${dbCoresBets >= dbCoresReads ? 'in the last 10 s (bets)' : 'after the draw (reads)'}`;
  return {
    players,
    betsPerRound,
    peakBetsPerSecond: Math.round(peakBetsPerSecond),
    peakReadsPerSecond: Math.round(peakReadsPerSecond),
    sockets,
    appCores: round1(appCores),
    appCoresBets: round1(appCoresBets),
    appCoresReads: round1(appCoresReads),
    socketCores: round1(socketCores),
    appNodes,
    dbCores: round1(dbCores),
    dbCoresBets: round1(dbCoresBets),
    dbCoresReads: round1(dbCoresReads),
    primaryVcpu: primary,
    commitsPerSecond: Math.round(commitsPerSecond),
    settleSeconds: round1(settleSeconds),
    firstBottleneck: bottleneck,
  };
}

export function markdown(m: Measured, rows: ReturnType<typeof model>[]): string {
  const us = (f: Figure, unit = 'µs') => `${round1(f.value)} ${unit} (${f.source})`;
  const lines = [
    '| measured | value (report) |',
    '|---|---|',
    `| CPU per bet, server process | ${us(m.betServerUs)} |`,
    `| CPU per bet, database cluster | ${us(m.betDatabaseUs)} |`,
    `| CPU per authenticated read, server | ${us(m.readServerUs)} |`,
    `| CPU per authenticated read, database | ${us(m.readDatabaseUs)} |`,
    `| CPU per socket per second, server | ${us(m.socketServerUsPerSecond)} |`,
    `| settlement per bet (one transaction) | ${us(m.settleUsPerBet)} |`,
    `| bets per group commit (at most) | ${us(m.betsPerBatch, 'bets')} |`,
    '',
    '| concurrent players | bets per round | peak bets/s | peak reads/s | app cores (bets / reads peak) | of which sockets | app nodes (8 vCPU) | database cores (bets / reads) | primary | commits/s | settlement | first bottleneck |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.players.toLocaleString('en')} | ${r.betsPerRound.toLocaleString('en')} | ${r.peakBetsPerSecond.toLocaleString('en')} | ${r.peakReadsPerSecond.toLocaleString('en')} | ${r.appCoresBets} / ${r.appCoresReads} | ${r.socketCores} | ${r.appNodes} | ${r.dbCoresBets} / ${r.dbCoresReads} | ${r.primaryVcpu === null ? 'none fits' : `${r.primaryVcpu} vCPU`} | ${r.commitsPerSecond.toLocaleString('en')} | ${r.settleSeconds} s | ${r.firstBottleneck} |`,
    ),
  ];
  return lines.join('\n');
}

function main() {
  const files = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  if (files.length === 0) throw new Error('usage: npm run bench:capacity -- <wingo report.json> [...] [--json]');
  const measured = measuredFrom(files.map((file) => ({ file, report: JSON.parse(readFileSync(file, 'utf8')) as Report })));
  const rows = PLAYER_COUNTS.map((p) => model(p, measured));
  if (process.argv.includes('--json')) console.log(JSON.stringify({ assumptions: ASSUMPTIONS, measured, rows }, null, 2));
  else console.log(markdown(measured, rows));
}

if (import.meta.url === `file://${process.argv[1]}`) main();
