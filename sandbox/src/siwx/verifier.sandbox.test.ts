/**
 * The SIWX verifier over real HTTP against the sandbox's data API, with messages signed by real
 * accounts (viem): a sign-in is bound to the requesting page's origin, the connected chain, a nonce
 * this server issued for the project, its times, and any CACAO it carries; sessions belong to a project.
 */
import { siwxSessionResponseSchema, type SiwxCacao } from '@portico/shared-types'
import { createPublicClient, http, type Hex, type PublicClient } from 'viem'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { createSiweMessage, type SiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type SandboxHandle } from '../index.ts'
import { testSandboxOptions } from '../../test/helpers.ts'
import { MAX_OUTSTANDING_NONCES, NONCE_TTL_MS, SiwxVerifier } from './verifier.ts'

let sandbox: SandboxHandle
let account: PrivateKeyAccount
let other: PrivateKeyAccount

const ORIGIN = 'https://dapp.example'
const EVIL = 'https://evil.example'
const PROJECT_A = 'project-a'
const PROJECT_B = 'project-b'

beforeAll(async () => {
  sandbox = await startSandbox(testSandboxOptions(22660))
  account = privateKeyToAccount(generatePrivateKey())
  other = privateKeyToAccount(generatePrivateKey())
}, 180_000)
afterAll(() => sandbox?.stop())

const url = (path: string, project = PROJECT_A, query = '') => `${sandbox.dataApi.url}/v1/siwx/${path}?projectId=${project}&st=test&sv=test${query}`
const headers = (origin: string | undefined) => ({ 'content-type': 'application/json', ...(origin ? { origin } : {}) })

async function nonce({ project = PROJECT_A, origin = ORIGIN as string | undefined } = {}): Promise<string> {
  const response = await fetch(url('nonce', project), { headers: headers(origin) })
  expect(response.status).toBe(200)
  return ((await response.json()) as { nonce: string }).nonce
}

/** An EIP-4361 message for `ORIGIN` on chain 31337, issued now, expiring in an hour, with a fresh nonce. */
async function message(overrides: Partial<SiweMessage> = {}, signer = account): Promise<SiweMessage> {
  const issuedAt = new Date()
  return {
    address: signer.address,
    chainId: 31337,
    domain: 'dapp.example',
    uri: `${ORIGIN}/login`,
    version: '1',
    nonce: await nonce(),
    issuedAt,
    expirationTime: new Date(issuedAt.getTime() + 60 * 60 * 1000),
    statement: 'Sign in to the dapp',
    ...overrides,
  }
}

/** The CACAO (CAIP-74) of a message, as a wallet answers WalletConnect's one-click sign-in. */
function cacaoOf(m: SiweMessage, signature: Hex): SiwxCacao {
  return {
    h: { t: 'caip122' },
    p: {
      domain: m.domain,
      aud: m.uri,
      iss: `did:pkh:eip155:${m.chainId}:${m.address}`,
      version: '1',
      nonce: m.nonce,
      iat: m.issuedAt!.toISOString(),
      ...(m.expirationTime ? { exp: m.expirationTime.toISOString() } : {}),
      ...(m.notBefore ? { nbf: m.notBefore.toISOString() } : {}),
      ...(m.statement ? { statement: m.statement } : {}),
    },
    s: { t: 'eip191', s: signature },
  }
}

type Sent = { text?: string; chainId?: number; origin?: string | undefined; project?: string; cacao?: (signature: Hex) => SiwxCacao; signer?: PrivateKeyAccount }

/** Signs `m` (or `text`) with the account and posts it to the verifier. */
async function verify(m: SiweMessage, sent: Sent = {}): Promise<{ status: number; body: { error?: string; session?: unknown } }> {
  const text = sent.text ?? createSiweMessage(m)
  const signature = await (sent.signer ?? account).signMessage({ message: text })
  const body = { message: text, signature, chainId: sent.chainId ?? 31337, ...(sent.cacao ? { cacao: sent.cacao(signature) } : {}) }
  const response = await fetch(url('verify', sent.project ?? PROJECT_A), { method: 'POST', headers: headers('origin' in sent ? sent.origin : ORIGIN), body: JSON.stringify(body) })
  return { status: response.status, body: (await response.json()) as { error?: string; session?: unknown } }
}

