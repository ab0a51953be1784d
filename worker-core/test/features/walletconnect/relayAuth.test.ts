// The relay auth signed with WebCrypto's Ed25519 must be the client's own, byte for byte: the same
// JWT (Ed25519 signatures are deterministic) and the same client id, from the client's seed.
// Test-only: the packages never import the sandbox.
import { UniversalProvider } from '@walletconnect/universal-provider'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MemoryStorage } from '../../../../sandbox/src/relay/test-clients.ts'
import { didKey, useNativeRelayAuth, type RelayAuthCrypto } from '../../../src/features/walletconnect/relayAuth.ts'

const RELAY = 'ws://127.0.0.1:9'

/** A client that never connects (no topics, so init opens no socket), its storage in memory. */
async function clientCrypto(): Promise<RelayAuthCrypto> {
  const provider = await UniversalProvider.init({ projectId: 'relay-auth-test', relayUrl: RELAY, logger: 'error', telemetryEnabled: false, storage: new MemoryStorage() })
  return provider.client.core.crypto as unknown as RelayAuthCrypto
}

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('the relay auth through WebCrypto', () => {
  it('signs the JWT the client signs, and tells the same client id', async () => {
    const crypto = await clientCrypto()
    vi.useFakeTimers({ now: new Date('2025-06-01T12:00:00.500Z'), toFake: ['Date'] })
    const own = { jwt: await crypto.signJWT(RELAY), id: await crypto.getClientId() }
    const sign = vi.spyOn(globalThis.crypto.subtle, 'sign')
    useNativeRelayAuth(crypto)
    expect(await crypto.signJWT(RELAY)).toBe(own.jwt)
    // WebCrypto signed this JWT's header and payload once. (Counted by what was signed: the files of a
    // worker share modules, and a client another file left may still sign its own relay auth meanwhile.)
    const signingInput = own.jwt.split('.').slice(0, 2).join('.')
    const signedThis = sign.mock.calls.filter(([, , data]) => new TextDecoder().decode(data as ArrayBuffer | ArrayBufferView) === signingInput)
    expect(signedThis).toHaveLength(1)
    expect(await crypto.getClientId()).toBe(own.id)
    const payload = JSON.parse(Buffer.from(own.jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>
    expect(payload).toMatchObject({ iss: own.id, aud: RELAY, iat: 1748779200, exp: 1748779200 + 86_400 })
  })

  it("falls back to the client's own where the browser has no Ed25519", async () => {
    const crypto = await clientCrypto()
    vi.useFakeTimers({ now: new Date('2025-06-01T12:00:00Z'), toFake: ['Date'] })
    const own = await crypto.signJWT(RELAY)
    const id = await crypto.getClientId()
    const subtle = { importKey: () => Promise.reject(new DOMException('Unrecognized name', 'NotSupportedError')) } as unknown as SubtleCrypto
    useNativeRelayAuth(crypto, subtle)
    expect(await crypto.signJWT(RELAY)).toBe(own)
    expect(await crypto.getClientId()).toBe(id)
  })

  it('changes nothing on a controller not shaped as expected', () => {
    const signJWT = async () => 'own'
    const crypto = { randomSessionIdentifier: 'x', signJWT, getClientId: async () => 'id' }
    useNativeRelayAuth(crypto)
    expect(crypto.signJWT).toBe(signJWT)
  })

  it("writes a did:key as relay-auth does (multicodec 0xed01, base58btc, 'z')", () => {
    // RFC 8032's first test vector's public key, and its did:key (W3C did:key test vectors).
    const publicKey = Uint8Array.from(Buffer.from('d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a', 'hex'))
    expect(didKey(publicKey)).toBe('did:key:z6MktwupdmLXVVqTzCw4i46r4uGyosGXRnR3XjN4Zq7oMMsw')
  })
})
