/**
 * Sign In With Solana through the SIWX verifier, over real HTTP against a whole sandbox (its Solana
 * Localnet running): messages written as Wallet Standard wallets write them
 * (`@solana/wallet-standard-util`'s `createSignInMessageText`), signed with real ed25519 keys. Held to
 * the EVM rules: the requesting origin, the connected chain, a nonce issued here once, the times,
 * any CACAO; and the signature to the address's own key.
 */
import { ed25519 } from '@noble/curves/ed25519'
import { getBase58Decoder, getBase58Encoder } from '@solana/kit'
import type { SolanaSignInInput } from '@solana/wallet-standard-features'
import { createSignInMessageText } from '@solana/wallet-standard-util'
import { siwxSessionResponseSchema, type SiwxCacao } from '@portico/shared-types'
import { SOLANA_CAIP_IDS } from '@portico/shared-types/solana'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type SandboxHandle } from '../index.ts'
import { SOLANA_LOCALNET_CAIP_ID } from '../solana/localnet.ts'
import { testSandboxOptions } from '../../test/helpers.ts'

let sandbox: SandboxHandle

const ORIGIN = 'https://dapp.example'
const PROJECT = 'project-solana'
/** The sandbox's Solana Localnet, as a Sign In With Solana message names it: its CAIP-2 reference. */
const LOCALNET = SOLANA_LOCALNET_CAIP_ID.slice('solana:'.length)
/** What a wallet writes a message from (domain and address always given here). */
type Fields = SolanaSignInInput & { domain: string; address: string }
const base58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)

type Key = { secret: Uint8Array; address: string }
const newKey = (): Key => {
  const secret = ed25519.utils.randomPrivateKey()
  return { secret, address: base58(ed25519.getPublicKey(secret)) }
}
let key: Key
let other: Key

beforeAll(async () => {
  sandbox = await startSandbox(testSandboxOptions(17300, { seedHistory: false, services: ['solana'] }))
  key = newKey()
  other = newKey()
}, 180_000)
afterAll(() => sandbox?.stop())

const url = (path: string, query = '') => `${sandbox.dataApi.url}/v1/siwx/${path}?projectId=${PROJECT}&st=test&sv=test${query}`
const headers = { 'content-type': 'application/json', origin: ORIGIN }

async function nonce(): Promise<string> {
  const response = await fetch(url('nonce'), { headers })
  return ((await response.json()) as { nonce: string }).nonce
}

/** A sign-in for `ORIGIN` on the Localnet by `key`, issued now, expiring in an hour, with a fresh nonce. */
async function input(overrides: Partial<SolanaSignInInput> = {}, signer = key): Promise<Fields> {
  const issuedAt = new Date()
  return {
    domain: 'dapp.example',
    address: signer.address,
    statement: 'Sign in to the dapp',
    uri: `${ORIGIN}/login`,
    version: '1',
    chainId: LOCALNET,
    nonce: await nonce(),
    issuedAt: issuedAt.toISOString(),
    expirationTime: new Date(issuedAt.getTime() + 60 * 60 * 1000).toISOString(),
    ...overrides,
  }
}

type Sent = { text?: string; chainId?: string; signer?: Key; signature?: (signature: string) => string; cacao?: (signature: string) => SiwxCacao }

/** Writes the message as a wallet does, signs its UTF-8 bytes with ed25519 and posts it (signature base58). */
async function verify(fields: Fields, sent: Sent = {}) {
  const text = sent.text ?? createSignInMessageText(fields)
  const signed = base58(ed25519.sign(new TextEncoder().encode(text), (sent.signer ?? key).secret))
  const signature = sent.signature ? sent.signature(signed) : signed
  const body = { message: text, signature, chainId: sent.chainId ?? LOCALNET, ...(sent.cacao ? { cacao: sent.cacao(signature) } : {}) }
  const response = await fetch(url('verify'), { method: 'POST', headers, body: JSON.stringify(body) })
  return { status: response.status, body: (await response.json()) as { error?: string; session?: unknown } }
}

const session = (address: string, chainId = LOCALNET) => fetch(url('session', `&address=${address}&chainId=${chainId}`))

