import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Checkpoints of a hash chain (decision 100) let anyone who reads them compute every future
 * result, so they are sealed at rest with AES-256-GCM under a key derived from
 * `LOTTERY_CHAIN_SECRET`, which lives outside the database (decision 171). A database dump or a
 * read-only SQL account no longer reveals future rounds. The chain's identity and the link's
 * index are the authenticated data, so a sealed link copied to another row does not open.
 */

/** Where one checkpoint belongs: the sealed text only opens at this place. */
export type CheckpointPlace = { game: string; roomId: string; firstOrdinal: number; k: number };

export type CheckpointSeal = {
  seal(place: CheckpointPlace, linkHex: string): string;
  /** The link's hex, from a sealed value or a legacy plaintext one; throws when it does not open. */
  open(place: CheckpointPlace, stored: string): string;
};

const PREFIX = 's1.';
const LEGACY_PLAIN = /^[0-9a-f]{64}$/;

/** A checkpoint written before sealing existed (plain hex); the service seals it on first read. */
export const isLegacyPlain = (stored: string) => LEGACY_PLAIN.test(stored);

const aad = (p: CheckpointPlace) => Buffer.from(`${p.game}|${p.roomId}|${p.firstOrdinal}|${p.k}`);

export function createCheckpointSeal(secret: string): CheckpointSeal {
  const key = Buffer.from(hkdfSync('sha256', secret, 'colorplay', 'lottery chain checkpoints v1', 32));
  return {
    seal(place, linkHex) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(place));
      const body = Buffer.concat([cipher.update(Buffer.from(linkHex, 'hex')), cipher.final(), cipher.getAuthTag()]);
      return `${PREFIX}${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    open(place, stored) {
      if (isLegacyPlain(stored)) return stored;
      const [ivText, bodyText] = stored.startsWith(PREFIX) ? stored.slice(PREFIX.length).split('.') : [];
      if (!ivText || !bodyText) throw new Error('checkpoint is neither sealed nor a legacy link');
      const body = Buffer.from(bodyText, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivText, 'base64url'));
      decipher.setAAD(aad(place));
      decipher.setAuthTag(body.subarray(body.length - 16));
      return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString('hex');
    },
  };
}
