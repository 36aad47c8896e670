/**
 * English strings of the wallet screens: wallet, recharge, payment and recharge history. Part of
 * the one English dictionary (en.ts).
 */
export const enWallet = {} as const;
