/**
 * The `signature` of a .pkpass: a detached PKCS#7 (CMS SignedData) over manifest.json, signed by the
 * pass type certificate and carrying it with Apple's WWDR intermediate, with the signing time Wallet
 * asks for. node-forge writes the structure, as passkit-generator does; the RSA operation itself is
 * Node's native one, because forge's is pure JavaScript and slower by orders of magnitude, and a pass is
 * signed on every download.
 */
import { constants, createPrivateKey, privateEncrypt, type KeyObject } from 'node:crypto';
import forge from 'node-forge';

/** DER of DigestInfo up to the SHA-256 digest (RFC 8017, 9.2 note 1): what RSASSA-PKCS1-v1_5 signs. */
const SHA256_DIGEST_INFO_PREFIX = Buffer.from('3031300d060960864801650304020105000420', 'hex');

/** forge's table of object identifiers is typed as possibly missing; these are always there. */
function oid(name: 'sha256' | 'data' | 'contentType' | 'messageDigest' | 'signingTime'): string {
  const value = forge.pki.oids[name];
  if (value === undefined) throw new Error(`node-forge knows no OID ${name}`);
  return value;
}

interface SigningCredentials {
  certificatePem: string;
  privateKeyPem: string;
  privateKeyPassphrase: string | null;
  wwdrCertificatePem: string;
}

export class ManifestSigner {
  private readonly certificate: forge.pki.Certificate;
  private readonly wwdr: forge.pki.Certificate;
  private readonly key: KeyObject;

  constructor(credentials: SigningCredentials) {
    this.certificate = forge.pki.certificateFromPem(credentials.certificatePem);
    this.wwdr = forge.pki.certificateFromPem(credentials.wwdrCertificatePem);
    // Decrypted once, natively, and kept in this process's memory only.
    const { privateKeyPem: key, privateKeyPassphrase: passphrase } = credentials;
    this.key = createPrivateKey(passphrase === null ? key : { key, passphrase });
  }

  sign(manifest: Buffer, signingTime: Date): Buffer {
    const signedData = forge.pkcs7.createSignedData();
    signedData.content = forge.util.createBuffer(manifest.toString('binary'));
    signedData.addCertificate(this.wwdr);
    signedData.addCertificate(this.certificate);
    signedData.addSigner({
      key: this.nativeSigner(),
      certificate: this.certificate,
      digestAlgorithm: oid('sha256'),
      authenticatedAttributes: [
        { type: oid('contentType'), value: oid('data') },
        { type: oid('messageDigest') },
        // forge's typings want a string; at run time it takes the Date and encodes it as UTCTime.
        { type: oid('signingTime'), value: signingTime as unknown as string },
      ],
    });
    signedData.sign({ detached: true });
    return Buffer.from(forge.asn1.toDer(signedData.toAsn1()).getBytes(), 'binary');
  }

  /** What forge calls to sign the attributes' digest: RSASSA-PKCS1-v1_5 by Node over forge's SHA-256. */
  private nativeSigner(): forge.pki.rsa.PrivateKey {
    const sign = (digest: forge.md.MessageDigest): string => {
      const digestInfo = Buffer.concat([SHA256_DIGEST_INFO_PREFIX, Buffer.from(digest.digest().getBytes(), 'binary')]);
      return privateEncrypt({ key: this.key, padding: constants.RSA_PKCS1_PADDING }, digestInfo).toString('binary');
    };
    // forge reads nothing of the key but `sign` once the signer certificate is given.
    return { sign } as unknown as forge.pki.rsa.PrivateKey;
  }
}
