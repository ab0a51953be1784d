import { randomBytes } from 'node:crypto'
import { getAddress, type Hex, type PublicClient } from 'viem'
import { parseSiweMessage, verifySiweMessage } from 'viem/siwe'
import type { SiwxVerifiedSession } from '@portico/shared-types'

/** How long a nonce may wait for its signed message. */
export const NONCE_TTL_MS = 10 * 60 * 1000

export type VerifyRejection = { status: 400 | 401; error: string }

/**
 * The SIWX verifier's memory: nonces handed out (each accepted once, within 10 min) and the sessions
 * of verified messages, by address and chain. A message is checked with viem's `verifySiweMessage`
 * against the chain's client, so smart accounts verify too (EIP-1271, and EIP-6492 before deployment).
 */
export class SiwxVerifier {
  private readonly nonces = new Map<string, number>()
  private readonly sessions = new Map<string, SiwxVerifiedSession>()

  constructor(private readonly now: () => number = Date.now) {}

  /** A fresh nonce from the system's CSPRNG: 32 hex characters (EIP-4361 asks at least 8 alphanumerics). */
  nonce(): string {
    const nonce = randomBytes(16).toString('hex')
    this.nonces.set(nonce, this.now())
    for (const [n, at] of this.nonces) if (this.now() - at > NONCE_TTL_MS) this.nonces.delete(n)
    return nonce
  }

  async verify(message: string, signature: Hex, clientOf: (chainId: number) => PublicClient | undefined): Promise<SiwxVerifiedSession | VerifyRejection> {
    const fields = parseSiweMessage(message)
    if (!fields.address || !fields.chainId || !fields.domain || !fields.uri || !fields.nonce || !fields.issuedAt) {
      return { status: 400, error: 'Invalid message: expected an EIP-4361 message with address, chain, domain, URI, nonce and issued-at' }
    }
    const issued = this.nonces.get(fields.nonce)
    // Used once: a nonce leaves the store whether or not the signature holds.
    this.nonces.delete(fields.nonce)
    if (issued === undefined || this.now() - issued > NONCE_TTL_MS) return { status: 401, error: 'Unknown or used nonce: ask for a new one' }
    const client = clientOf(fields.chainId)
    if (!client) return { status: 400, error: `Unsupported chain ${fields.chainId}` }
    const valid = await verifySiweMessage(client, { message, signature, nonce: fields.nonce, time: new Date(this.now()) }).catch(() => false)
    if (!valid) return { status: 401, error: 'Invalid signature or expired message' }
    const session: SiwxVerifiedSession = {
      address: getAddress(fields.address),
      chainId: fields.chainId,
      domain: fields.domain,
      uri: fields.uri,
      nonce: fields.nonce,
      issuedAt: fields.issuedAt.toISOString(),
      expirationTime: fields.expirationTime?.toISOString() ?? null,
    }
    this.sessions.set(key(session.address, session.chainId), session)
    return session
  }

  /** The session of an address on a chain, while it has not expired. */
  session(address: string, chainId: number): SiwxVerifiedSession | undefined {
    const session = this.sessions.get(key(address, chainId))
    if (session?.expirationTime && Date.parse(session.expirationTime) <= this.now()) {
      this.sessions.delete(key(address, chainId))
      return undefined
    }
    return session
  }

  /** Ends the sessions of an address (on one chain, or all). */
  signOut(address: string, chainId?: number): void {
    for (const k of [...this.sessions.keys()]) if (k.startsWith(`${address.toLowerCase()}:`) && (chainId === undefined || k === key(address, chainId))) this.sessions.delete(k)
  }
}

const key = (address: string, chainId: number) => `${address.toLowerCase()}:${chainId}`
