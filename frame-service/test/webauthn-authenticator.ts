import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'

/**
 * A software authenticator for the service's tests: an ES256 key per credential, `none` attestation,
 * and assertions signed as a real authenticator signs them (authenticator data ‖ SHA-256 of the
 * client data). What it writes in the client data (origin, type, challenge) and the flags is up to
 * the test, so it can also make what a browser never would: another origin, a replay, no user verification.
 */
export type SoftCredential = { id: Uint8Array; privateKey: KeyObject; userHandle: Uint8Array | undefined; rpId: string; counter: number }

const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash('sha256').update(data).digest())
const b64url = (data: Uint8Array) => Buffer.from(data).toString('base64url')
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts))
const uint32 = (n: number) => {
  const out = new Uint8Array(4)
  new DataView(out.buffer).setUint32(0, n)
  return out
}

const FLAG_UP = 0x01
const FLAG_UV = 0x04
const FLAG_AT = 0x40

export type CeremonyOverrides = { origin?: string; type?: string; userVerified?: boolean; counter?: number; rpId?: string }

/** A new credential answering registration `options` (as @simplewebauthn/browser's startRegistration would). */
export function createCredential(options: { challenge: string; rp: { id?: string }; user: { id: string } }, origin: string, overrides: CeremonyOverrides = {}) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = publicKey.export({ format: 'jwk' })
  const id = new Uint8Array(randomBytes(32))
  const rpId = overrides.rpId ?? options.rp.id ?? new URL(origin).hostname
  const cose = new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
    [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
  ])
  const counter = overrides.counter ?? 0
  const flags = FLAG_UP | FLAG_AT | (overrides.userVerified === false ? 0 : FLAG_UV)
  const idLength = new Uint8Array([id.length >> 8, id.length & 0xff])
  const authData = concat(sha256(rpId), new Uint8Array([flags]), uint32(counter), new Uint8Array(16), idLength, id, isoCBOR.encode(cose))
  const attestation = isoCBOR.encode(
    new Map<string, unknown>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData],
    ]) as never,
  )
  const clientData = JSON.stringify({ type: overrides.type ?? 'webauthn.create', challenge: options.challenge, origin: overrides.origin ?? origin, crossOrigin: false })
  const credential: SoftCredential = { id, privateKey, userHandle: new Uint8Array(Buffer.from(options.user.id, 'base64url')), rpId, counter }
  const response = {
    id: b64url(id),
    rawId: b64url(id),
    type: 'public-key' as const,
    clientExtensionResults: {},
    response: { clientDataJSON: b64url(new TextEncoder().encode(clientData)), attestationObject: b64url(attestation), transports: ['internal' as const] },
  }
  return { credential, response }
}

/** An assertion of `credential` answering sign-in `options` (the counter moves on by one unless told). */
export function assert(credential: SoftCredential, options: { challenge: string }, origin: string, overrides: CeremonyOverrides = {}) {
  credential.counter = overrides.counter ?? credential.counter + 1
  const flags = FLAG_UP | (overrides.userVerified === false ? 0 : FLAG_UV)
  const authData = concat(sha256(overrides.rpId ?? credential.rpId), new Uint8Array([flags]), uint32(credential.counter))
  const clientData = new TextEncoder().encode(JSON.stringify({ type: overrides.type ?? 'webauthn.get', challenge: options.challenge, origin: overrides.origin ?? origin, crossOrigin: false }))
  const signature = new Uint8Array(sign('sha256', concat(authData, sha256(clientData)), credential.privateKey))
  return {
    id: b64url(credential.id),
    rawId: b64url(credential.id),
    type: 'public-key' as const,
    clientExtensionResults: {},
    response: {
      clientDataJSON: b64url(clientData),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      ...(credential.userHandle ? { userHandle: b64url(credential.userHandle) } : {}),
    },
  }
}