const session = async (project: string, address = account.address, chainId = 31337) => fetch(url('session', project, `&address=${address}&chainId=${chainId}`))
const signOut = (project: string, origin: string | undefined, address = account.address) =>
  fetch(url('sign-out', project), { method: 'POST', headers: headers(origin), body: JSON.stringify({ address }) })

describe('SIWX verifier: the happy path', () => {
  it('verifies a message for the requesting origin, chain and nonce, and keeps the session for that project only', async () => {
    const m = await message()
    const { status, body } = await verify(m)
    expect(status, JSON.stringify(body)).toBe(200)
    expect(siwxSessionResponseSchema.parse(body).session).toMatchObject({ address: account.address, chainId: 31337, domain: 'dapp.example', uri: `${ORIGIN}/login`, nonce: m.nonce })
    expect(siwxSessionResponseSchema.parse(await (await session(PROJECT_A)).json()).session.nonce).toBe(m.nonce)
    expect((await session(PROJECT_B)).status).toBe(404)
  })

  it('a message with a matching CACAO is verified', async () => {
    const m = await message()
    const { status, body } = await verify(m, { cacao: (s) => cacaoOf(m, s) })
    expect(status, JSON.stringify(body)).toBe(200)
  })
})

describe('SIWX verifier: domain and URI are bound to the Origin header', () => {
  it('refuses a message for another domain, a URI on another origin or scheme, another origin sending it, and no Origin at all', async () => {
    expect(await verify(await message({ domain: 'evil.example' }))).toEqual({ status: 401, body: { error: "Domain evil.example is not the requesting origin's host dapp.example" } })
    expect(await verify(await message({ uri: `${EVIL}/login` }))).toEqual({ status: 401, body: { error: `URI ${EVIL}/login is not on the requesting origin ${ORIGIN}` } })
    expect(await verify(await message({ uri: 'http://dapp.example/login' }))).toEqual({ status: 401, body: { error: `URI http://dapp.example/login is not on the requesting origin ${ORIGIN}` } })
    // A message made for the dapp, replayed by another site's page: its nonce was issued to the dapp's origin.
    expect((await verify(await message(), { origin: EVIL })).status).toBe(401)
    // Another site's own nonce and message naming the dapp: the domain is not its origin's host.
    const evilNonce = await nonce({ origin: EVIL })
    expect(await verify(await message({ nonce: evilNonce }), { origin: EVIL })).toEqual({ status: 401, body: { error: "Domain dapp.example is not the requesting origin's host evil.example" } })
    expect(await verify(await message(), { origin: undefined })).toEqual({ status: 403, body: { error: 'Missing Origin: a sign-in is verified for the page that asks' } })
    expect((await verify(await message(), { origin: 'null' })).status).toBe(403)
    expect((await session(PROJECT_A, other.address)).status).toBe(404)
  })

  it('binds the port too: a message for the host without the port is refused from an origin with one', async () => {
    const origin = 'http://127.0.0.1:5173'
    const n = await nonce({ origin })
    const m = await message({ domain: '127.0.0.1', uri: `${origin}/`, nonce: n })
    expect(await verify(m, { origin })).toEqual({ status: 401, body: { error: "Domain 127.0.0.1 is not the requesting origin's host 127.0.0.1:5173" } })
    const ok = await message({ domain: '127.0.0.1:5173', uri: `${origin}/`, nonce: await nonce({ origin }) })
    expect((await verify(ok, { origin })).status).toBe(200)
  })
})

describe('SIWX verifier: the connected chain', () => {
  it('refuses a message whose chain is not the connected one, even on a chain it serves', async () => {
    expect(sandbox.chains.map((c) => c.chainId)).toContain(31338)
    expect(await verify(await message({ chainId: 31338 }), { chainId: 31337 })).toEqual({ status: 401, body: { error: 'Chain ID 31338 is not the connected chain 31337' } })
    expect(await verify(await message(), { chainId: 31338 })).toEqual({ status: 401, body: { error: 'Chain ID 31337 is not the connected chain 31338' } })
    const wrong = await fetch(url('verify'), { method: 'POST', headers: headers(ORIGIN), body: JSON.stringify({ message: 'x', signature: '0x00' }) })
    expect(wrong.status).toBe(400)
  })
})

