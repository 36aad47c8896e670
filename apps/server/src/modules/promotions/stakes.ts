import type { Queryable } from '../../db/db';
import type { Clock } from '../../lib/clock';
import * as repo from './repo-stakes';

/**
 * What the lottery needs to stake bonus money and pay it back (decisions 530-531), handed to it by
 * app.ts (the lottery does not import this module: this module reads the lottery's hedges).
 */
export function createBonusStakes({ clock }: { clock: Clock }) {
  return {
    /** Of these grants, the ones a stake may take money from now: active and not past their expiry. */
    stakeableGrants: (tx: Queryable, grantIds: readonly string[]) => repo.selectStakeableGrantIds(tx, grantIds, clock.now()),
    /** Where each grant stands, its row share-locked until the caller's transaction ends. */
    lockGrantStatuses: (tx: Queryable, grantIds: readonly string[]) => repo.lockGrantStatuses(tx, grantIds),
  };
}
