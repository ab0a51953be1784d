import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createAppClient, createWalletClient, viemConnector } from '@farcaster/auth-client'
import { createPublicClient, http, parseAbi, parseEther, verifyMessage, verifyTypedData, type Hex } from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { startSandbox, type SandboxHandle } from '../../sandbox/src/index.ts'
import { testSandboxOptions } from '../../sandbox/test/helpers.ts'
import { CODE_TTL_MS, DEFAULT_FRAME_LIMITS, FrameAccounts, MAX_CODE_ATTEMPTS, SESSION_IDLE_MS, SESSION_LIFETIME_MS, type CallContext } from '../src/accounts.ts'
import { FRAME_API, type FrameApi, type FrameApiName } from '../src/api.ts'
import { mailboxMessageSchema } from '../../sandbox/src/sign-in/mailbox.ts'
import { FRAME_MESSAGES } from '../src/messages.ts'
import { DEV_MNEMONIC } from '../../sandbox/src/dev-accounts.ts'
import { FARCASTER_ID_REGISTRY_ADDRESS } from '../../sandbox/src/sign-in/farcaster-accounts.ts'
import { clientAddress, startFrameService, type FrameServiceHandle, type FrameServiceOptions } from '../src/server.ts'
import { FrameKey, frameKeySchema } from '../src/store/keys.ts'
import { openFrameStore } from '../src/store/store.ts'
import { freePort } from '../../sandbox/src/ports.ts'

// Ports of this file (README "Tests"): base 22630 (frame at base + 5). The lone frame services of
// the security tests take ports the system hands out (32768 and up, never a test's fixed port).
/** Waits in this file are generous: the machine may be shared and slow. No duration is asserted. */
const WAIT = { timeout: 20_000 }

let sandbox: SandboxHandle
let dataDir: string

/** Who calls: by default the frame page of `portico-demo` embedded by a dapp on 127.0.0.1:5173, in one browser session. */
type Caller = { origin?: string | null; project?: string | null; embedder?: string | null; binding?: string | null; forwardedFor?: string }
const DAPP = 'http://127.0.0.1:5173'
const newBinding = () => randomBytes(32).toString('base64url')
const BINDING = newBinding()

type Answer<N extends FrameApiName> = { status: number; headers: Headers; body: z.output<FrameApi[N]['response']> | { error: string } }

/** Calls a frame service's JSON API as the frame page does (its Origin, project, embedder and binding headers). */
async function callAt<N extends FrameApiName>(base: string, name: N, body: z.input<FrameApi[N]['request']>, token?: string, caller: Caller = {}): Promise<Answer<N>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  const origin = caller.origin === undefined ? base : caller.origin
  const project = caller.project === undefined ? 'portico-demo' : caller.project
  const embedder = caller.embedder === undefined ? DAPP : caller.embedder
  const binding = caller.binding === undefined ? BINDING : caller.binding
  if (origin !== null) headers['origin'] = origin
  if (project !== null) headers['x-portico-project'] = project
  if (embedder !== null) headers['x-portico-embedder'] = embedder
  if (binding !== null) headers['x-portico-binding'] = binding
  if (caller.forwardedFor) headers['x-forwarded-for'] = caller.forwardedFor
  if (token) headers['authorization'] = `Bearer ${token}`
  const res = await fetch(`${base}${FRAME_API[name].path}`, { method: 'POST', headers, body: JSON.stringify(body) })
  const json: unknown = await res.json()
  return { status: res.status, headers: res.headers, body: (res.ok ? FRAME_API[name].response.parse(json) : z.object({ error: z.string() }).parse(json)) as Answer<N>['body'] }
}
const call = <N extends FrameApiName>(name: N, body: z.input<FrameApi[N]['request']>, token?: string, caller?: Caller) => callAt(sandbox.frame.url, name, body, token, caller)
async function okAt<N extends FrameApiName>(base: string, name: N, body: z.input<FrameApi[N]['request']>, token?: string, caller?: Caller): Promise<z.output<FrameApi[N]['response']>> {
  const answer = await callAt(base, name, body, token, caller)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body as z.output<FrameApi[N]['response']>
}
const ok = <N extends FrameApiName>(name: N, body: z.input<FrameApi[N]['request']>, token?: string, caller?: Caller) => okAt(sandbox.frame.url, name, body, token, caller)
async function failureAt<N extends FrameApiName>(base: string, name: N, body: z.input<FrameApi[N]['request']>, token?: string, caller?: Caller): Promise<{ status: number; error: string }> {
  const answer = await callAt(base, name, body, token, caller)
  expect(answer.status).toBeGreaterThanOrEqual(400)
  return { status: answer.status, error: (answer.body as { error: string }).error }
}
const failure = <N extends FrameApiName>(name: N, body: z.input<FrameApi[N]['request']>, token?: string, caller?: Caller) => failureAt(sandbox.frame.url, name, body, token, caller)

async function mailboxAt(base: string, to: string) {
  // Every frame of this file sends through the sandbox's SMTP server: one mailbox.
  void base
  const res = await fetch(`${sandbox.frame.mail.url}/mailbox/messages?to=${encodeURIComponent(to)}`)
  expect(res.status).toBe(200)
  return z.array(mailboxMessageSchema).parse(await res.json())
}
const mailbox = (to: string) => mailboxAt(sandbox.frame.url, to)
async function lastCodeAt(base: string, to: string, after = 0): Promise<string> {
  await expect.poll(async () => (await mailboxAt(base, to)).length, WAIT).toBeGreaterThan(after)
  const last = (await mailboxAt(base, to)).at(-1)!
  const code = /\b(\d{6})\b/.exec(last.text)?.[1]
  if (!code) throw new Error(`no code in ${last.text}`)
  return code
}
const lastCode = (to: string, after = 0) => lastCodeAt(sandbox.frame.url, to, after)
const deviceA = 'device-aaaaaaaaaaaaaaaa'
const deviceB = 'device-bbbbbbbbbbbbbbbb'
const freshDevice = () => `device-${randomBytes(12).toString('hex')}`

/** Logs `email` in from `device` (first login: code only) and returns the session token. */
async function loginAt(base: string, email: string, device = deviceA, caller?: Caller): Promise<string> {
  const before = (await mailboxAt(base, email)).length
  expect(await okAt(base, 'emailConnect', { email, deviceId: device }, undefined, caller)).toEqual({ action: 'VERIFY_OTP' })
  return (await okAt(base, 'emailOtp', { email, deviceId: device, otp: await lastCodeAt(base, email, before) }, undefined, caller)).token
}
const login = (email: string, device = deviceA) => loginAt(sandbox.frame.url, email, device)

