import { describe, expect, it } from 'vitest';
import { ASSUMPTIONS, measuredFrom, model } from './capacity';

const figure = (value: number) => ({ value, source: 'test.json' });
const measured = {
  betServerUs: figure(140),
  betDatabaseUs: figure(150),
  readServerUs: figure(130),
  readDatabaseUs: figure(40),
  socketServerUsPerSecond: figure(6),
  settleUsPerBet: figure(1),
  betsPerBatch: figure(64),
};

describe('the capacity model (docs/capacity.md)', () => {
  it('works out peaks, cores and machines from the figures and the assumptions by hand', () => {
    const r = model(100_000, measured, { ...ASSUMPTIONS, readsPerPlayerPerRound: 2 });
    // 2 bets a player a round, 70 % of them in the last 10 s: 200,000 bets, 14,000 a second.
    expect(r.betsPerRound).toBe(200_000);
    expect(r.peakBetsPerSecond).toBe(14_000);
    // 2 reads a player within 3 s of the draw.
    expect(r.peakReadsPerSecond).toBe(66_667);
    // Sockets: 100,000 × 6 µs a second = 0.6 cores; bets 14,000 × 140 µs = 1.96 cores (+0.6).
    expect(r.socketCores).toBe(0.6);
    expect(r.appCoresBets).toBe(2.6);
    // Reads 66,667 × 130 µs = 8.67 cores (+0.6) = 9.3: the larger peak sizes the nodes, 4.8 usable cores each.
    expect(r.appCoresReads).toBe(9.3);
    expect(r.appNodes).toBe(2);
    // The database: bets 14,000 × 150 µs = 2.1 cores; reads 66,667 × 40 µs = 2.7 cores (33 % of 8 vCPU); at 60 %: 4.4 → 8 vCPU.
    expect(r.dbCoresBets).toBe(2.1);
    expect(r.dbCoresReads).toBe(2.7);
    expect(r.primaryVcpu).toBe(8);
    expect(r.firstBottleneck).toBe('the primary at 33 % of 8 vCPU, after the draw (reads)');
    expect(r.settleSeconds).toBe(0.2);
    expect(r.commitsPerSecond).toBe(219);
  });

  it('says when no single primary has the cores, and when settlement overruns its budget', () => {
    const heavy = { ...measured, betDatabaseUs: figure(5_000) };
    expect(model(1_000_000, heavy).primaryVcpu).toBeNull();
    expect(model(1_000_000, heavy).firstBottleneck).toMatch(/no single machine/);
    const slowSettle = { ...measured, settleUsPerBet: figure(3) };
    expect(model(1_000_000, slowSettle).firstBottleneck).toBe('settlement: one transaction takes 6 s, 120 % of its 5 s budget');
    expect(ASSUMPTIONS.settleBudgetSeconds).toBe(5);
  });

  it('takes each figure from the first report that has it and names that report', () => {
    const quiet = { cpuPerBetVsTpcb: { betUs: { server: 139, database: 154 } }, betting: { groupCommit: { maxBets: 64 } }, loadAverage1m: { byPhase: { closedLoopBets: { mean: 0.9 } } } };
    const full = {
      cpuPerBetVsTpcb: { betUs: { server: 300, database: 300 } },
      hotPath: { scenarios: { walletBalance_log_info: { serverCpuUsPerRequest: 130, databaseCpuUsPerRequest: 40 } } },
      sockets: { sockets: 10_000, opened: 8_000, cpuPerRound: { userMs: 2_000, systemMs: 2_000, overMs: 30_000 } },
      settlements: [{ bets: 100_000, settleMs: 170 }, { bets: 1_000_000, settleMs: 1_000 }],
    };
    const m = measuredFrom([{ file: '/x/quiet.json', report: quiet }, { file: 'full.json', report: full }]);
    expect(m.betServerUs).toEqual({ value: 139, source: 'quiet.json (load average 0.9 during closedLoopBets)' });
    expect(m.readServerUs.source).toBe('full.json');
    // 4,000 ms of CPU over 30 s for the 8,000 sockets opened: 16.7 µs a socket a second.
    expect(m.socketServerUsPerSecond.value).toBeCloseTo(16.67, 1);
    expect(m.settleUsPerBet.value).toBe(1);
    expect(() => measuredFrom([{ file: 'q.json', report: quiet }])).toThrow(/no report has CPU per authenticated read/);
    // A report with the socket pass gives the bet as the Wingo screen sends it (decision 589).
    const withSocket = { ...full, betting: { groupCommit: { maxBets: 64 } }, cpuPerSocketBetVsTpcb: { betUs: { server: 90, database: 160 } }, loadAverage1m: { byPhase: { closedLoopSocketBets: { mean: 2.5 } } } };
    const s = measuredFrom([{ file: 'socket.json', report: withSocket }]);
    expect(s.betServerUs).toEqual({ value: 90, source: 'socket.json (load average 2.5 during closedLoopSocketBets)' });
    expect(s.betDatabaseUs.value).toBe(160);
  });
});
