import { randomBytes } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519'
import { getBase58Encoder } from '@solana/kit'
import { SiweMessage } from 'siwe'
import { getAddress, type Hex, type PublicClient } from 'viem'
import { parseSiweMessage, verifySiweMessage } from 'viem/siwe'
import { parseSiwsMessage, SIWS_HEADING, siwsCacaoFields } from '@portico/shared-types/siws'
import { parseSiwxTime, siwxCacaoMismatch, type SiwxCacao, type SiwxVerifiedSession } from '@portico/shared-types/siwx'

/** How long a nonce may wait for its signed message. */
export const NONCE_TTL_MS = 10 * 60 * 1000
/** How far the signer's clock may run ahead of the verifier's for Issued At. */
export const CLOCK_SKEW_MS = 60 * 1000
/** Nonces waiting at once: past this, the oldest is forgotten (asking for nonces cannot fill the memory). */
export const MAX_OUTSTANDING_NONCES = 10_000
/** Sessions kept at once: past this, expired ones go first, then the oldest. */
export const MAX_SESSIONS = 10_000

export type VerifyRejection = { status: 400 | 401 | 403; error: string }

/** What a verification is asked: the signed message, and what the request says about where it comes from. */
export type VerifyInput = {
  message: string
  /** Hex for an EIP-4361 message; base58 (64 bytes) for a Sign In With Solana message. */
  signature: string
  /** The chain the account is connected on (eip155: its id; solana: the cluster's CAIP-2 reference): the message must name it. */
  chainId: number | string
  /** The CACAO the session carries, when it carries one: it must say what the message says. */
  cacao?: SiwxCacao | undefined
  /** The project of the request (its `projectId`): nonces and sessions belong to one project. */
  projectId: string
  /** The browser's `Origin` header of the request: the message's domain and URI must be on it. */
  origin: string | undefined
}

type IssuedNonce = { at: number; projectId: string; origin: string | null }
/** A kept session: what the API answers, plus the origin that signed in (only it may sign out). */
type KeptSession = SiwxVerifiedSession & { origin: string }

/**
 * A request's `Origin` as an origin Portico can bind to: `http:` or `https:`, serialised exactly as a
 * browser sends it. Anything else (absent, `null` from an opaque origin, a path) is no origin.
 */
export function requestOrigin(header: string | undefined): string | null {
  if (!header) return null
  try {
    const url = new URL(header)
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== header) return null
    return url.origin
  } catch {
    return null
  }
}

/**
 * The SIWX verifier's memory: nonces handed out (each accepted once, within 10 min, for the project
 * and origin that asked) and the sessions of verified messages, by project, address and chain.
 *
 * A message is accepted only when it is an EIP-4361 message by the grammar (the `siwe` package's
 * parser: an unparseable time or an extra line is a rejection), its domain is the host of the request's
 * `Origin` and its URI on that origin, its chain is the connected chain, its nonce was issued here
 * for this project and not used, its Issued At falls within the nonce's life, it has not expired and
 * is not ahead of its Not Before, any CACAO says what the message says, and viem's
 * `verifySiweMessage` holds against the chain's client (so smart accounts verify too: EIP-1271, and
 * EIP-6492 before deployment).
 */