/** The clock of the shared lone frame service (tests move it forward only). */
let clock = 1_700_000_000_000
let sharedFrame: Promise<FrameServiceHandle> | undefined
/** One lone frame service on `clock`, shared by the tests that need no settings of their own (each start costs seconds). */
const shared = () => (sharedFrame ??= startLoneFrame({ now: () => clock }))

let proxiedFrame: Promise<FrameServiceHandle> | undefined
/** One lone frame service behind a trusted proxy (127.0.0.1), with small per-client limits: 3 mails, 3 wrong codes. */
const proxied = () => (proxiedFrame ??= startLoneFrame({ limits: { mailsPerClient: 3, wrongCodesPerClient: 3 }, trustedProxies: ['127.0.0.1'] }))

/** A frame service of its own (in-memory database unless told), on the sandbox's chains, closed after the file. */
const lone: FrameServiceHandle[] = []
async function startLoneFrame(extra: Partial<FrameServiceOptions> = {}): Promise<FrameServiceHandle> {
  const frame = await startFrameService({
    port: await freePort(),
    chains: sandbox.chains.map((c) => ({ id: c.chainId, name: c.name, rpcUrl: c.rpcUrl, viemChain: c.viemChain })),
    mail: { smtpUrl: sandbox.frame.mail.smtpUrl },
    projects: { 'portico-demo': ['http://127.0.0.1:*'], other: ['http://127.0.0.1:*'] },
    ...extra,
  })
  lone.push(frame)
  return frame
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'portico-frame-test-'))
  sandbox = await startSandbox(
    testSandboxOptions(22630, {
      services: ['frame'],
      seedHistory: false,
      env: { ...process.env, PORTICO_SANDBOX_DATA_DIR: undefined, PORTICO_FRAME_DATA_DIR: join(dataDir, 'sandbox-db'), PORTICO_FRAME_KEY_FILE: join(dataDir, 'sandbox.key') },
    }),
  )
}, 120_000)
afterAll(async () => {
  for (const frame of lone.splice(0)) await frame.shutdown().catch(() => undefined)
  await sandbox?.stop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

describe('embedded-wallet frame service', () => {
  it('is listed with its URL, serves the frame page with its config and CSP, refuses a malformed frame URL', async () => {
    expect(sandbox.services.find((s) => s.id === 'frame')?.endpoints[0]?.url).toBe(sandbox.frame.url)
    const res = await fetch(sandbox.frame.frameUrl({ projectId: 'portico-demo', chainId: 31337 }))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
    const html = await res.text()
    const config = JSON.parse(/<script type="application\/json" id="portico-frame-config">(.*?)<\/script>/.exec(html)?.[1] ?? 'null')
    expect(config).toMatchObject({ projectId: 'portico-demo', allowedOrigins: ['http://127.0.0.1:*'], chainId: 31337 })
    // Embedded only by the project's origins: `:*` is CSP's own form of any port.
    expect(res.headers.get('content-security-policy')).toContain('frame-ancestors http://127.0.0.1:*')
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
    sandbox.frame.projects.set('two-dapps', ['https://dapp.example', 'https://shop.example:8443'])
    try {
      const two = await fetch(sandbox.frame.frameUrl({ projectId: 'two-dapps', chainId: 31337 }))
      expect(two.headers.get('content-security-policy')).toContain('frame-ancestors https://dapp.example https://shop.example:8443')
    } finally {
      sandbox.frame.projects.remove('two-dapps')
    }
    for (const url of [sandbox.frame.frameUrl({ projectId: 'nobody', chainId: 31337 }), `${sandbox.frame.url}/frame?chainId=1`]) {
      const refused = await fetch(url)
      expect(refused.status).toBe(403)
      const text = await refused.text()
      expect(text).toContain('Invalid App Configuration')
      // Only the refusal's script (FRAME_INIT_ERROR to the embedder): no config, no frame script.
      expect(text).not.toContain('portico-frame-config')
      expect([...text.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1])).toEqual(['/assets/frame-refused.js'])
      expect(refused.headers.get('content-security-policy')).not.toContain('frame-ancestors')
    }
    // An iframe navigation whose Referer names an origin off the list: the refusal too (the real page would be blocked silently).
    const iframe = (referer: string) => fetch(sandbox.frame.frameUrl({ projectId: 'portico-demo', chainId: 31337 }), { headers: { referer, 'sec-fetch-dest': 'iframe' } })
    expect((await iframe('https://evil.example/page')).status).toBe(403)
    const allowedEmbed = await iframe(`${DAPP}/`)
    expect(allowedEmbed.status).toBe(200)
    expect(await allowedEmbed.text()).toContain('portico-frame-config')
    const script = await fetch(`${sandbox.frame.url}/assets/frame-refused.js`)
    expect(await script.text()).toContain("type: 'FRAME_INIT_ERROR'")
  })

  it('mails a six-digit code over SMTP; the mailbox answers it as JSON (newest last) and as a page', async () => {
    const email = 'Mail.Test@Example.com'
    expect(await ok('emailConnect', { email, deviceId: deviceA })).toEqual({ action: 'VERIFY_OTP' })
    const messages = await mailbox('mail.test@example.com')
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatchObject({ to: 'mail.test@example.com', from: 'wallet@portico.localhost', subject: expect.stringMatching(/^Your Portico code: \d{6}$/) })
    expect(messages[0]?.text).toMatch(/Your code to sign in is \d{6}\./)
    expect(Date.parse(messages[0]!.date)).not.toBeNaN()
    const page = await (await fetch(`${sandbox.frame.mail.url}/mailbox?to=mail.test@example.com`)).text()
    expect(page).toContain(messages[0]!.subject)
    expect((await fetch(`${sandbox.frame.mail.url}/mailbox/messages?to=not-an-email`)).status).toBe(400)
  })

  it('refuses a resend within 30 s, a wrong code, and any code after five wrong ones', async () => {
    const email = 'wrong-code@example.com'
    await ok('emailConnect', { email, deviceId: deviceA })
    const again = await failure('emailConnect', { email, deviceId: deviceA })
    expect(again.status).toBe(429)
    expect(again.error).toMatch(/^Please try again after (30|29|28|27|26|25) seconds$/)
    const code = await lastCode(email)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 1; i < MAX_CODE_ATTEMPTS; i++) expect((await failure('emailOtp', { email, deviceId: deviceA, otp: wrong })).error).toBe(FRAME_MESSAGES.invalidCode)
    expect((await failure('emailOtp', { email, deviceId: deviceA, otp: wrong })).error).toBe(FRAME_MESSAGES.tooManyAttempts)
    expect((await failure('emailOtp', { email, deviceId: deviceA, otp: code })).error).toBe(FRAME_MESSAGES.tooManyAttempts)
    expect((await failure('emailOtp', { email: 'never-asked@example.com', deviceId: deviceA, otp: code })).error).toBe(FRAME_MESSAGES.noCodeRequested)
  })

  it('logs in with the code; the user has a fresh funded address; a new device must confirm by the emailed link first', async () => {
    const email = 'device@example.com'
    const token = await login(email)
    const user = await ok('user', {}, token)
    // SPEC.md §4: a smart account by default, counterfactual until its first user operation; the key's EOA beside it.
    expect(user).toMatchObject({ email, chainId: 31337, preferredAccountType: 'smartAccount', smartAccountDeployed: false })
    const eoa = user.accounts?.find((a) => a.type === 'eoa')?.address
    expect(user.accounts).toEqual([
      { address: eoa, type: 'eoa' },
      { address: user.address, type: 'smartAccount' },
    ])
    const chain = sandbox.chains[0]!
    const reader = createPublicClient({ chain: chain.viemChain, transport: http(chain.rpcUrl) })
    // Both get the sandbox's funds: the key's EOA and the smart account the user sees.
    expect(await reader.getBalance({ address: eoa as Hex })).toBe(parseEther('10'))
    expect(await reader.getBalance({ address: user.address as Hex })).toBe(parseEther('10'))
    expect(await ok('emailConnect', { email, deviceId: deviceA }, token)).toEqual({ action: 'CONNECT' })

    // A second device (the 30 s bound is per address and device): the link first.
    expect(await ok('emailConnect', { email, deviceId: deviceB })).toEqual({ action: 'VERIFY_DEVICE' })
    const linkMail = (await mailbox(email)).at(-1)!
    expect(linkMail.subject).toBe('Confirm your new device')
    const link = /(http:\/\/\S+\/device\/confirm\?token=\S+)/.exec(linkMail.text)?.[1]
    expect(link).toBeDefined()
    expect((await failure('emailOtp', { email, deviceId: deviceB, otp: '123456' })).error).toBe(FRAME_MESSAGES.deviceNotConfirmed)
    const waiting = ok('emailDevice', { email, deviceId: deviceB })
    const page = await fetch(link!)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Device confirmed')
    expect(await waiting).toEqual({ confirmed: true })
    // The link works once.
    const again = await fetch(link!)
    expect(again.status).toBe(400)
    expect(await again.text()).toContain(FRAME_MESSAGES.linkInvalid)
    expect((await fetch(`${sandbox.frame.url}/device/confirm?token=forged`)).status).toBe(400)
    const tokenB = (await ok('emailOtp', { email, deviceId: deviceB, otp: await lastCode(email) })).token
    expect((await ok('user', {}, tokenB)).address).toBe(user.address)
  })

  it('signs with the user’s key (verified with viem), sends a transaction on chain 31337, forwards reads, refuses what SPEC §6 does not allow', async () => {
    const token = await login('signer@example.com')
    const smart = await ok('user', {}, token)
    // The smart account's transactions are user operations (smart-account.test.ts): this is the EOA's path.
    expect((await failure('rpc', { method: 'eth_sendTransaction', params: [{ from: smart.address, to: smart.address, value: '0x1' }] }, token)).error).toBe('Unsupported method eth_sendTransaction')
    expect((await ok('rpc', { method: 'eth_accounts' }, token)).result).toEqual([smart.address])
    const { address } = await ok('preferredAccount', { type: 'eoa' }, token)
    expect((await ok('user', {}, token)).preferredAccountType).toBe('eoa')
    const account = address as Hex
    const signature = (await ok('rpc', { method: 'personal_sign', params: ['0x68656c6c6f', account] }, token)).result as Hex
    expect(await verifyMessage({ address: account, message: 'hello', signature })).toBe(true)
    // One rule for hex with the frame's approval (personal-message.ts): odd-length hex is refused, never signed padded.
    expect((await failure('rpc', { method: 'personal_sign', params: ['0x68656c6c6', account] }, token)).error).toBe('Invalid params for personal_sign: the message is hex of an odd length')
    const text = (await ok('rpc', { method: 'personal_sign', params: ['0xhello', account] }, token)).result as Hex
    expect(await verifyMessage({ address: account, message: '0xhello', signature: text })).toBe(true)
    const typed = {
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Mail: [{ name: 'contents', type: 'string' }],
      },
      primaryType: 'Mail',
      domain: { name: 'Portico', chainId: 31337 },
      message: { contents: 'Hello, Bob!' },
    } as const
    const typedSignature = (await ok('rpc', { method: 'eth_signTypedData_v4', params: [account, JSON.stringify(typed)] }, token)).result as Hex
    expect(await verifyTypedData({ address: account, domain: typed.domain, types: { Mail: typed.types.Mail }, primaryType: 'Mail', message: typed.message, signature: typedSignature })).toBe(true)
    expect((await failure('rpc', { method: 'personal_sign', params: ['0x68', sandbox.devAccounts[1]!.address] }, token)).error).toBe(`Unknown account ${sandbox.devAccounts[1]!.address}`)

    const chain = sandbox.chains[0]!
    const client = createPublicClient({ chain: chain.viemChain, transport: http(chain.rpcUrl) })
    const receiver = sandbox.devAccounts[8]!.address
    const before = await client.getBalance({ address: receiver })
    const hash = (await ok('rpc', { method: 'eth_sendTransaction', params: [{ from: account, to: receiver, value: `0x${parseEther('0.5').toString(16)}` }] }, token)).result as Hex
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await client.getBalance({ address: receiver })).toBe(before + parseEther('0.5'))
    // Two sends at once: each gets its own nonce.
    const both = await Promise.all([1, 2].map((n) => ok('rpc', { method: 'eth_sendTransaction', params: [{ to: receiver, value: `0x${n.toString(16)}` }] }, token)))
    for (const { result } of both) expect((await client.waitForTransactionReceipt({ hash: result as Hex })).status).toBe('success')
    const balance = (await ok('rpc', { method: 'eth_getBalance', params: [account, 'latest'] }, token)).result
    expect(BigInt(balance as string)).toBe(await client.getBalance({ address: account }))
    expect((await ok('rpc', { method: 'eth_accounts' }, token)).result).toEqual([account])
    expect((await ok('rpc', { method: 'eth_chainId' }, token)).result).toBe('0x7a69')

    expect(await failure('rpc', { method: 'eth_sign', params: [account, '0x00'] }, token)).toEqual({ status: 403, error: 'Requested RPC call is not allowed' })
    expect(await failure('rpc', { method: 'eth_accounts' })).toEqual({ status: 401, error: FRAME_MESSAGES.notLoggedIn })

    expect(await ok('switchChain', { chainId: 'eip155:31338' }, token)).toEqual({ chainId: 31338 })
    expect((await ok('rpc', { method: 'eth_chainId' }, token)).result).toBe('0x7a6a')
    expect((await failure('switchChain', { chainId: 1 }, token)).error).toBe('Unsupported chain')
    expect(await ok('preferredAccount', { type: 'eoa' }, token)).toEqual({ type: 'eoa', address: account })
    expect(await ok('preferredAccount', { type: 'smartAccount' }, token)).toEqual({ type: 'smartAccount', address: smart.address })

    await ok('signOut', {}, token)
    expect((await failure('user', {}, token)).status).toBe(401)
  })

  it('changes the email with a code to the current address, then one to the new address', async () => {
    const token = await login('old@example.com')
    const { address } = await ok('user', {}, token)
    expect((await failure('updateEmail', { email: 'old@example.com' }, token)).error).toBe(FRAME_MESSAGES.sameEmail)
    // The same user on another device (a session that could be stolen): the link, then the code.
    const otherDevice = freshDevice()
    expect(await ok('emailConnect', { email: 'old@example.com', deviceId: otherDevice })).toEqual({ action: 'VERIFY_DEVICE' })
    const link = /(http:\/\/\S+\/device\/confirm\?token=\S+)/.exec((await mailbox('old@example.com')).at(-1)!.text)![1]!
    const mailsBefore = (await mailbox('old@example.com')).length
    expect((await fetch(link)).status).toBe(200)
    const other = (await ok('emailOtp', { email: 'old@example.com', deviceId: otherDevice, otp: await lastCode('old@example.com', mailsBefore) })).token
    expect(await ok('updateEmail', { email: 'new@example.com' }, token)).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    // The other session has no code of this change: its guesses are refused and spend none of the code's tries.
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) expect((await failure('updateEmailPrimary', { otp: '000000' }, other)).error).toBe(FRAME_MESSAGES.noCodeRequested)
    expect((await failure('updateEmailSecondary', { otp: '123456' }, token)).error).toBe(FRAME_MESSAGES.noCodeRequested)
    await ok('updateEmailPrimary', { otp: await lastCode('old@example.com') }, token)
    const changed = await ok('updateEmailSecondary', { otp: await lastCode('new@example.com') }, token)
    expect(changed.newEmail).toBe('new@example.com')
    // The session is rotated: the old token stops working, the new one is the same user.
    expect(changed.token).not.toBe(token)
    expect(await failure('user', {}, token)).toEqual({ status: 401, error: FRAME_MESSAGES.notLoggedIn })
    expect(await ok('user', {}, changed.token)).toMatchObject({ email: 'new@example.com', address })
    // Every other session of the user ended with the change.
    expect(await failure('user', {}, other)).toEqual({ status: 401, error: FRAME_MESSAGES.notLoggedIn })
    expect((await ok('sessions', {}, changed.token)).sessions.map((s) => s.current)).toEqual([true])
  })
})

