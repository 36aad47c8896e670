/**
 * The texts of a refusal by a limit the player set (decision 210), with the amount still allowed.
 * Not in `en` (`/` has no room): lib/limit-errors.ts adds them with the screens that can meet
 * such a refusal (recharge, Wingo, the safety page); elsewhere the short
 * 'apiError.limitReached' of the shell speaks for them.
 */
export const enLimits = {
  'apiError.depositLimit': 'This is over your deposit limit. You can deposit {remaining} more now.',
  'apiError.stakeLimit': 'This is over your stake limit. You can stake {remaining} more now.',
  'apiError.lossLimit': 'This could take you past your loss limit. You can stake {remaining} more now.',
  'apiError.depositLimitRequired': 'Set a deposit limit before your first deposit.',
} as const;
