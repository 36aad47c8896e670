import { secp256k1 } from '@noble/curves/secp256k1';
import { getAddress, type Address } from 'viem';
import { HDKey, publicKeyToAddress } from 'viem/accounts';

/**
 * Deposit addresses from the operator's extended PUBLIC key (BIP-32): the server derives child
 * `index` of the xpub and never holds a private key; the operator's wallet, which has the
 * matching private key, can sweep every address. With the usual account xpub (m/44'/60'/0'/0)
 * child i is the address a standard wallet shows as account i.
 */
export function createAddressDeriver(xpub: string) {
  const parent = HDKey.fromExtendedKey(xpub);
  if (parent.privateKey) throw new Error('USDT_XPUB must be an extended public key (xpub), not a private one');
  return (index: number): Address => {
    const child = parent.deriveChild(index);
    // BIP-32 keys are compressed; an Ethereum address hashes the uncompressed point.
    const uncompressed = secp256k1.ProjectivePoint.fromHex(child.publicKey!).toRawBytes(false);
    return getAddress(publicKeyToAddress(`0x${Buffer.from(uncompressed).toString('hex')}`));
  };
}