describe('Sign In With Farcaster against the sandbox relay and ID registry', () => {
  it('registers the wallet’s custody addresses on chain 31337, opens a channel, and logs in once the wallet signed', async () => {
    const accounts = await sandbox.frame.farcaster.accounts()
    expect(accounts.map((a) => [a.username, a.fid])).toEqual([
      ['alice', 1],
      ['bob', 2],
    ])
    const chain = sandbox.chains[0]!
    const client = createPublicClient({ chain: chain.viemChain, transport: http(chain.rpcUrl) })
    const abi = parseAbi(['function idOf(address) view returns (uint256)'])
    expect(await client.readContract({ address: FARCASTER_ID_REGISTRY_ADDRESS, abi, functionName: 'idOf', args: [accounts[0]!.custody] })).toBe(1n)

    const { url, channelToken } = await ok('farcasterStart', {})
    expect(url.startsWith(`${sandbox.frame.farcaster.walletUrl}?channelToken=${channelToken}&nonce=`)).toBe(true)
    // The relay speaks auth-client's API: pending first.
    const app = createAppClient({ relay: sandbox.frame.farcaster.relayUrl, ethereum: viemConnector({ rpcUrl: chain.rpcUrl }) })
    const pending = await app.status({ channelToken })
    expect(pending.isError ? undefined : [pending.response.status, pending.data.state]).toEqual([202, 'pending'])

    // The Farcaster wallet's side, with auth-client's wallet client: alice signs.
    const wallet = createWalletClient({ relay: sandbox.frame.farcaster.relayUrl, ethereum: viemConnector({ rpcUrl: chain.rpcUrl }) })
    const link = new URL(url)
    const signIn = async (signerIndex: number, fid: number, token: string, nonce: string) => {
      const signer = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: signerIndex })
      const built = wallet.buildSignInMessage({ address: signer.address, fid, uri: link.searchParams.get('siweUri')!, domain: link.searchParams.get('domain')!, nonce })
      if (built.isError) throw built.error
      const answer = await wallet.authenticate({
        channelToken: token,
        authKey: sandbox.frame.farcaster.relayKey,
        message: built.message,
        signature: await signer.signMessage({ message: built.message }),
        fid,
        username: 'alice',
      })
      return answer.isError ? 0 : answer.response.status
    }
    expect(await signIn(20, 1, channelToken, link.searchParams.get('nonce')!)).toBe(201)
    const { token } = (await ok('farcasterFinish', { channelToken })) as { token: string }
    const user = await ok('user', {}, token)
    expect(user).toMatchObject({ userName: 'alice', socialProvider: 'farcaster', preferredAccountType: 'smartAccount' })

    // Bob's key claiming alice's fid: the registry says no.
    const second = await ok('farcasterStart', {})
    const secondLink = new URL(second.url)
    expect(await signIn(21, 1, second.channelToken, secondLink.searchParams.get('nonce')!)).toBe(201)
    expect((await failure('farcasterFinish', { channelToken: second.channelToken })).error).toBe('Sign-in with Farcaster failed')
    // A wrong relay key is refused by the relay.
    const third = await ok('farcasterStart', {})
    const refused = await wallet.authenticate({ channelToken: third.channelToken, authKey: 'wrong', message: 'x', signature: '0x00', fid: 1 })
    expect(refused.isError ? 0 : refused.response.status).toBe(401)
  })
})