describe('SIWX verifier: nonces', () => {
  it('accepts a nonce once, only one it issued, only for the project it was issued for', async () => {
    const m = await message()
    expect((await verify(m)).status).toBe(200)
    expect(await verify(m)).toEqual({ status: 401, body: { error: 'Unknown or used nonce: ask for a new one' } })
    expect(await verify(await message({ nonce: 'a1b2c3d4e5f6a7b8c9d0' }))).toEqual({ status: 401, body: { error: 'Unknown or used nonce: ask for a new one' } })
    const forB = await nonce({ project: PROJECT_B })
    expect(await verify(await message({ nonce: forB }), { project: PROJECT_A })).toEqual({ status: 401, body: { error: 'Unknown or used nonce: ask for a new one' } })
    // A refused attempt uses the nonce up as well.
    const once = await message()
    expect((await verify(once, { chainId: 31338 })).status).toBe(401)
    expect(await verify(once)).toEqual({ status: 401, body: { error: 'Unknown or used nonce: ask for a new one' } })
  })

  it('a nonce older than 10 minutes is refused (the verifier on a clock of its own, against the sandbox chain)', async () => {
    let now = Date.now()
    const verifier = new SiwxVerifier(() => now)
    const client = createPublicClient({ transport: http(sandbox.chains[0]!.rpcUrl) }) as PublicClient
    const sign = async (n: string) => {
      const text = createSiweMessage({ address: account.address, chainId: 31337, domain: 'dapp.example', uri: ORIGIN, version: '1', nonce: n, issuedAt: new Date(now) })
      return verifier.verify({ message: text, signature: await account.signMessage({ message: text }), chainId: 31337, projectId: PROJECT_A, origin: ORIGIN }, () => client)
    }
    const fresh = verifier.nonce(PROJECT_A, ORIGIN)
    expect(await sign(fresh)).toMatchObject({ address: account.address, nonce: fresh })
    const stale = verifier.nonce(PROJECT_A, ORIGIN)
    now += NONCE_TTL_MS + 1
    expect(await sign(stale)).toEqual({ status: 401, error: 'Unknown or used nonce: ask for a new one' })
  })

  it('asking for nonces cannot fill the memory: past 10,000 waiting, the oldest is forgotten', async () => {
    const verifier = new SiwxVerifier()
    const client = createPublicClient({ transport: http(sandbox.chains[0]!.rpcUrl) }) as PublicClient
    const sign = async (n: string) => {
      const text = createSiweMessage({ address: account.address, chainId: 31337, domain: 'dapp.example', uri: ORIGIN, version: '1', nonce: n, issuedAt: new Date() })
      return verifier.verify({ message: text, signature: await account.signMessage({ message: text }), chainId: 31337, projectId: PROJECT_A, origin: ORIGIN }, () => client)
    }
    const first = verifier.nonce(PROJECT_A, ORIGIN)
    const second = verifier.nonce(PROJECT_A, ORIGIN)
    for (let i = 0; i < MAX_OUTSTANDING_NONCES - 1; i += 1) verifier.nonce(PROJECT_A, ORIGIN)
    expect(await sign(first)).toEqual({ status: 401, error: 'Unknown or used nonce: ask for a new one' })
    expect(await sign(second)).toMatchObject({ nonce: second })
  })
})

