import { z } from 'zod';
import { pgText } from './text';
import { InboxMessageSchema, type InboxMessage } from './inbox';

/** Indian mobile number: 10 digits, the first 6 to 9 (no +91 or leading 0). */
export const PhoneSchema = pgText()
  .regex(/^[6-9]\d{9}$/, 'Enter a 10-digit mobile number starting with 6, 7, 8 or 9');

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;
export const PasswordSchema = pgText()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`);

export const AVATAR_COUNT = 20;
/** Avatar number 1..20: an integer, never a string or fraction. */
export const AvatarSchema = z
  .number()
  .int('Choose one of the offered avatars')
  .min(1, 'Choose one of the offered avatars')
  .max(AVATAR_COUNT, 'Choose one of the offered avatars');

export const OtpCodeSchema = pgText().regex(/^\d{6}$/, 'Enter the 6-digit code');

export const RegisterInputSchema = z.strictObject({
  phone: PhoneSchema,
  /** The code sent by POST /api/register/request-code: it proves the player holds the phone. */
  code: OtpCodeSchema,
  password: PasswordSchema,
  ageConfirmed: z.literal(true, { error: 'You must confirm you are 18 or older' }),
  inviteCode: pgText()
    .regex(/^[A-Za-z0-9]{4,16}$/, 'Invite codes are 4 to 16 letters or digits')
    .optional(),
});
export type RegisterInput = z.infer<typeof RegisterInputSchema>;

export const LoginInputSchema = z.strictObject({
  phone: PhoneSchema,
  password: pgText().min(1, 'Enter your password').max(PASSWORD_MAX_LENGTH),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

/** The languages of the player app (decision 221); the web app's LOCALES. */
export const LANGUAGES = ['en', 'hi'] as const;
export const LanguageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof LanguageSchema>;

export const UserInfoSchema = z
  .object({
    uid: z.number().int().describe('Public numeric player id'),
    phone: z.string().describe('Masked phone number, e.g. 98******10'),
    nickname: z.string(),
    avatar: z.number().int().min(1).max(AVATAR_COUNT),
    createdAt: z.iso.datetime(),
    lastLoginAt: z.iso.datetime().nullable(),
    language: LanguageSchema.nullable().describe('The language the player chose; null when never chosen'),
  })
  .meta({ id: 'UserInfo' });
export type UserInfo = z.infer<typeof UserInfoSchema>;

/** An access token and when it expires; the client stores `token` under m_login_token. */
export const SessionTokenSchema = z
  .object({
    token: z.string(),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'SessionToken' });
export type SessionToken = z.infer<typeof SessionTokenSchema>;

export const AuthResultSchema = SessionTokenSchema.extend({ user: UserInfoSchema }).meta({
  id: 'AuthResult',
});
export type AuthResult = z.infer<typeof AuthResultSchema>;

/** The avatar, the language (decision 221), or both. */
export const UpdateUserInfoInputSchema = z
  .strictObject({ avatar: AvatarSchema.optional(), language: LanguageSchema.optional() })
  .refine((v) => v.avatar !== undefined || v.language !== undefined, { message: 'Give an avatar or a language', path: ['avatar'] });
export type UpdateUserInfoInput = z.infer<typeof UpdateUserInfoInputSchema>;

export const ForgotPasswordRequestInputSchema = z.strictObject({ phone: PhoneSchema });
export type ForgotPasswordRequestInput = z.infer<typeof ForgotPasswordRequestInputSchema>;

export const RegisterCodeRequestInputSchema = z.strictObject({ phone: PhoneSchema });

/** A handle is 24 random bytes in base64url. */
export const SandboxHandleSchema = pgText().regex(/^[A-Za-z0-9_-]{32}$/, 'Use the handle the code request returned');

/** The answer to a code request (reset or registration); the same whether or not the phone has an account. */
export const ForgotPasswordRequestResultSchema = z.object({
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
  sandboxHandle: SandboxHandleSchema.optional().describe(
    'Sandbox SMS channel only: reads this request\'s message from GET /api/sandbox/sms-outbox?handle=',
  ),
});
export const CodeRequestResultSchema = ForgotPasswordRequestResultSchema;
export type CodeRequestResult = z.infer<typeof CodeRequestResultSchema>;

export const ResetPasswordInputSchema = z.strictObject({
  phone: PhoneSchema,
  code: OtpCodeSchema,
  newPassword: PasswordSchema,
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordInputSchema>;

/**
 * POST /api/change-password (signed in): the current password proves the holder of the session
 * is the player; the new one follows the registration rules. Every other session of the player
 * ends and their device cookies stop counting (decision 404); this one stays signed in.
 */
export const ChangePasswordInputSchema = z.strictObject({
  currentPassword: pgText().min(1, 'Enter your current password').max(PASSWORD_MAX_LENGTH),
  newPassword: PasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;

export const OkSchema = z.object({ ok: z.literal(true) });

/** Sandbox SMS outbox entry (only served when the SMS channel is the sandbox). */
export const SandboxSmsSchema = z.object({
  phone: z.string(),
  body: z.string(),
  createdAt: z.iso.datetime(),
});
export const SandboxSmsQuerySchema = z.strictObject({ handle: SandboxHandleSchema });

/** What the web app needs to know about this server at start (GET /api/config). */
export const RuntimeConfigSchema = z
  .object({
    demo: z.boolean().describe('Sandbox channels run in production: no real money; show a banner'),
    // Which sandbox channels this instance runs (each moves no real money).
    sandbox: z.object({
      sms: z.boolean(),
      upi: z.boolean(),
      demoVendor: z.boolean(),
      usdtChain: z.boolean().describe('The local dev chain and its USDT faucet (POST sandbox_usdt_faucet) are on'),
      // The payout sandbox (decision 142); optional so older clients' fixtures stay valid.
      payouts: z.boolean().optional(),
    }),
    usdt: z.boolean().describe('The USDT recharge channel is on (get-recharge-url-usdt answers)'),
    open_game_url: z
      .string()
      .describe('Where a game opens (spec section 3): add query parameters token (a launch ticket) and game_id'),
  })
  .meta({ id: 'RuntimeConfig' });
export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;

export const NotificationSchema = z
  .object({
    id: z.string(),
    // A key and its parameters, rendered by the client in the player's language (decision 457).
    message: InboxMessageSchema,
    createdAt: z.iso.datetime(),
    read: z.boolean(),
  })
  .meta({ id: 'Notification' });
export type Notification = Omit<z.infer<typeof NotificationSchema>, 'message'> & { message: InboxMessage };

export const NotificationsQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(50).default(20),
  // Notification ids are bigint in the database but pages read them as JS numbers: a cursor past
  // the safe-integer range is refused here rather than failing in SQL.
  before: pgText()
    .regex(/^ntf_\d{1,16}$/, 'Use the nextCursor of the previous page')
    .refine((cursor) => Number.isSafeInteger(Number(cursor.slice(4))), 'Use the nextCursor of the previous page')
    .optional(),
});
export type NotificationsQuery = z.infer<typeof NotificationsQuerySchema>;

export const NotificationsPageSchema = z.object({
  items: z.array(NotificationSchema),
  unreadCount: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type NotificationsPage = Omit<z.infer<typeof NotificationsPageSchema>, 'items'> & { items: Notification[] };

export const MarkAllReadResultSchema = z.object({ updated: z.number().int() });

/** The bearer header every authenticated call carries. */
export const BearerHeadersSchema = z.object({
  authorization: pgText().regex(/^Bearer \S+$/, 'Send Authorization: Bearer <token>'),
});
