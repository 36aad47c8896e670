import { z } from 'zod';

/**
 * PostgreSQL `text` cannot hold a NUL character, and a lone UTF-16 surrogate has no UTF-8 form, so
 * either one makes the database refuse the whole statement (a 500 if it gets that far). Every
 * string a client sends is checked here, at the contract, so such input is a 400 and never
 * reaches SQL. The regex works on UTF-16 code units (no `u` flag) on purpose, and avoids
 * lookbehind because the web app bundles this file and older Safari cannot parse it.
 */
// NUL is exactly the control character this pattern exists to find.
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const PG_TEXT_MESSAGE = 'Contains a character that cannot be stored (NUL or a lone surrogate)';

/** True when PostgreSQL can store the string as text. */
export const isStorableText = (value: string): boolean => !UNSTORABLE.test(value);

/**
 * A string PostgreSQL can store. Use it instead of `z.string()` for every string field of a
 * request (body, query, params, headers); chain `.regex()`, `.min()`, `.max()` after it.
 */
export const pgText = () => z.string().refine(isStorableText, { error: PG_TEXT_MESSAGE });
