#!/usr/bin/env -S npx tsx
/**
 * Verifies a round from its published data: `npx tsx packages/fair/src/cli.ts verify ...`
 * or `npm run fair -- verify ...` at the repository root. See cli-core.ts for the commands.
 */
import { runFairCli } from './cli-core';

process.exitCode = await runFairCli(process.argv.slice(2), (line) => console.log(line));