describe('the frame service as a server: who may call it', () => {
  it('answers its API only to its own frame page: a foreign or missing Origin, an unknown project or an embedder off the allow-list get 403', async () => {
    const refused = { status: 403, error: FRAME_MESSAGES.invalidAppConfiguration }
    expect(FRAME_MESSAGES.invalidAppConfiguration).toBe('Invalid App Configuration')
    const body = { email: 'origin@example.com', deviceId: deviceA }
    expect(await failure('emailConnect', body, undefined, { origin: 'https://evil.example' })).toEqual(refused)
    expect(await failure('emailConnect', body, undefined, { origin: DAPP })).toEqual(refused)
    expect(await failure('emailConnect', body, undefined, { origin: null })).toEqual(refused)
    expect(await failure('emailConnect', body, undefined, { project: 'nobody' })).toEqual(refused)
    expect(await failure('emailConnect', body, undefined, { project: null })).toEqual(refused)
    expect(await failure('emailConnect', body, undefined, { embedder: 'https://evil.example' })).toEqual(refused)
    expect(await failure('emailConnect', body, undefined, { embedder: 'http://localhost:5173' })).toEqual(refused)
    expect(await failure('emailConnect', body, undefined, { embedder: null })).toEqual(refused)
    // A signed-in user's token does not open the API to another origin either.
    const token = await login('origin-check@example.com')
    expect(await failure('rpc', { method: 'eth_accounts' }, token, { origin: 'https://evil.example', embedder: 'https://evil.example' })).toEqual(refused)
    // Nothing was mailed for the refused calls.
    expect(await mailbox('origin@example.com')).toEqual([])
  })

  it('sends no CORS headers: the API, its refusals, a preflight from another origin (403) and the mailbox', async () => {
    const answer = await call('emailConnect', { email: 'cors@example.com', deviceId: deviceA })
    expect(answer.status).toBe(200)
    const refusedAnswer = await call('user', {}, undefined, { origin: 'https://evil.example' })
    expect(refusedAnswer.status).toBe(403)
    const preflight = await fetch(`${sandbox.frame.url}${FRAME_API.user.path}`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, authorization' },
    })
    expect(preflight.status).toBe(403)
    const read = await fetch(`${sandbox.frame.url}${FRAME_API.user.path}`, { headers: { origin: sandbox.frame.url } })
    expect(read.status).toBe(403)
    const mail = await fetch(`${sandbox.frame.mail.url}/mailbox/messages?to=cors@example.com`, { headers: { origin: 'https://evil.example' } })
    expect(mail.status).toBe(200)
    for (const headers of [answer.headers, refusedAnswer.headers, preflight.headers, read.headers, mail.headers]) {
      const cors = [...headers.keys()].filter((name) => name.startsWith('access-control-'))
      expect(cors).toEqual([])
    }
  })

  it('a trusted proxy names the client, read from the right past every trusted hop; an untrusted one, or a forged left end, does not', () => {
    expect(clientAddress('10.0.0.5', '203.0.113.9', [])).toBe('10.0.0.5')
    expect(clientAddress('10.0.0.5', '198.51.100.1, 203.0.113.9', ['10.0.0.5'])).toBe('203.0.113.9')
    expect(clientAddress('10.0.0.5', 'not-an-address', ['10.0.0.5'])).toBe('10.0.0.5')
    // Two proxies (a CDN's edge 10.0.0.9 in front of 10.0.0.5): the visitor is the hop before both; what the visitor wrote at the left is never believed.
    expect(clientAddress('10.0.0.5', '127.0.0.1, 203.0.113.9, 10.0.0.9', ['10.0.0.5', '10.0.0.9'])).toBe('203.0.113.9')
    expect(clientAddress('::ffff:127.0.0.1', '203.0.113.7', ['127.0.0.1'])).toBe('203.0.113.7')
    // Every hop trusted: the farthest one is the client.
    expect(clientAddress('10.0.0.5', '10.0.0.9', ['10.0.0.5', '10.0.0.9'])).toBe('10.0.0.9')
  })
})

