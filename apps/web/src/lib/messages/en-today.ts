/** Home's figures of the day (decision 518): an area of its own, loaded with their chunk. */
export const enToday = {
  'today.title': 'Today on Colorplay',
  'today.rounds': { one: '{n} round drawn', other: '{n} rounds drawn' },
  'today.bets': { one: '{n} bet settled', other: '{n} bets settled' },
  'today.paid': '{amount} paid out',
  'today.note': 'All players together, across Win Go, K3, 5D and Trx Win, since midnight IST.',
} as const;
