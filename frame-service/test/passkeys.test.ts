import { randomBytes } from 'node:crypto'
import { getBase58Encoder } from '@solana/kit'
import * as OTPAuth from 'otpauth'
import { Keypair } from '@solana/web3.js'
import { createPublicClient, createTestClient, http, numberToHex, parseEther, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { startMailbox, type Mailbox } from '../../sandbox/src/sign-in/mailbox.ts'
import { FRAME_API, type FrameApi, type FrameApiName } from '../src/api.ts'
import { FRAME_MESSAGES } from '../src/messages.ts'
import { PASSKEY_CHALLENGE_TTL_MS } from '../src/passkeys.ts'
import { startFrameService, type FrameServiceHandle } from '../src/server.ts'
import { assert, createCredential } from './webauthn-authenticator.ts'
import { freePort } from '../../sandbox/src/ports.ts'
import { startAnvil, type AnvilNode } from '../../sandbox/src/chain/anvil.ts'

/**
 * Passkeys against the real service and its store (PGlite in memory), with a software
 * authenticator that signs as a real one does and can also lie (another origin, a replay, no user
 * verification, a counter going back), which a browser's authenticator never lets a test do.
 */
const DAPP = 'http://127.0.0.1:5173'
let service: FrameServiceHandle
let mailbox: Mailbox
/** A real chain, so approvals' sends are simulated and signed as in production. */
let anvil: AnvilNode
/** The frame's loopback origin a browser accepts as a relying party (the service answers on it too). */
let frame: string
/** How far the service's clock is moved on (to see a challenge expire without waiting). */
let skew = 0

type Caller = { origin?: string; binding?: string; token?: string }
const newBinding = () => randomBytes(32).toString('base64url')

async function call<N extends FrameApiName>(name: N, body: z.input<FrameApi[N]['request']>, caller: Caller = {}) {
  const res = await fetch(`${service.url}${FRAME_API[name].path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: caller.origin ?? frame,
      'x-portico-project': 'portico-demo',
      'x-portico-embedder': DAPP,
      'x-portico-binding': caller.binding ?? BINDING,
      ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
    },
    body: JSON.stringify(body),
  })
  const json: unknown = await res.json()
  return { status: res.status, json }
}
async function ok<N extends FrameApiName>(name: N, body: z.input<FrameApi[N]['request']>, caller: Caller = {}): Promise<z.output<FrameApi[N]['response']>> {
  const answer = await call(name, body, caller)
  expect(answer.status, JSON.stringify(answer.json)).toBe(200)
  return FRAME_API[name].response.parse(answer.json) as z.output<FrameApi[N]['response']>
}
async function refused<N extends FrameApiName>(name: N, body: z.input<FrameApi[N]['request']>, caller: Caller = {}) {
  const answer = await call(name, body, caller)
  expect(answer.status).toBeGreaterThanOrEqual(400)
  return { status: answer.status, error: z.object({ error: z.string() }).parse(answer.json).error }
}
const BINDING = newBinding()

async function emailLogin(email: string): Promise<string> {
  const deviceId = randomBytes(16).toString('hex')
  const { action } = await ok('emailConnect', { email, deviceId })
  expect(action).toBe('VERIFY_OTP')
  await expect.poll(() => mailbox.messages(email).length, { timeout: 10_000 }).toBeGreaterThan(0)
  const otp = /\b(\d{6})\b/.exec(mailbox.messages(email).at(-1)!.text)![1]!
  return (await ok('emailOtp', { email, deviceId, otp })).token
}

/** Approvals of this many USD or more need a fresh factor; ETH is priced at 3000 USD. */
const STEP_UP_USD = 1000
beforeAll(async () => {
  mailbox = await startMailbox()
  const [port, chainPort] = [await freePort(), await freePort()]
  anvil = await startAnvil({ port: chainPort, chainId: 31337 })
  service = await startFrameService({
    port,
    chains: [{ id: 31337, name: 'Portico Local', rpcUrl: anvil.rpcUrl, viemChain: foundry }],
    projects: { 'portico-demo': [DAPP] },
    mail: { smtpUrl: mailbox.smtpUrl },
    usdPrices: { ETH: 3000 },
    stepUpUsd: STEP_UP_USD,
    now: () => Date.now() + skew,
  })
  frame = `http://localhost:${port}`
}, 120_000)
afterAll(async () => {
  await service?.shutdown()
  await mailbox?.stop()
  await anvil?.stop()
})

/** A signed-in visitor with one passkey made on the frame's origin. */
async function visitorWithPasskey(label: string) {
  const token = await emailLogin(`${label}-${Date.now()}@example.org`)
  const { options } = await ok('passkeyRegisterOptions', {}, { token })
  const made = createCredential(z.object({ challenge: z.string(), rp: z.object({ id: z.string() }), user: z.object({ id: z.string() }) }).parse(options), frame)
  const { passkey } = await ok(
    'passkeyRegister',
    { response: made.response, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36' },
    { token },
  )
  const user = await ok('user', {}, { token })
  return { token, credential: made.credential, passkey, address: user.address }
}
const loginOptions = async (caller: Caller = {}) => z.object({ challenge: z.string() }).parse((await ok('passkeyLoginOptions', {}, caller)).options)

describe('passkeys', () => {
  it('a passkey added after an email login signs the same user in with no email; its relying party is the frame host', async () => {
    const { token, credential, passkey, address } = await visitorWithPasskey('returning')
    expect(credential.rpId).toBe('localhost')
    expect(passkey).toMatchObject({ name: 'Chrome on Linux', lastUsedAt: null })
    expect((await ok('passkeys', {}, { token })).passkeys).toEqual([passkey])

    const options = await loginOptions()
    const { token: fresh } = await ok('passkeyLogin', { response: assert(credential, options, frame) })
    expect(fresh).not.toBe(token)
    expect((await ok('user', {}, { token: fresh })).address).toBe(address)
    const [listed] = (await ok('passkeys', {}, { token: fresh })).passkeys
    expect(listed?.lastUsedAt).toBeGreaterThan(0)
  })

  it('a replayed assertion, a wrong signature, another origin, no user verification and a counter going back are refused', async () => {
    const { credential } = await visitorWithPasskey('attacks')
    const options = await loginOptions()
    const good = assert(credential, options, frame)
    await ok('passkeyLogin', { response: good })
    // The same assertion again: its challenge was taken.
    expect(await refused('passkeyLogin', { response: good })).toEqual({ status: 400, error: FRAME_MESSAGES.socialStateUnknown })

    const forged = assert(credential, await loginOptions(), frame)
    const signature = Buffer.from(forged.response.signature, 'base64url')
    signature.writeUInt8(signature.readUInt8(signature.length - 1) ^ 0x01, signature.length - 1)
    expect((await refused('passkeyLogin', { response: { ...forged, response: { ...forged.response, signature: signature.toString('base64url') } } })).error).toBe(FRAME_MESSAGES.passkeyFailed)

    // Made for another origin (a page of its own on the same host): the client data names it.
    expect((await refused('passkeyLogin', { response: assert(credential, await loginOptions(), frame, { origin: 'http://localhost:1' }) })).error).toBe(FRAME_MESSAGES.passkeyFailed)
    // Another relying party's credential hash.
    expect((await refused('passkeyLogin', { response: assert(credential, await loginOptions(), frame, { rpId: 'evil.example' }) })).error).toBe(FRAME_MESSAGES.passkeyFailed)
    expect((await refused('passkeyLogin', { response: assert(credential, await loginOptions(), frame, { userVerified: false }) })).error).toBe(FRAME_MESSAGES.passkeyFailed)
    expect((await refused('passkeyLogin', { response: assert(credential, await loginOptions(), frame, { counter: 1 }) })).error).toBe(FRAME_MESSAGES.passkeyFailed)
    // A registration's client data is no sign-in.
    expect((await refused('passkeyLogin', { response: assert(credential, await loginOptions(), frame, { type: 'webauthn.create' }) })).error).toBe(FRAME_MESSAGES.passkeyFailed)
    // Still good afterwards with a fresh counter.
    await ok('passkeyLogin', { response: assert(credential, await loginOptions(), frame, { counter: 100 }) })
  })

  it('a challenge is bound to the browser session and origin that asked, and expires unanswered', async () => {
    const { credential } = await visitorWithPasskey('bound')
    const options = await loginOptions()
    // Another browser session (its binding secret) cannot answer it.
    expect((await refused('passkeyLogin', { response: assert(credential, options, frame) }, { binding: newBinding() })).error).toBe(FRAME_MESSAGES.socialStateUnknown)
    // Asked on the frame's public origin, answered on another of its origins: refused.
    const onPublic = await loginOptions({ origin: service.url })
    expect((await refused('passkeyLogin', { response: assert(credential, onPublic, frame) })).error).toBe(FRAME_MESSAGES.socialStateUnknown)
    // Unanswered for longer than its life: gone.
    const late = await loginOptions()
    skew = PASSKEY_CHALLENGE_TTL_MS + 1_000
    try {
      expect((await refused('passkeyLogin', { response: assert(credential, late, frame) })).error).toBe(FRAME_MESSAGES.socialStateUnknown)
    } finally {
      skew = 0
    }
    // Any origin that is not the frame's is refused before anything.
    expect((await refused('passkeyLoginOptions', {}, { origin: DAPP })).status).toBe(403)
  })

  it('a new passkey needs the signed-in session that asked; one made for another origin or without user verification is refused', async () => {
    const token = await emailLogin(`register-${Date.now()}@example.org`)
    const other = await emailLogin(`other-${Date.now()}@example.org`)
    expect((await refused('passkeyRegisterOptions', {})).status).toBe(401)
    const parse = (o: unknown) => z.object({ challenge: z.string(), rp: z.object({ id: z.string() }), user: z.object({ id: z.string() }) }).parse(o)
    const options = parse((await ok('passkeyRegisterOptions', {}, { token })).options)
    expect(options.rp.id).toBe('localhost')
    // Another user's session cannot finish this user's ceremony.
    expect((await refused('passkeyRegister', { response: createCredential(options, frame).response, userAgent: '' }, { token: other })).error).toBe(FRAME_MESSAGES.socialStateUnknown)
    const again = parse((await ok('passkeyRegisterOptions', {}, { token })).options)
    expect((await refused('passkeyRegister', { response: createCredential(again, frame, { origin: 'http://localhost:1' }).response, userAgent: '' }, { token })).error).toBe(
      FRAME_MESSAGES.passkeyFailed,
    )
    const third = parse((await ok('passkeyRegisterOptions', {}, { token })).options)
    expect((await refused('passkeyRegister', { response: createCredential(third, frame, { userVerified: false }).response, userAgent: '' }, { token })).error).toBe(FRAME_MESSAGES.passkeyFailed)
    const fourth = parse((await ok('passkeyRegisterOptions', {}, { token })).options)
    expect((await refused('passkeyRegister', { response: createCredential(fourth, frame, { rpId: 'evil.example' }).response, userAgent: '' }, { token })).error).toBe(FRAME_MESSAGES.passkeyFailed)
    expect((await ok('passkeys', {}, { token })).passkeys).toEqual([])
  })

  it('a passkey can be removed, but never the last way in', async () => {
    const { token, passkey, credential } = await visitorWithPasskey('remove')
    const user = await ok('user', {}, { token })
    // A user whose only way in is this passkey (no email, no social account).
    await service.store.db.query('UPDATE users SET email = NULL WHERE address = $1', [user.address])
    expect(await refused('passkeyRemove', { id: passkey.id }, { token })).toEqual({ status: 409, error: FRAME_MESSAGES.passkeyLastWayIn })
    await service.store.db.query("UPDATE users SET email = 'back-' || id || '@example.org' WHERE address = $1", [user.address])
    expect(await ok('passkeyRemove', { id: passkey.id }, { token })).toEqual({ removed: true })
    expect((await ok('passkeys', {}, { token })).passkeys).toEqual([])
    // Removed: it signs nobody in.
    expect((await refused('passkeyLogin', { response: assert(credential, await loginOptions(), frame) })).error).toBe(FRAME_MESSAGES.passkeyUnknown)
  })
})

describe('key export', () => {
  it('needs a login or passkey of the last 5 minutes; the keys shown are the accounts’ own, and the visitor is mailed', async () => {
    const email = `export-${Date.now()}@example.org`
    const token = await emailLogin(email)
    const user = await ok('user', {}, { token })
    expect((await refused('exportKey', { chain: 'evm' })).status).toBe(401)
    // Signed in just now: a fresh factor.
    const { key } = await ok('exportKey', { chain: 'evm' }, { token })
    expect(key).toMatch(/^0x[0-9a-f]{64}$/)
    expect(privateKeyToAccount(key as `0x${string}`).address).toBe(user.address)
    const solana = (await ok('exportKey', { chain: 'solana' }, { token })).key
    expect(Keypair.fromSecretKey(new Uint8Array(getBase58Encoder().encode(solana))).publicKey.toBase58()).toBe(user.solanaAddress)
    await expect.poll(() => mailbox.messages(email).filter((m) => m.subject === 'Your Portico wallet key was exported').length, { timeout: 10_000 }).toBe(2)

    // Six minutes later the login is no longer fresh: refused until a passkey of the user's is proved again.
    const { options } = await ok('passkeyRegisterOptions', {}, { token })
    const made = createCredential(z.object({ challenge: z.string(), rp: z.object({ id: z.string() }), user: z.object({ id: z.string() }) }).parse(options), frame)
    await ok('passkeyRegister', { response: made.response, userAgent: '' }, { token })
    skew = 6 * 60_000
    try {
      expect(await refused('exportKey', { chain: 'evm' }, { token })).toEqual({ status: 403, error: FRAME_MESSAGES.freshFactorNeeded })
      // Another user's passkey proves nothing for this one.
      const stranger = await visitorWithPasskey('stranger')
      const otherOptions = z.object({ challenge: z.string() }).parse((await ok('stepUpOptions', {}, { token })).options)
      expect((await refused('stepUp', { response: assert(stranger.credential, otherOptions, frame) }, { token })).status).toBe(401)
      expect((await refused('exportKey', { chain: 'evm' }, { token })).status).toBe(403)
      const stepUp = z.object({ challenge: z.string() }).parse((await ok('stepUpOptions', {}, { token })).options)
      await ok('stepUp', { response: assert(made.credential, stepUp, frame) }, { token })
      expect((await ok('exportKey', { chain: 'evm' }, { token })).key).toBe(key)
    } finally {
      skew = 0
    }
  })
})

describe('authenticator app (TOTP)', () => {
  it('a code of the secret works once; a reused or old one does not; recovery codes work once; each is a fresh factor', async () => {
    const token = await emailLogin(`totp-${Date.now()}@example.org`)
    const { uri, secret } = await ok('totpSetup', {}, { token })
    const parsed = OTPAuth.URI.parse(uri)
    expect(parsed).toBeInstanceOf(OTPAuth.TOTP)
    expect((parsed as OTPAuth.TOTP).secret.base32).toBe(secret)
    const app = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 })
    const codeAt = (ms: number) => app.generate({ timestamp: Date.now() + ms })
    // Step the clock to the start of a fresh 30-second step, so each code below is the one of its step.
    skew = 30_000 - (Date.now() % 30_000) + 1_000
    try {
      const first = codeAt(skew)
      const { recoveryCodes } = await ok('totpEnable', { code: first }, { token })
      expect(recoveryCodes).toHaveLength(10)
      expect(new Set(recoveryCodes).size).toBe(10)
      // The setup's secret cannot be read again once on.
      expect((await refused('totpSetup', {}, { token })).status).toBe(409)
      // The same code again: taken.
      expect((await refused('totpStepUp', { code: first }, { token })).error).toBe(FRAME_MESSAGES.invalidCode)
      // The next step's code works, once.
      skew += 30_000
      const second = codeAt(skew)
      await ok('totpStepUp', { code: second }, { token })
      expect((await refused('totpStepUp', { code: second }, { token })).error).toBe(FRAME_MESSAGES.invalidCode)
      // An old code (from two steps ago) and a wrong one are refused.
      skew += 30_000
      expect((await refused('totpStepUp', { code: codeAt(skew - 60_000) }, { token })).error).toBe(FRAME_MESSAGES.invalidCode)
      // A recovery code works once (in any case, with or without its dash).
      const recovery = recoveryCodes[0]!
      await ok('totpStepUp', { code: recovery.toLowerCase() }, { token })
      expect((await refused('totpStepUp', { code: recovery.replace('-', '') }, { token })).error).toBe(FRAME_MESSAGES.invalidCode)
      // Ten minutes on, the login is stale: a fresh code makes the export possible again.
      skew += 10 * 60_000
      expect((await refused('exportKey', { chain: 'evm' }, { token })).status).toBe(403)
      await ok('totpStepUp', { code: codeAt(skew) }, { token })
      await ok('exportKey', { chain: 'evm' }, { token })
      // Ten tries in five minutes, right or wrong: then refused.
      const statuses: number[] = []
      for (let i = 0; i < 10; i++) statuses.push((await refused('totpStepUp', { code: '000000' }, { token })).status)
      expect(statuses.slice(0, 8).every((s) => s === 400)).toBe(true)
      expect(statuses.at(-1)).toBe(429)
    } finally {
      skew = 0
    }
  })
})