describe('the frame service as a server: codes, links and limits', () => {
  it('lets no one lock an address’s owner out: guesses from device ids that hold no code of their own are refused and touch nothing', async () => {
    const frame = await proxied()
    const email = 'locked@example.com'
    const owner = { forwardedFor: '192.0.2.250' }
    expect(await okAt(frame.url, 'emailConnect', { email, deviceId: deviceA }, undefined, owner)).toEqual({ action: 'VERIFY_OTP' })
    const code = await lastCodeAt(frame.url, email)
    const wrong = code === '000000' ? '111111' : '000000'
    // The attack: three times the old per-address budget, each guess from a device id and a client of its own (none holds a code).
    for (let i = 0; i < 3 * DEFAULT_FRAME_LIMITS.wrongCodesPerEmail; i++) {
      expect(await failureAt(frame.url, 'emailOtp', { email, deviceId: freshDevice(), otp: wrong }, undefined, { forwardedFor: `192.0.2.${i}` })).toEqual({
        status: 400,
        error: FRAME_MESSAGES.noCodeRequested,
      })
    }
    // The owner's code kept all its tries: it signs in.
    expect((await okAt(frame.url, 'emailOtp', { email, deviceId: deviceA, otp: code }, undefined, owner)).token).toMatch(/^[\w-]{43}$/)
  })

  it('ends a code after five wrong tries: the sixth, even the right code from another device id, is refused', async () => {
    const frame = await shared()
    const email = 'five@example.com'
    await okAt(frame.url, 'emailConnect', { email, deviceId: deviceA })
    const code = await lastCodeAt(frame.url, email)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 1; i < MAX_CODE_ATTEMPTS; i++) expect((await failureAt(frame.url, 'emailOtp', { email, deviceId: deviceA, otp: wrong })).error).toBe(FRAME_MESSAGES.invalidCode)
    expect((await failureAt(frame.url, 'emailOtp', { email, deviceId: deviceA, otp: wrong })).error).toBe(FRAME_MESSAGES.tooManyAttempts)
    expect(await failureAt(frame.url, 'emailOtp', { email, deviceId: deviceA, otp: code })).toEqual({ status: 429, error: FRAME_MESSAGES.tooManyAttempts })
    expect((await failureAt(frame.url, 'emailOtp', { email, deviceId: freshDevice(), otp: code })).error).toBe(FRAME_MESSAGES.noCodeRequested)
  })

  it('limits the mails one client address causes, across addresses and devices; a trusted proxy’s clients count apart', async () => {
    const frame = await proxied()
    for (let i = 0; i < 3; i++) await okAt(frame.url, 'emailConnect', { email: `client-${i}@example.com`, deviceId: freshDevice() }, undefined, { forwardedFor: '198.51.100.4' })
    const refused = await failureAt(frame.url, 'emailConnect', { email: 'client-3@example.com', deviceId: freshDevice() }, undefined, { forwardedFor: '198.51.100.4' })
    expect(refused.status).toBe(429)
    expect(refused.error).toMatch(/^Please try again after \d+ seconds$/)
    expect(await mailboxAt(frame.url, 'client-3@example.com')).toEqual([])
    // Another client behind the same proxy is not held back.
    expect(await okAt(frame.url, 'emailConnect', { email: 'client-3@example.com', deviceId: freshDevice() }, undefined, { forwardedFor: '198.51.100.5' })).toEqual({ action: 'VERIFY_OTP' })
  })

  it('limits the wrong codes one client address sends, across addresses and device ids; another client is not held back', async () => {
    const frame = await proxied()
    const attacker = { forwardedFor: '198.51.100.66' }
    for (let i = 0; i < 3; i++)
      expect((await failureAt(frame.url, 'emailOtp', { email: `victim-${i}@example.com`, deviceId: freshDevice(), otp: '123456' }, undefined, attacker)).error).toBe(FRAME_MESSAGES.noCodeRequested)
    // The client's own login, right code and all, waits for the window to end.
    await okAt(frame.url, 'emailConnect', { email: 'attacker@example.com', deviceId: deviceA }, undefined, attacker)
    const locked = await failureAt(frame.url, 'emailOtp', { email: 'attacker@example.com', deviceId: deviceA, otp: await lastCodeAt(frame.url, 'attacker@example.com') }, undefined, attacker)
    expect(locked.status).toBe(429)
    expect(locked.error).toMatch(/^Too many attempts\. Please try again after \d+ seconds$/)
    expect(await loginAt(frame.url, 'bystander@example.com', deviceA, { forwardedFor: '198.51.100.67' })).toMatch(/^[\w-]{43}$/)
  })

  it('limits the login mails to one address whatever the device, besides the 30 s per address and device', async () => {
    const frame = await shared()
    const email = 'many-devices@example.com'
    for (let i = 0; i < DEFAULT_FRAME_LIMITS.mailsPerEmail; i++) await okAt(frame.url, 'emailConnect', { email, deviceId: freshDevice() }, undefined, { forwardedFor: `198.51.100.${i}` })
    const refused = await failureAt(frame.url, 'emailConnect', { email, deviceId: freshDevice() })
    expect(refused.status).toBe(429)
    expect(await mailboxAt(frame.url, email)).toHaveLength(DEFAULT_FRAME_LIMITS.mailsPerEmail)
  })
})

