import type { CodeRequestResult } from '@colorplay/contract';
import type { Db, Queryable } from '../../db/db';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { secureRandomInt } from '../../lib/ids';
import { findPlayerByPhone } from '../players';
import { SmsDeliveryError, type SmsMessage, type SmsSender } from '../sms';
import type { RateLimiter } from './rate-limiter';
import { consumeCode, countWrongCode, deleteCode, insertCode, lastCodeRequestAt, lockLatestCode, type OtpPurpose } from './repo';
import { OTP_MAX_ATTEMPTS, OTP_RESEND_COOLDOWN_SECONDS, OTP_TTL_SECONDS, RATE_RULES } from './rules';
import { hashOtp, newMessageReference } from './tokens';

export type CodeVerdict = 'ok' | 'invalid' | 'expired' | 'exhausted';

/** The field error for a code that did not check out (thrown after the attempt is counted). */
export function codeError(verdict: Exclude<CodeVerdict, 'ok'>): AppError {
  if (verdict === 'expired') {
    return new AppError('OTP_EXPIRED', 'This code has expired. Ask for a new one.', [
      { path: 'code', message: 'This code has expired. Ask for a new one.' },
    ]);
  }
  if (verdict === 'exhausted') {
    return new AppError('OTP_ATTEMPTS_EXCEEDED', 'Too many wrong codes. Ask for a new one.', [
      { path: 'code', message: 'Too many wrong codes. Ask for a new one.' },
    ]);
  }
  return new AppError('OTP_INVALID', 'That code is not right.', [
    { path: 'code', message: 'That code is not right. Check the SMS and try again.' },
  ]);
}

const SMS_FAILED = new AppError('SMS_UNAVAILABLE', 'We could not send the SMS just now. Try again in a minute.');
/** Codes are six digits, leading zeros kept. */
const newCode = () => String(secureRandomInt(0, 999_999)).padStart(6, '0');

export type CodesDeps = {
  db: Db;
  clock: Clock;
  limiter: RateLimiter;
  sms: SmsSender;
  /** Keys code hashes. */
  secret: string;
  /** Sandbox SMS channel: code requests return the handle that reads their message back. */
  exposeSandboxHandle: boolean;
};

/**
 * One-time codes sent by SMS (registration and password reset): the request with its cooldown
 * and limits, and the check of a code with its attempt count. Which action a right code allows
 * is the caller's (service.ts).
 */
export function createCodes({ db, clock, limiter, sms, secret, exposeSandboxHandle }: CodesDeps) {
  /**
   * The shared code request: cooldown, per-phone and per-address limits, a stored code, and the
   * message `compose` picks (none for an unknown number at reset). The answer never depends on
   * whether the phone has an account.
   */
  async function requestCode(
    phone: string,
    address: string,
    purpose: OtpPurpose,
    compose: (code: string, accountExists: boolean) => Promise<SmsMessage | null>,
  ): Promise<CodeRequestResult> {
    const now = clock.now();
    const lastAt = (await lastCodeRequestAt(db, phone, purpose))?.getTime();
    if (lastAt !== undefined && now.getTime() - lastAt < OTP_RESEND_COOLDOWN_SECONDS * 1000) {
      const wait = Math.ceil((lastAt + OTP_RESEND_COOLDOWN_SECONDS * 1000 - now.getTime()) / 1000);
      throw new AppError('RATE_LIMITED', `Wait ${wait} seconds before asking for a new code.`, undefined, {
        'retry-after': String(wait),
      });
    }
    await limiter.hit(RATE_RULES.codePerAddress, address);
    await limiter.hit(RATE_RULES.codePerPhone, phone);
    const code = newCode();
    const exists = Boolean(await findPlayerByPhone(db, phone));
    // A code that cannot register (the number is taken) is still stored, hashed with a code
    // nobody was sent, so both cases leave the same trace.
    const storedCode = purpose === 'register' && exists ? newCode() : code;
    const id = await insertCode(db, {
      phone,
      purpose,
      codeHash: hashOtp(phone, storedCode, secret),
      now,
      expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
    });
    const reference = newMessageReference();
    const message = await compose(code, exists);
    if (message) {
      try {
        await sms.send(phone, message, reference);
      } catch (err) {
        if (!(err instanceof SmsDeliveryError)) throw err;
        await deleteCode(db, id);
        throw SMS_FAILED;
      }
    }
    return {
      resendAfterSeconds: OTP_RESEND_COOLDOWN_SECONDS,
      expiresInSeconds: OTP_TTL_SECONDS,
      ...(exposeSandboxHandle ? { sandboxHandle: reference } : {}),
    };
  }

  return {
    /**
     * Checks the latest unused code for the phone and purpose, counting a wrong try. With
     * `consume` a right code is spent (the caller's transaction decides whether that sticks).
     */
    async checkCode(tx: Queryable, phone: string, purpose: OtpPurpose, code: string, now: Date, consume: boolean): Promise<CodeVerdict> {
      const otp = await lockLatestCode(tx, phone, purpose);
      if (!otp) return 'invalid';
      if (otp.expires_at <= now) return 'expired';
      if (otp.attempts >= OTP_MAX_ATTEMPTS) return 'exhausted';
      if (otp.code_hash !== hashOtp(phone, code, secret)) {
        await countWrongCode(tx, otp.id);
        return otp.attempts + 1 >= OTP_MAX_ATTEMPTS ? 'exhausted' : 'invalid';
      }
      if (consume) await consumeCode(tx, otp.id, now);
      return 'ok';
    },

    /**
     * Sends a 6-digit reset code. Unknown numbers get the same answer (a code row is stored but
     * nothing is sent), so the endpoint does not reveal who has an account.
     */
    async requestResetCode(phone: string, address: string): Promise<CodeRequestResult> {
      return requestCode(phone, address, 'reset_password', async (code, exists) =>
        exists
          ? {
              template: 'reset_code',
              body: `Your Colorplay password reset code is ${code}. It expires in 5 minutes. Never share it.`,
            }
          : null,
      );
    },

    /**
     * Sends a registration code. A number that already has an account gets the same answer here;
     * only the SMS, which reaches the phone's holder alone, tells the difference.
     */
    async requestRegisterCode(phone: string, address: string): Promise<CodeRequestResult> {
      return requestCode(phone, address, 'register', async (code, exists) =>
        exists
          ? {
              template: 'register_taken',
              body: 'This number already has a Colorplay account. Log in, or reset your password if you forgot it.',
            }
          : {
              template: 'register_code',
              body: `Your Colorplay registration code is ${code}. It expires in 5 minutes. Never share it.`,
            },
      );
    },
  };
}
