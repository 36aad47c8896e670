/**
 * SHA-256 and HMAC-SHA256 through WebCrypto (`globalThis.crypto.subtle`), which Node 20 and
 * every current browser provide, so the same code verifies rounds on the server, in the CLI and
 * on the web app's verify screen. No `node:` import may appear in this file or anything the
 * package's main entry imports (a test checks it).
 */

function subtle(): typeof globalThis.crypto.subtle {
  const s = globalThis.crypto?.subtle;
  // WebCrypto is only exposed to secure contexts (https or localhost) in browsers.
  if (!s) throw new Error('WebCrypto (crypto.subtle) is not available in this context');
  return s;
}

// WebCrypto's BufferSource typing wants an ArrayBuffer-backed view; copying keeps callers free
// to pass any Uint8Array (including Node Buffers over shared pools).
function own(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return copy;
}

/** SHA-256 of the bytes. */
export async function sha256(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await subtle().digest('SHA-256', own(bytes)));
}

/** HMAC-SHA256 of the message under the key (RFC 2104). */
export async function hmacSha256(key: Uint8Array, message: Uint8Array): Promise<Uint8Array> {
  const k = await subtle().importKey('raw', own(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await subtle().sign('HMAC', k, own(message)));
}