describe('the frame service as a server: sessions', () => {
  it('ends a session after 7 idle days and after 30 days in all, on the service’s clock', async () => {
    const frame = await shared()
    const start = clock
    const idle = await loginAt(frame.url, 'idle@example.com')
    const busy = await loginAt(frame.url, 'busy@example.com')
    clock += SESSION_IDLE_MS - 60_000
    await okAt(frame.url, 'user', {}, busy)
    clock += 120_000
    expect(await failureAt(frame.url, 'user', {}, idle)).toEqual({ status: 401, error: FRAME_MESSAGES.notLoggedIn })
    // Used every few days, the session still ends 30 days after it began.
    while (clock + SESSION_IDLE_MS / 2 < start + SESSION_LIFETIME_MS) {
      clock += SESSION_IDLE_MS / 2
      await okAt(frame.url, 'user', {}, busy)
    }
    clock = start + SESSION_LIFETIME_MS
    expect(await failureAt(frame.url, 'user', {}, busy)).toEqual({ status: 401, error: FRAME_MESSAGES.notLoggedIn })
  })

  it('revokes a session on the service at sign-out, and keeps only the token’s hash', async () => {
    const frame = await shared()
    const token = await loginAt(frame.url, 'revoke@example.com')
    const mine = await frame.store.db.query<{ token_hash: string }>(`SELECT s.token_hash FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = 'revoke@example.com'`)
    expect(mine).toHaveLength(1)
    expect(mine[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(await frame.store.db.query('SELECT * FROM sessions'))).not.toContain(token)
    await okAt(frame.url, 'signOut', {}, token)
    expect(await frame.store.db.query('SELECT 1 FROM sessions WHERE token_hash = $1', [mine[0]!.token_hash])).toEqual([])
    expect(await failureAt(frame.url, 'user', {}, token)).toEqual({ status: 401, error: FRAME_MESSAGES.notLoggedIn })
  })

  it('lists a user’s sessions with their device (its short name only) and ends one, then all; another user’s session id ends nothing', async () => {
    const frame = await shared()
    const email = 'devices@example.com'
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'
    const safari = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
    const first = await loginAt(frame.url, email)
    const began = clock
    await okAt(frame.url, 'sessionDevice', { userAgent: firefox }, first)
    clock += 60_000
    const phoneDevice = freshDevice()
    expect(await okAt(frame.url, 'emailConnect', { email, deviceId: phoneDevice })).toEqual({ action: 'VERIFY_DEVICE' })
    const link = /(http:\/\/\S+\/device\/confirm\?token=\S+)/.exec((await mailboxAt(frame.url, email)).at(-1)!.text)![1]!
    const before = (await mailboxAt(frame.url, email)).length
    expect((await fetch(link)).status).toBe(200)
    const phone = (await okAt(frame.url, 'emailOtp', { email, deviceId: phoneDevice, otp: await lastCodeAt(frame.url, email, before) })).token
    await okAt(frame.url, 'sessionDevice', { userAgent: safari }, phone)
    clock += 60_000
    // A User-Agent that names nothing known changes nothing.
    await okAt(frame.url, 'sessionDevice', { userAgent: 'curl/8.5.0' }, first)
    const { sessions } = await okAt(frame.url, 'sessions', {}, first)
    expect(sessions).toEqual([
      { id: expect.stringMatching(/^[0-9a-f-]{36}$/), device: 'Firefox on Linux', firstSeen: began, lastSeen: clock, current: true, thisSite: true },
      { id: expect.stringMatching(/^[0-9a-f-]{36}$/), device: 'Safari on iOS', firstSeen: began + 60_000, lastSeen: began + 60_000, current: false, thisSite: true },
    ])
    expect(JSON.stringify(await frame.store.db.query('SELECT * FROM sessions'))).not.toContain('Gecko')
    expect((await failureAt(frame.url, 'endSession', { id: 'not-a-session' } as never, first)).status).toBe(400)
    // Another user's session cannot be ended by its id.
    const stranger = await loginAt(frame.url, 'stranger@example.com')
    const strangerId = (await okAt(frame.url, 'sessions', {}, stranger)).sessions[0]!.id
    expect(await okAt(frame.url, 'endSession', { id: strangerId }, first)).toEqual({ ended: false })
    await okAt(frame.url, 'user', {}, stranger)
    expect(await okAt(frame.url, 'endSession', { id: sessions[1]!.id }, first)).toEqual({ ended: true })
    expect(await failureAt(frame.url, 'user', {}, phone)).toEqual({ status: 401, error: FRAME_MESSAGES.notLoggedIn })
    expect(await okAt(frame.url, 'endSession', { id: sessions[1]!.id }, first)).toEqual({ ended: false })
    expect(await okAt(frame.url, 'endAllSessions', { keepCurrent: false }, first)).toEqual({ ended: 1 })
    expect(await failureAt(frame.url, 'sessions', {}, first)).toEqual({ status: 401, error: FRAME_MESSAGES.notLoggedIn })
  })

  it('binds a session to the project and the dapp origin that opened it', async () => {
    const frame = await shared()
    const token = await loginAt(frame.url, 'bound@example.com')
    await okAt(frame.url, 'user', {}, token)
    expect(await failureAt(frame.url, 'user', {}, token, { project: 'other' })).toEqual({ status: 401, error: FRAME_MESSAGES.notLoggedIn })
    expect(await failureAt(frame.url, 'user', {}, token, { embedder: 'http://127.0.0.1:6006' })).toEqual({ status: 401, error: FRAME_MESSAGES.notLoggedIn })
    expect(await failureAt(frame.url, 'rpc', { method: 'eth_accounts' }, token, { project: 'other' })).toEqual({ status: 401, error: FRAME_MESSAGES.notLoggedIn })
    // Still good where it was made.
    expect((await okAt(frame.url, 'user', {}, token)).email).toBe('bound@example.com')
  })

  it('keeps every user signed in with the same address across a restart on the same data folder; keys are sealed, not stored', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'portico-frame-restart-'))
    try {
      const options = { dataDir: join(folder, 'frame-db'), keyFile: join(folder, 'frame.key') }
      const first = await startLoneFrame(options)
      const port = Number(new URL(first.url).port)
      const token = await loginAt(first.url, 'restart@example.com')
      const before = await okAt(first.url, 'user', {}, token)
      const signature = (await okAt(first.url, 'rpc', { method: 'personal_sign', params: ['0x6869', before.address] }, token)).result as Hex
      await first.shutdown()
      lone.splice(lone.indexOf(first), 1)

      // The key file: mode 0600, 32 bytes in base64.
      expect((await stat(options.keyFile)).mode & 0o777).toBe(0o600)
      const key = new FrameKey(frameKeySchema.parse(await readFile(options.keyFile, 'utf8')))

      const second = await startLoneFrame({ ...options, port })
      const after = await okAt(second.url, 'user', {}, token)
      expect(after).toEqual(before)
      const again = (await okAt(second.url, 'rpc', { method: 'personal_sign', params: ['0x6869', after.address] }, token)).result as Hex
      expect(await verifyMessage({ address: after.address as Hex, message: 'hi', signature: again })).toBe(true)
      expect(again).toBe(signature)

      // The row holds the key sealed: it opens with the frame key to the account's key, and no column holds that key.
      const [row] = await second.store.db.query<Record<string, unknown> & { id: string; encrypted_key: string }>('SELECT * FROM users WHERE email = $1', ['restart@example.com'])
      const privateKey = key.open(row!.encrypted_key, row!.id) as Hex
      expect(privateKeyToAccount(privateKey).address).toBe(after.address)
      const text = JSON.stringify(row).toLowerCase()
      expect(text).not.toContain(privateKey.slice(2).toLowerCase())
      await second.shutdown()
      lone.splice(lone.indexOf(second), 1)
      // Nor do the database's own files, byte for byte.
      const files = await readdir(options.dataDir, { recursive: true, withFileTypes: true })
      const needle = Buffer.from(privateKey.slice(2), 'hex')
      const needleText = privateKey.slice(2).toLowerCase()
      let scanned = 0
      for (const file of files.filter((f) => f.isFile())) {
        const bytes = await readFile(join(file.parentPath, file.name))
        scanned += bytes.length
        expect(bytes.includes(needle), file.name).toBe(false)
        expect(bytes.includes(Buffer.from(needleText)), file.name).toBe(false)
      }
      expect(scanned).toBeGreaterThan(0)
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })
})

