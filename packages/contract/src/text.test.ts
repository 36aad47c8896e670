import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from './index';
import { isStorableText, PG_TEXT_MESSAGE, pgText } from './text';

describe('pgText', () => {
  it('refuses NUL and lone surrogates but keeps every other character', () => {
    for (const bad of ['\u0000', 'a\u0000b', '\ud800', 'x\ud800', '\udc00', 'x\udc00y', '\ud800\ud800\udc00', '\udc00\ud800']) {
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
    }
    for (const good of ['', 'plain', 'हिन्दी', '😀', 'a😀b', '\u0001\u001f', '\uffff']) {
      expect(isStorableText(good), JSON.stringify(good)).toBe(true);
    }
    expect(pgText().safeParse('a\u0000').success).toBe(false);
    expect(pgText().regex(/^\d+$/).safeParse('12').success).toBe(true);
  });
});

/** Every string leaf of a schema, with its path. */
function stringLeaves(schema: z.ZodType, path: string): Array<{ path: string; schema: z.ZodType }> {
  if (schema instanceof z.ZodString) return [{ path, schema }];
  if (schema instanceof z.ZodObject) {
    return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([key, value]) =>
      stringLeaves(value, `${path}.${key}`),
    );
  }
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    return stringLeaves(schema.def.innerType as z.ZodType, path);
  }
  if (schema instanceof z.ZodArray) return stringLeaves(schema.element as z.ZodType, `${path}[]`);
  if (schema instanceof z.ZodUnion) return schema.options.flatMap((o) => stringLeaves(o as z.ZodType, path));
  return [];
}

describe('request schemas of the contract', () => {
  // Request schemas are named *InputSchema, *QuerySchema, *HeadersSchema, *ParamsSchema, *BodySchema
  // or *RequestSchema (and the webhook event).
  const requestSchemas = Object.entries(contract).filter(
    ([name, value]) =>
      value instanceof z.ZodType && (/(Input|Query|Headers|Params|Body|Request)Schema$/.test(name) || name === 'UpiWebhookEventSchema'),
  ) as Array<[string, z.ZodType]>;

  it('finds the request schemas', () => {
    expect(requestSchemas.map(([name]) => name)).toEqual(
      expect.arrayContaining(['RegisterInputSchema', 'NotificationsQuerySchema', 'UpiWebhookEventSchema', 'BearerHeadersSchema']),
    );
  });

  it('refuses text PostgreSQL cannot store in every string field (built on pgText)', () => {
    const leaves = requestSchemas.flatMap(([name, schema]) => stringLeaves(schema, name));
    expect(leaves.length).toBeGreaterThan(10);
    for (const leaf of leaves) {
      for (const bad of ['a\u0000', 'a\ud800']) {
        const result = leaf.schema.safeParse(bad);
        const messages = result.success ? [] : result.error.issues.map((i) => i.message);
        expect(messages, `${leaf.path} must use pgText()`).toContain(PG_TEXT_MESSAGE);
      }
    }
  });

  it('refuses a notifications cursor past the safe-integer range', () => {
    const parse = (before: string) => contract.NotificationsQuerySchema.safeParse({ before }).success;
    expect(parse('ntf_12')).toBe(true);
    expect(parse(`ntf_${Number.MAX_SAFE_INTEGER}`)).toBe(true);
    expect(parse('ntf_9007199254740993')).toBe(false);
    expect(parse('ntf_99999999999999999999')).toBe(false);
  });
});
