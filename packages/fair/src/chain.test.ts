import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bytesToHex, equalBytes } from './bytes';
import { chainToHex, generateChain, stepsToReach } from './chain';
import { chainCheckpointsSync, generateChainSync, linkFromCheckpointsSync, linksFromCheckpointsSync } from './node';

const seed = createHash('sha256').update('chain test seed').digest();
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest();

describe('hash chain', () => {
  it('ends with the seed, and each link hashes (raw bytes) to the one before; L[1] hashes to the final hash', async () => {
    const chain = await generateChain(seed, 50);
    expect(chain.links).toHaveLength(50);
    expect(equalBytes(chain.links[49]!, seed)).toBe(true);
    for (let k = 2; k <= 50; k++) expect(equalBytes(sha(chain.links[k - 1]!), chain.links[k - 2]!)).toBe(true);
    expect(equalBytes(sha(chain.links[0]!), chain.finalHash)).toBe(true);
  });

  it('is the same on the WebCrypto and node:crypto paths', async () => {
    expect(chainToHex(generateChainSync(seed, 200))).toEqual(chainToHex(await generateChain(seed, 200)));
  });

  it('reaches the final hash from round k in exactly k hashes', async () => {
    const chain = generateChainSync(seed, 30);
    for (const k of [1, 2, 17, 30]) expect(await stepsToReach(chain.links[k - 1]!, chain.finalHash, 100)).toBe(k);
    expect(await stepsToReach(chain.links[29]!, chain.finalHash, 29)).toBeNull();
  });

  it('refuses a seed that is not 32 bytes and a non-positive length', async () => {
    await expect(generateChain(seed.subarray(0, 31), 3)).rejects.toThrow(/32 bytes/);
    expect(() => generateChainSync(seed, 0)).toThrow(/positive/);
    expect(() => generateChainSync(seed, 1.5)).toThrow(/positive/);
  });

  it('recomputes any link from checkpoints, with the same final hash as the full chain', () => {
    const full = generateChainSync(seed, 1000);
    const cp = chainCheckpointsSync(seed, 1000, 64);
    expect(bytesToHex(cp.finalHash)).toBe(bytesToHex(full.finalHash));
    // 1000 / 64 = 15 checkpoints plus the seed.
    expect(cp.checkpoints.size).toBe(16);
    for (const k of [1, 63, 64, 65, 640, 999, 1000]) {
      expect(bytesToHex(linkFromCheckpointsSync(cp, k))).toBe(bytesToHex(full.links[k - 1]!));
    }
    expect(() => linkFromCheckpointsSync(cp, 0)).toThrow(/outside/);
    expect(() => linkFromCheckpointsSync(cp, 1001)).toThrow(/outside/);
    expect(linksFromCheckpointsSync(cp, 60, 130).map(bytesToHex)).toEqual(full.links.slice(59, 130).map(bytesToHex));
    expect(linksFromCheckpointsSync(cp, 990, 1000).map(bytesToHex)).toEqual(full.links.slice(989).map(bytesToHex));
    expect(() => linksFromCheckpointsSync(cp, 5, 4)).toThrow(/range/);
  });
});
