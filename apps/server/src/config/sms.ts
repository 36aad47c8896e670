import { z } from 'zod';
import { type EnvOf, MINUTE_MS, msSchema, providerSecretSchema } from './shared';

/** The SMS channel (reset and registration codes): the sandbox, or a DLT-registered HTTP gateway. */

/** The message kinds the server sends; each is one registered DLT template at the gateway. */
export const SMS_TEMPLATES = ['reset_code', 'register_code', 'register_taken'] as const;
export type SmsTemplateName = (typeof SMS_TEMPLATES)[number];

export type HttpSmsConfig = {
  url: string;
  apiKey: string;
  senderId: string;
  entityId: string;
  templateIds: Record<SmsTemplateName, string>;
  timeoutMs: number;
};

export const SMS_DEFAULTS = { httpTimeoutMs: 5_000 } as const;

const dltTemplateId = z.string().regex(/^\d{10,25}$/, 'must be a DLT template id (digits)');

export const SMS_ENV = {
  // Sandbox channels and the one switch that lets them run in production (decision 040).
  SMS_CHANNEL: z.enum(['sandbox', 'http']).optional(),
  // The HTTP SMS gateway (docs/sms-gateway.md): required when SMS_CHANNEL is http.
  SMS_HTTP_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  SMS_HTTP_API_KEY: providerSecretSchema.optional(),
  SMS_SENDER_ID: z.string().regex(/^[A-Z]{6}$/, 'must be the 6-letter DLT header, e.g. CLRPLY').optional(),
  SMS_DLT_ENTITY_ID: z.string().regex(/^\d{10,25}$/, 'must be the DLT principal entity id (digits)').optional(),
  SMS_TEMPLATE_ID_RESET: dltTemplateId.optional(),
  SMS_TEMPLATE_ID_REGISTER: dltTemplateId.optional(),
  SMS_TEMPLATE_ID_REGISTER_TAKEN: dltTemplateId.optional(),
  SMS_HTTP_TIMEOUT_MS: msSchema(100, MINUTE_MS, SMS_DEFAULTS.httpTimeoutMs),
};

type SmsEnv = EnvOf<typeof SMS_ENV>;

/** The sandbox outside production, the HTTP gateway in it. */
export function smsChannelOf(e: SmsEnv): 'sandbox' | 'http' {
  return e.SMS_CHANNEL ?? (e.NODE_ENV === 'production' ? 'http' : 'sandbox');
}

export function httpSmsSettings(e: SmsEnv, problems: string[]): HttpSmsConfig | undefined {
  const required = {
    SMS_HTTP_URL: e.SMS_HTTP_URL,
    SMS_HTTP_API_KEY: e.SMS_HTTP_API_KEY,
    SMS_SENDER_ID: e.SMS_SENDER_ID,
    SMS_DLT_ENTITY_ID: e.SMS_DLT_ENTITY_ID,
    SMS_TEMPLATE_ID_RESET: e.SMS_TEMPLATE_ID_RESET,
    SMS_TEMPLATE_ID_REGISTER: e.SMS_TEMPLATE_ID_REGISTER,
    SMS_TEMPLATE_ID_REGISTER_TAKEN: e.SMS_TEMPLATE_ID_REGISTER_TAKEN,
  };
  const absent = Object.entries(required).filter(([, v]) => v === undefined);
  for (const [name] of absent) problems.push(`${name}: required when SMS_CHANNEL is http (the default in production)`);
  if (absent.length > 0) return undefined;
  return {
    url: e.SMS_HTTP_URL!,
    apiKey: e.SMS_HTTP_API_KEY!,
    senderId: e.SMS_SENDER_ID!,
    entityId: e.SMS_DLT_ENTITY_ID!,
    templateIds: {
      reset_code: e.SMS_TEMPLATE_ID_RESET!,
      register_code: e.SMS_TEMPLATE_ID_REGISTER!,
      register_taken: e.SMS_TEMPLATE_ID_REGISTER_TAKEN!,
    },
    timeoutMs: e.SMS_HTTP_TIMEOUT_MS,
  };
}