describe('a fresh second factor for large approvals (1000 USD and up, ETH at 3000 USD)', () => {
  it('a send worth 1000 USD or more needs a sign-in, passkey or app code of the last 5 minutes; a smaller one never does; nothing refused is sent', async () => {
    const token = await emailLogin(`step-up-${Date.now()}@example.org`)
    const { address } = await ok('user', {}, { token })
    const chain = createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl) })
    await createTestClient({ chain: foundry, mode: 'anvil', transport: http(anvil.rpcUrl) }).setBalance({ address: address as Address, value: parseEther('10') })
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const send = (eth: string) => ({ method: 'eth_sendTransaction', params: [{ from: address, to: receiver, value: numberToHex(parseEther(eth)) }], chainId: 31337 })
    /** Sends and waits for it to be mined. */
    const sent = async (eth: string) => {
      const { result } = await ok('rpc', send(eth), { token })
      await chain.waitForTransactionReceipt({
        hash: z
          .string()
          .regex(/^0x[0-9a-f]{64}$/)
          .parse(result) as `0x${string}`,
      })
    }
    // Signed in just now: 0.5 ETH (1500 USD) goes.
    await sent('0.5')
    expect(await chain.getBalance({ address: receiver })).toBe(parseEther('0.5'))

    const { secret } = await ok('totpSetup', {}, { token })
    const app = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 })
    skew = 30_000 - (Date.now() % 30_000) + 1_000
    try {
      await ok('totpEnable', { code: app.generate({ timestamp: Date.now() + skew }) }, { token })
      // Six minutes on: the same amount is refused, by the service, before anything is signed; 0.3 ETH (900 USD) goes.
      skew += 6 * 60_000
      expect(await refused('rpc', send('0.5'), { token })).toEqual({ status: 403, error: FRAME_MESSAGES.freshFactorNeeded })
      await sent('0.3')
      expect(await chain.getBalance({ address: receiver })).toBe(parseEther('0.8'))
      // A code of the app: the large send goes, and again within the 5 minutes.
      await ok('totpStepUp', { code: app.generate({ timestamp: Date.now() + skew }) }, { token })
      await sent('0.5')
      skew += 4 * 60_000
      await sent('0.5')
      // Past them, refused again; a passkey of the visitor's is a fresh factor too.
      skew += 2 * 60_000
      expect((await refused('rpc', send('0.4'), { token })).error).toBe(FRAME_MESSAGES.freshFactorNeeded)
      const { options } = await ok('passkeyRegisterOptions', {}, { token })
      const made = createCredential(z.object({ challenge: z.string(), rp: z.object({ id: z.string() }), user: z.object({ id: z.string() }) }).parse(options), frame)
      await ok('passkeyRegister', { response: made.response, userAgent: '' }, { token })
      const stepUp = z.object({ challenge: z.string() }).parse((await ok('stepUpOptions', {}, { token })).options)
      await ok('stepUp', { response: assert(made.credential, stepUp, frame) }, { token })
      await sent('0.4')
      expect(await chain.getBalance({ address: receiver })).toBe(parseEther('2.2'))
    } finally {
      skew = 0
    }
  })
})