describe('the frame service as a server: Farcaster and social sign-in bound to the browser session', () => {
  it('finishes a Farcaster channel only with the binding secret of the session that opened it, and once', async () => {
    const accounts = await sandbox.frame.farcaster.accounts()
    const chain = sandbox.chains[0]!
    const binding = newBinding()
    expect(await failure('farcasterStart', {}, undefined, { binding: null })).toEqual({ status: 400, error: FRAME_MESSAGES.sessionBindingMissing })
    const { url, channelToken } = await ok('farcasterStart', {}, undefined, { binding })
    const unknown = { status: 400, error: FRAME_MESSAGES.socialStateUnknown }
    expect(await failure('farcasterFinish', { channelToken }, undefined, { binding: null })).toEqual(unknown)
    expect(await failure('farcasterFinish', { channelToken }, undefined, { binding: newBinding() })).toEqual(unknown)
    expect(await failure('farcasterFinish', { channelToken }, undefined, { binding, project: 'other-project' })).toMatchObject({ status: 403 })
    const wallet = createWalletClient({ relay: sandbox.frame.farcaster.relayUrl, ethereum: viemConnector({ rpcUrl: chain.rpcUrl }) })
    const link = new URL(url)
    const signer = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: accounts[1]!.addressIndex })
    const built = wallet.buildSignInMessage({
      address: signer.address,
      fid: accounts[1]!.fid,
      uri: link.searchParams.get('siweUri')!,
      domain: link.searchParams.get('domain')!,
      nonce: link.searchParams.get('nonce')!,
    })
    if (built.isError) throw built.error
    const signed = await wallet.authenticate({
      channelToken,
      authKey: sandbox.frame.farcaster.relayKey,
      message: built.message,
      signature: await signer.signMessage({ message: built.message }),
      fid: accounts[1]!.fid,
      username: 'bob',
    })
    expect(signed.isError ? 0 : signed.response.status).toBe(201)
    // Someone else holding the channel token, signed by the wallet now: still refused.
    expect(await failure('farcasterFinish', { channelToken }, undefined, { binding: newBinding() })).toEqual(unknown)
    const { token } = (await ok('farcasterFinish', { channelToken }, undefined, { binding })) as { token: string }
    expect(await ok('user', {}, token)).toMatchObject({ userName: 'bob', socialProvider: 'farcaster' })
    expect(await failure('farcasterFinish', { channelToken }, undefined, { binding })).toEqual(unknown)
  })

  it('finishes a social sign-in only with the binding secret, project and origin that started it, and once', async () => {
    const binding = newBinding()
    const start = { provider: 'github' as const, projectId: 'portico-demo', dappOrigin: DAPP }
    expect(await failure('socialStart', start, undefined, { binding: null })).toEqual({ status: 400, error: FRAME_MESSAGES.sessionBindingMissing })
    expect(await failure('socialStart', { ...start, dappOrigin: 'http://127.0.0.1:6006' }, undefined, { binding })).toEqual({ status: 403, error: FRAME_MESSAGES.invalidAppConfiguration })
    const { uri } = await ok('socialStart', start, undefined, { binding })
    const state = new URL(uri).searchParams.get('state')!
    expect(state).toMatch(/^[\w-]{20,}$/)
    // The redirect the popup would end on (the code is not needed to show who may finish it).
    const callback = `${sandbox.frame.socialCallbackUrl}?code=not-a-real-code&state=${state}&iss=${encodeURIComponent(`${sandbox.frame.mail.url}/oidc/github`)}`
    const unknown = { status: 400, error: FRAME_MESSAGES.socialStateUnknown }
    expect(await failure('socialFinish', { uri: callback }, undefined, { binding: null })).toEqual(unknown)
    expect(await failure('socialFinish', { uri: callback }, undefined, { binding: newBinding() })).toEqual(unknown)
    expect(await failure('socialFinish', { uri: callback }, undefined, { binding, embedder: 'http://127.0.0.1:6006' })).toEqual(unknown)
    // The state's own session gets to the code exchange (which refuses the made-up code) and spends the state.
    expect(await failure('socialFinish', { uri: callback }, undefined, { binding })).toEqual({ status: 400, error: 'Sign-in with GitHub failed' })
    expect(await failure('socialFinish', { uri: callback }, undefined, { binding })).toEqual(unknown)
    // The callback page no longer knows where to post the spent state.
    expect((await fetch(callback)).status).toBe(400)
  })
})