export class SiwxVerifier {
  private readonly nonces = new Map<string, IssuedNonce>()
  private readonly sessions = new Map<string, KeptSession>()

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * A fresh nonce from the system's CSPRNG (32 hex characters; EIP-4361 asks at least 8
   * alphanumerics), for one project and, when the request names it, one origin.
   */
  nonce(projectId: string, origin: string | null = null): string {
    const nonce = randomBytes(16).toString('hex')
    // Oldest first (a Map iterates in insertion order): stale nonces leave until a fresh one.
    for (const [n, issued] of this.nonces) {
      if (this.now() - issued.at <= NONCE_TTL_MS) break
      this.nonces.delete(n)
    }
    this.nonces.set(nonce, { at: this.now(), projectId, origin })
    while (this.nonces.size > MAX_OUTSTANDING_NONCES) this.nonces.delete(this.nonces.keys().next().value!)
    return nonce
  }

  /**
   * Verifies a signed message: EIP-4361 (eip155), or Sign In With Solana (CAIP-122's Solana text,
   * its ed25519 signature checked against the address's key with `@noble/curves`) when its heading
   * says so. Both are held to the same rules: origin, nonce, chain, times, CACAO. `solanaChains` are
   * the Solana clusters (CAIP-2 references) this verifier signs in on.
   */
  async verify(input: VerifyInput, clientOf: (chainId: number) => PublicClient | undefined, solanaChains: readonly string[] = []): Promise<SiwxVerifiedSession | VerifyRejection> {
    const origin = requestOrigin(input.origin)
    if (!origin) return { status: 403, error: 'Missing Origin: a sign-in is verified for the page that asks' }
    const heading = input.message.split('\n', 1)[0]!
    return SIWS_HEADING.test(heading) ? this.verifySolana(input, origin, solanaChains) : this.verifyEip155(input, origin, clientOf)
  }

  private async verifyEip155(input: VerifyInput, origin: string, clientOf: (chainId: number) => PublicClient | undefined): Promise<SiwxVerifiedSession | VerifyRejection> {
    const { message } = input
    if (!/^0x[0-9a-fA-F]+$/.test(input.signature)) return { status: 400, error: 'Invalid signature: an EIP-4361 message is signed in hex' }
    const signature = input.signature as Hex
    try {
      new SiweMessage(message)
    } catch (error) {
      return { status: 400, error: `Invalid message: not an EIP-4361 message (${firstLine(error)})` }
    }
    const fields = parseSiweMessage(message)
    if (!fields.address || !fields.chainId || !fields.domain || !fields.uri || !fields.nonce || !fields.issuedAt) {
      return { status: 400, error: 'Invalid message: expected an EIP-4361 message with address, chain, domain, URI, nonce and issued-at' }
    }
    const issued = this.takeNonce(fields.nonce, input.projectId, origin)
    if (!issued) return { status: 401, error: 'Unknown or used nonce: ask for a new one' }

    const host = new URL(origin).host
    const place = placeProblem(fields.domain, fields.uri, origin)
    if (place) return place
    if (fields.scheme !== undefined && `${fields.scheme}:` !== new URL(origin).protocol) return { status: 401, error: `Scheme ${fields.scheme} is not the requesting origin's` }
    if (fields.chainId !== input.chainId) return { status: 401, error: `Chain ID ${fields.chainId} is not the connected chain ${input.chainId}` }

    const now = this.now()
    const times = timeProblem(rawTimes(message), issued, now)
    if (times) return times

    if (input.cacao) {
      const mismatch = siwxCacaoMismatch(input.cacao, fields, signature)
      if (mismatch) return { status: 401, error: `The CACAO does not match the message and signature: ${mismatch}` }
    }

    const client = clientOf(fields.chainId)
    if (!client) return { status: 400, error: `Unsupported chain ${fields.chainId}` }
    const valid = await verifySiweMessage(client, { message, signature, domain: host, nonce: fields.nonce, time: new Date(now) }).catch(() => false)
    if (!valid) return { status: 401, error: 'Invalid signature' }
    return this.keep(input.projectId, {
      address: getAddress(fields.address),
      chainId: fields.chainId,
      domain: fields.domain,
      uri: fields.uri,
      nonce: fields.nonce,
      issuedAt: fields.issuedAt.toISOString(),
      expirationTime: fields.expirationTime?.toISOString() ?? null,
      origin,
    })
  }

  /**
   * A Sign In With Solana message: written exactly as wallets write it (`parseSiwsMessage` refuses
   * anything that reads two ways), version 1, with URI, chain, nonce and issued-at; its address the
   * base58 of the ed25519 key whose signature (base58, 64 bytes) holds over the message's UTF-8 bytes.
   */
  private async verifySolana(input: VerifyInput, origin: string, solanaChains: readonly string[]): Promise<SiwxVerifiedSession | VerifyRejection> {
    const { message, signature } = input
    const fields = parseSiwsMessage(message)
    if (!fields) return { status: 400, error: 'Invalid message: not a Sign In With Solana message' }
    if (!fields.uri || !fields.version || !fields.chainId || !fields.nonce || !fields.issuedAt) {
      return { status: 400, error: 'Invalid message: expected a Sign In With Solana message with URI, version, chain, nonce and issued-at' }
    }
    if (fields.version !== '1') return { status: 400, error: `Invalid message: version ${fields.version} is not 1` }
    if (!/^[a-zA-Z0-9]{8,}$/.test(fields.nonce)) return { status: 400, error: 'Invalid message: the nonce is not 8 or more letters and digits' }
    const issued = this.takeNonce(fields.nonce, input.projectId, origin)
    if (!issued) return { status: 401, error: 'Unknown or used nonce: ask for a new one' }

    const place = placeProblem(fields.domain, fields.uri, origin)
    if (place) return place
    if (fields.chainId !== input.chainId) return { status: 401, error: `Chain ID ${fields.chainId} is not the connected chain ${input.chainId}` }

    const now = this.now()
    const times = timeProblem({ 'Issued At': fields.issuedAt, 'Expiration Time': fields.expirationTime, 'Not Before': fields.notBefore }, issued, now)
    if (times) return times

    if (input.cacao) {
      const mismatch = siwxCacaoMismatch(input.cacao, siwsCacaoFields(fields), signature, 'solana')
      if (mismatch) return { status: 401, error: `The CACAO does not match the message and signature: ${mismatch}` }
    }

    if (!solanaChains.includes(fields.chainId)) return { status: 400, error: `Unsupported chain ${fields.chainId}` }
    if (!ed25519Holds(fields.address, signature, message)) return { status: 401, error: 'Invalid signature' }
    return this.keep(input.projectId, {
      address: fields.address,
      chainId: fields.chainId,
      domain: fields.domain,
      uri: fields.uri,
      nonce: fields.nonce,
      issuedAt: new Date(parseSiwxTime(fields.issuedAt)!).toISOString(),
      expirationTime: fields.expirationTime ? new Date(parseSiwxTime(fields.expirationTime)!).toISOString() : null,
      origin,
    })
  }

  /** Takes a nonce out of the store (used once, whether or not the rest holds): what was issued, when it is this project's and origin's and still fresh. */
  private takeNonce(nonce: string, projectId: string, origin: string): IssuedNonce | null {
    const issued = this.nonces.get(nonce)
    this.nonces.delete(nonce)
    if (!issued || this.now() - issued.at > NONCE_TTL_MS || issued.projectId !== projectId || (issued.origin !== null && issued.origin !== origin)) return null
    return issued
  }

  /** Keeps a verified session (the newest per project, address and chain; the oldest go past MAX_SESSIONS). */
  private keep(projectId: string, session: KeptSession): SiwxVerifiedSession {
    const now = this.now()
    const k = key(projectId, session.address, session.chainId)
    this.sessions.delete(k)
    this.sessions.set(k, session)
    if (this.sessions.size > MAX_SESSIONS) {
      for (const [old, kept] of this.sessions) if (kept.expirationTime && Date.parse(kept.expirationTime) <= now) this.sessions.delete(old)
      while (this.sessions.size > MAX_SESSIONS) this.sessions.delete(this.sessions.keys().next().value!)
    }
    return publicSession(session)
  }

  /** The session of an address on a chain in a project, while it has not expired. */
  session(projectId: string, address: string, chainId: number | string): SiwxVerifiedSession | undefined {
    const k = key(projectId, address, chainId)
    const session = this.sessions.get(k)
    if (!session) return undefined
    if (session.expirationTime && Date.parse(session.expirationTime) <= this.now()) {
      this.sessions.delete(k)
      return undefined
    }
    return publicSession(session)
  }

  /**
   * Ends the sessions of an address in a project (on one chain, or all) that `origin` signed in:
   * a page of another origin cannot sign anyone out. Answers how many ended.
   */
  signOut(projectId: string, address: string, origin: string, chainId?: number | string): number {
    const prefix = `${projectId}\n${addressKey(address)}:`
    let ended = 0
    for (const [k, session] of [...this.sessions]) {
      if (!k.startsWith(prefix) || (chainId !== undefined && session.chainId !== chainId) || session.origin !== origin) continue
      this.sessions.delete(k)
      ended += 1
    }
    return ended
  }
}

