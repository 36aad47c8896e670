/** A `datetime-local` value read as India time (the console's times are IST, UTC+05:30 all year). */
export const istToIso = (local: string) => new Date(`${local}:00+05:30`).toISOString();
