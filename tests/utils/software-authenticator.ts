/**
 * A passkey authenticator in software (issue 31), for tests through `inject`: a P-256 key, attestation "none",
 * and assertions signed as a platform authenticator would (user present and verified, a counter that stays 0, as
 * most passkeys' does). The browser tests use Chromium's virtual authenticator instead.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface SoftwarePasskey {
  id: string;
  userHandle: string;
  rpId: string;
  privateKey: KeyObject;
  /** The COSE public key (EC2, ES256), as the attestation carries it. */
  cose: Uint8Array;
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

function authenticatorData(rpId: string, flags: number, attested?: Buffer) {
  const counter = Buffer.alloc(4);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), counter, ...(attested ? [attested] : [])]);
}

/** `navigator.credentials.create`'s answer to `options` (PublicKeyCredentialCreationOptionsJSON), seen from `origin`. */
export function createPasskey(options: { challenge: string; rp: { id?: string }; user: { id: string } }, origin: string) {
  const rpId = options.rp.id ?? new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  const credentialId = randomBytes(32);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length);
  const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, Buffer.from(cose)]);
  const authData = authenticatorData(rpId, UP | UV | AT, attested);
  const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', new Uint8Array(authData)]]) as never);
  const passkey: SoftwarePasskey = { id: b64url(credentialId), userHandle: options.user.id, rpId, privateKey, cose };
  const response = {
    id: passkey.id,
    rawId: passkey.id,
    type: 'public-key',
    response: { clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin)), attestationObject: b64url(attestationObject), transports: ['internal'] },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
  };
  return { passkey, response };
}

/** `navigator.credentials.get`'s answer with `passkey` to a challenge, seen from `origin`. */
export function assertPasskey(passkey: SoftwarePasskey, challenge: string, origin: string) {
  const authData = authenticatorData(passkey.rpId, UP | UV);
  const clientDataJSON = clientData('webauthn.get', challenge, origin);
  const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), passkey.privateKey);
  return {
    id: passkey.id,
    rawId: passkey.id,
    type: 'public-key',
    response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: passkey.userHandle },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
  };
}