/** An address as sessions are keyed: hex without case (eip155), base58 exactly (solana: case is part of it). */
const addressKey = (address: string) => (address.startsWith('0x') ? address.toLowerCase() : address)
const key = (projectId: string, address: string, chainId: number | string) => `${projectId}\n${addressKey(address)}:${chainId}`

const publicSession = ({ origin: _origin, ...session }: KeptSession): SiwxVerifiedSession => session

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 200)

/** Whether `uri` is an absolute URL on `origin`. */
function onOrigin(uri: string, origin: string): boolean {
  try {
    return new URL(uri).origin === origin
  } catch {
    return false
  }
}

/** Why a message's domain and URI are not the requesting origin's, or null. */
function placeProblem(domain: string, uri: string, origin: string): VerifyRejection | null {
  const host = new URL(origin).host
  if (domain !== host) return { status: 401, error: `Domain ${domain} is not the requesting origin's host ${host}` }
  if (!onOrigin(uri, origin)) return { status: 401, error: `URI ${uri} is not on the requesting origin ${origin}` }
  return null
}

/**
 * Why a message's times make it unusable now, or null: each an RFC 3339 date-time, Issued At within
 * its nonce's life (and not ahead of the verifier's clock by more than the skew), not expired, the
 * expiry after the issue, not ahead of its Not Before.
 */