function cacaoOf(fields: Fields, signature: string): SiwxCacao {
  return {
    h: { t: 'caip122' },
    p: {
      domain: fields.domain!,
      aud: fields.uri!,
      iss: `did:pkh:solana:${fields.chainId}:${fields.address}`,
      version: '1',
      nonce: fields.nonce!,
      iat: fields.issuedAt!,
      ...(fields.expirationTime ? { exp: fields.expirationTime } : {}),
      ...(fields.statement ? { statement: fields.statement } : {}),
    },
    s: { t: 'solana:ed25519', s: signature },
  }
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
/** `address` with its last letter that has a base58 other case in that case. */
function otherCaseAddress(address: string): string {
  for (let i = address.length - 1; i >= 0; i--) {
    const c = address[i]!
    const swapped = c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()
    if (swapped !== c && BASE58.includes(swapped)) return address.slice(0, i) + swapped + address.slice(i + 1)
  }
  throw new Error(`${address} has no letter with a base58 other case`)
}

describe('Sign In With Solana: the verifier', () => {
  it("verifies a wallet-written message signed by the address's key, and keeps the session under the base58 address and the cluster's reference", async () => {
    const fields = await input()
    const { status, body } = await verify(fields)
    expect(status, JSON.stringify(body)).toBe(200)
    expect(siwxSessionResponseSchema.parse(body).session).toMatchObject({ address: key.address, chainId: LOCALNET, domain: 'dapp.example', uri: `${ORIGIN}/login`, nonce: fields.nonce })
    expect(siwxSessionResponseSchema.parse(await (await session(key.address)).json()).session.nonce).toBe(fields.nonce)
    // Base58 is case-sensitive: the address with one letter in the other case is another account. The
    // last letter whose other case is base58 too (l, I and O are not), so it still reads as 32 bytes.
    expect((await session(otherCaseAddress(key.address))).status).toBe(404)
    expect((await session(key.address, '31337')).status).toBe(404)
  })

  it('a message with a matching CACAO (solana:ed25519) is verified; one that says another nonce is refused', async () => {
    const fields = await input({}, other)
    expect((await verify(fields, { signer: other, cacao: (s) => cacaoOf(fields, s) })).status).toBe(200)
    const next = await input({}, other)
    const lying = await verify(next, { signer: other, cacao: (s) => cacaoOf({ ...next, nonce: 'zzzzzzzzzz' }, s) })
    expect(lying).toEqual({ status: 401, body: { error: "The CACAO does not match the message and signature: the CACAO's nonce is not the message's nonce" } })
  })

  it('refuses a tampered signature, a signature by another key, and a message changed after signing', async () => {
    const tampered = (s: string) => {
      const bytes = new Uint8Array(getBase58Encoder().encode(s))
      bytes[10] = bytes[10]! ^ 1
      return base58(bytes)
    }
    expect(await verify(await input(), { signature: tampered })).toEqual({ status: 401, body: { error: 'Invalid signature' } })
    expect(await verify(await input(), { signer: other })).toEqual({ status: 401, body: { error: 'Invalid signature' } })
    const fields = await input()
    const signed = base58(ed25519.sign(new TextEncoder().encode(createSignInMessageText(fields)), key.secret))
    const changed = createSignInMessageText({ ...fields, statement: 'Send all my SOL' })
    const response = await fetch(url('verify'), { method: 'POST', headers, body: JSON.stringify({ message: changed, signature: signed, chainId: LOCALNET }) })
    expect(response.status).toBe(401)
  })

  it('refuses another domain, a URI on another origin, an expired message, and a nonce not issued here or used already', async () => {
    expect(await verify(await input({ domain: 'evil.example' }))).toEqual({ status: 401, body: { error: "Domain evil.example is not the requesting origin's host dapp.example" } })
    expect(await verify(await input({ uri: 'https://evil.example/login' }))).toEqual({ status: 401, body: { error: `URI https://evil.example/login is not on the requesting origin ${ORIGIN}` } })
    const issued = new Date(Date.now() - 30_000)
    const expired = await input({ issuedAt: issued.toISOString(), expirationTime: new Date(Date.now() - 1000).toISOString() })
    expect(await verify(expired)).toEqual({ status: 401, body: { error: 'Message expired: sign a new one' } })
    expect(await verify(await input({ nonce: 'abcdefgh12345678' }))).toEqual({ status: 401, body: { error: 'Unknown or used nonce: ask for a new one' } })
    const once = await input()
    expect((await verify(once)).status).toBe(200)
    expect(await verify(once)).toEqual({ status: 401, body: { error: 'Unknown or used nonce: ask for a new one' } })
  })

  it('refuses a chain that is not the connected one, a cluster it does not sign in on, and a message not written as wallets write it', async () => {
    const mainnet = SOLANA_CAIP_IDS.mainnet.slice('solana:'.length)
    expect(await verify(await input(), { chainId: mainnet })).toEqual({ status: 401, body: { error: `Chain ID ${LOCALNET} is not the connected chain ${mainnet}` } })
    expect(await verify(await input({ chainId: mainnet }), { chainId: mainnet })).toEqual({ status: 400, body: { error: `Unsupported chain ${mainnet}` } })
    const fields = await input()
    // A line said twice (the nonce again, out of order): it could be read two ways.
    const twice = `${createSignInMessageText(fields)}\nNonce: ${fields.nonce}`
    expect(await verify(fields, { text: twice })).toEqual({ status: 400, body: { error: 'Invalid message: not a Sign In With Solana message' } })
    expect((await verify(fields, { text: `${createSignInMessageText(fields)}\nWarning: none` })).status).toBe(400)
    const noNonce = await input({ nonce: undefined })
    expect((await verify(noNonce)).status).toBe(400)
  })

  it('signs a Solana account out (only its own sessions)', async () => {
    const fields = await input()
    expect((await verify(fields)).status).toBe(200)
    const out = await fetch(url('sign-out'), { method: 'POST', headers, body: JSON.stringify({ address: key.address }) })
    expect(out.status).toBe(200)
    expect((await session(key.address)).status).toBe(404)
    expect((await session(other.address)).status).toBe(200)
  })
})