describe('FrameAccounts on its own clock', () => {
  it('refuses an expired code and counts the 30 s bound down', async () => {
    let now = 1_000_000
    const sent: Array<{ to: string; text: string }> = []
    const store = await openFrameStore({})
    try {
      const context: CallContext = { projectId: 'p', origin: DAPP, client: '127.0.0.1' }
      const accounts = new FrameAccounts({ store, key: new FrameKey(randomBytes(32)), frameUrl: 'http://127.0.0.1:1', send: async (m) => void sent.push(m), defaultChainId: 31337, now: () => now })
      await accounts.connectEmail('late@example.com', deviceA, undefined, context)
      now += 12_500
      await expect(accounts.connectEmail('late@example.com', deviceA, undefined, context)).rejects.toThrow('Please try again after 18 seconds')
      now += CODE_TTL_MS
      const code = /(\d{6})/.exec(sent[0]!.text)![1]!
      await expect(accounts.verifyLoginCode('late@example.com', deviceA, code, context)).rejects.toThrow(FRAME_MESSAGES.codeExpired)
      expect(await accounts.connectEmail('late@example.com', deviceA, undefined, context)).toBe('VERIFY_OTP')
      expect(await accounts.verifyLoginCode('late@example.com', deviceA, /(\d{6})/.exec(sent[1]!.text)![1]!, context)).toMatch(/^[\w-]{43}$/)
    } finally {
      await store.close()
    }
  })

  it('mails a key export to a social user’s verified email as of the last sign-in, never to a Farcaster user’s (none)', async () => {
    const sent: Array<{ to: string; subject: string }> = []
    const store = await openFrameStore({})
    try {
      const context: CallContext = { projectId: 'p', origin: DAPP, client: '127.0.0.1' }
      const accounts = new FrameAccounts({
        store,
        key: new FrameKey(randomBytes(32)),
        frameUrl: 'http://127.0.0.1:1',
        send: async (m) => void sent.push(m),
        defaultChainId: 31337,
        now: () => 1_000_000,
      })
      const exported = async (token: string) => accounts.exportKey(await accounts.userOf(token, context), 'evm', context)
      await exported(await accounts.socialSession('google', 'g-1', 'alice', context, 'alice@mail.example'))
      // The provider's email changed since: the next sign-in's is the one written to; the first user is the same one.
      const again = await accounts.socialSession('google', 'g-1', 'alice', context, 'alice@new.example')
      await exported(again)
      await exported(await accounts.socialSession('farcaster', '42', 'bob', context))
      expect(sent.map((m) => [m.to, m.subject])).toEqual([
        ['alice@mail.example', 'Your Portico wallet key was exported'],
        ['alice@new.example', 'Your Portico wallet key was exported'],
      ])
      // Written to, never a way in: an email login with that address is another user.
      expect((await accounts.userOf(again, context)).email).toBeUndefined()
      expect(await store.userByEmail('alice@new.example')).toBeUndefined()
    } finally {
      await store.close()
    }
  })
})