function timeProblem(times: Record<'Issued At' | 'Expiration Time' | 'Not Before', string | undefined>, issued: IssuedNonce, now: number): VerifyRejection | null {
  for (const [name, text] of Object.entries(times)) {
    if (text !== undefined && parseSiwxTime(text) === null) return { status: 400, error: `Invalid message: ${name} is not an RFC 3339 date-time` }
  }
  const issuedAt = parseSiwxTime(times['Issued At']!)!
  const expirationTime = times['Expiration Time'] === undefined ? null : parseSiwxTime(times['Expiration Time'])
  const notBefore = times['Not Before'] === undefined ? null : parseSiwxTime(times['Not Before'])
  if (issuedAt > now + CLOCK_SKEW_MS) return { status: 401, error: 'Issued At is in the future' }
  if (issuedAt < issued.at - CLOCK_SKEW_MS) return { status: 401, error: 'Issued At is before its nonce was issued' }
  if (expirationTime !== null && expirationTime <= now) return { status: 401, error: 'Message expired: sign a new one' }
  if (expirationTime !== null && expirationTime <= issuedAt) return { status: 401, error: 'Expiration Time is not after Issued At' }
  if (notBefore !== null && notBefore > now) return { status: 401, error: 'Message not yet valid (Not Before)' }
  return null
}

/** Whether `signature` (base58) is the ed25519 signature of `message`'s UTF-8 bytes by the key whose base58 is `address`. */
function ed25519Holds(address: string, signature: string, message: string): boolean {
  try {
    const publicKey = new Uint8Array(getBase58Encoder().encode(address))
    const bytes = new Uint8Array(getBase58Encoder().encode(signature))
    if (publicKey.length !== 32 || bytes.length !== 64) return false
    return ed25519.verify(bytes, new TextEncoder().encode(message), publicKey)
  } catch {
    return false
  }
}

/** The time fields as written in the message, before any parsing. */
function rawTimes(message: string): Record<'Issued At' | 'Expiration Time' | 'Not Before', string | undefined> {
  const line = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(message)?.[1]
  return { 'Issued At': line('Issued At'), 'Expiration Time': line('Expiration Time'), 'Not Before': line('Not Before') }
}
