/**
 * English strings of the account screens: login, register, forgot password, account page,
 * avatar and messages. Part of the one English dictionary (en.ts); kept in its own file so the
 * account and wallet screens can grow without editing the same lines.
 */
export const enAccounts = {} as const;