describe('SIWX verifier: times', () => {
  it('refuses an expired message, one not yet valid, one issued in the future or before its nonce', async () => {
    const past = new Date(Date.now() - 60_000)
    expect(await verify(await message({ issuedAt: new Date(Date.now() - 1000), expirationTime: new Date(Date.now() - 500) }))).toEqual({
      status: 401,
      body: { error: 'Message expired: sign a new one' },
    })
    expect(await verify(await message({ notBefore: new Date(Date.now() + 10 * 60_000) }))).toEqual({ status: 401, body: { error: 'Message not yet valid (Not Before)' } })
    expect(await verify(await message({ issuedAt: new Date(Date.now() + 10 * 60_000), expirationTime: new Date(Date.now() + 20 * 60_000) }))).toEqual({
      status: 401,
      body: { error: 'Issued At is in the future' },
    })
    expect(await verify(await message({ issuedAt: new Date(past.getTime() - 60 * 60_000) }))).toEqual({ status: 401, body: { error: 'Issued At is before its nonce was issued' } })
    expect((await verify(await message({ notBefore: past }))).status).toBe(200)
  })

  it('refuses an unparseable Expiration Time, Not Before or Issued At instead of trusting it forever', async () => {
    for (const [field, bad] of [
      ['Expiration Time', 'next week'],
      ['Expiration Time', '2999-01-01'],
      ['Not Before', 'now'],
      ['Issued At', 'today'],
    ] as const) {
      const m = await message({ notBefore: new Date(Date.now() - 60_000) })
      const text = createSiweMessage(m).replace(new RegExp(`^${field}: .*$`, 'm'), `${field}: ${bad}`)
      expect(text).toContain(`${field}: ${bad}`)
      const { status, body } = await verify(m, { text })
      expect(status, `${field}: ${bad}`).toBe(400)
      expect(body.error).toMatch(/^Invalid message: /)
    }
    expect((await session(PROJECT_A, other.address)).status).toBe(404)
  })

  it('refuses a message with lines the grammar does not have (a second Expiration Time, an unknown field)', async () => {
    const m = await message()
    const text = `${createSiweMessage(m)}\nExpiration Time: 2999-01-01T00:00:00Z`
    expect((await verify(m, { text })).status).toBe(400)
    const m2 = await message()
    expect((await verify(m2, { text: `${createSiweMessage(m2)}\nValid: forever` })).status).toBe(400)
  })
})

describe('SIWX verifier: signatures and CACAOs', () => {
  it('refuses a signature by another account', async () => {
    expect(await verify(await message(), { signer: other })).toEqual({ status: 401, body: { error: 'Invalid signature' } })
  })

  it('refuses a CACAO whose message or signature differs from what it claims', async () => {
    const cases: [string, (m: SiweMessage, s: Hex) => SiwxCacao][] = [
      ['domain', (m, s) => cacaoOf({ ...m, domain: 'other.example' }, s)],
      ['aud', (m, s) => cacaoOf({ ...m, uri: `${ORIGIN}/elsewhere` }, s)],
      ['nonce', (m, s) => cacaoOf({ ...m, nonce: 'ffffffffffffffff' }, s)],
      ['exp', (m, s) => cacaoOf({ ...m, expirationTime: new Date(Date.now() + 365 * 24 * 3600_000) }, s)],
      ['exp unparseable', (m, s) => ({ ...cacaoOf(m, s), p: { ...cacaoOf(m, s).p, exp: 'never' } })],
      ['iss chain', (m, s) => cacaoOf({ ...m, chainId: 31338 }, s)],
      ['iss address', (m, s) => cacaoOf({ ...m, address: other.address }, s)],
      ['statement', (m, s) => cacaoOf({ ...m, statement: 'Something else' }, s)],
      ['signature', (m) => cacaoOf(m, `0x${'11'.repeat(65)}`)],
      ['signature type', (m, s) => ({ ...cacaoOf(m, s), s: { t: 'none', s } })],
    ]
    for (const [what, cacao] of cases) {
      const m = await message()
      const { status, body } = await verify(m, { cacao: (s) => cacao(m, s) })
      expect(status, what).toBe(401)
      expect(body.error, what).toMatch(/^The CACAO does not match the message and signature: /)
    }
  })
})

describe('SIWX verifier: sessions per project, sign-out per origin', () => {
  it('a sign-out from another project or another origin ends nothing; the signing origin ends its own', async () => {
    const m = await message({}, other)
    expect((await verify(m, { signer: other })).status).toBe(200)
    expect((await session(PROJECT_A, other.address)).status).toBe(200)
    expect((await signOut(PROJECT_B, ORIGIN, other.address)).status).toBe(200)
    expect((await signOut(PROJECT_A, EVIL, other.address)).status).toBe(200)
    expect((await signOut(PROJECT_A, undefined, other.address)).status).toBe(403)
    expect((await session(PROJECT_A, other.address)).status).toBe(200)
    expect((await signOut(PROJECT_A, ORIGIN, other.address)).status).toBe(200)
    expect((await session(PROJECT_A, other.address)).status).toBe(404)
  })
})
