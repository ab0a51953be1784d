import { createAppClient, createWalletClient, viemConnector } from '@farcaster/auth-client'
import { createPublicClient, http, parseAbi, parseEther, verifyMessage, verifyTypedData, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { startSandbox, type SandboxHandle } from '../index.ts'
import { testSandboxOptions } from '../test-helpers.ts'
import { CODE_TTL_MS, FrameAccounts, MAX_CODE_ATTEMPTS } from './accounts.ts'
import { FRAME_API, type FrameApi, type FrameApiName } from './api.ts'
import { mailboxMessageSchema } from './mail.ts'
import { FRAME_MESSAGES } from './messages.ts'
import { DEV_MNEMONIC } from '../dev-accounts.ts'
import { FARCASTER_ID_REGISTRY_ADDRESS } from './farcaster-accounts.ts'

// Ports of this file (README "Tests"): base 22630 (frame at base + 5).
/** Waits in this file are generous: the machine may be shared and slow. No duration is asserted. */
const WAIT = { timeout: 20_000 }

let sandbox: SandboxHandle

type Answer<N extends FrameApiName> = { status: number; body: z.output<FrameApi[N]['response']> | { error: string } }

/** Calls the frame service's JSON API as the frame page does. */
async function call<N extends FrameApiName>(name: N, body: z.input<FrameApi[N]['request']>, token?: string): Promise<Answer<N>> {
  const res = await fetch(`${sandbox.frame.url}${FRAME_API[name].path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  const json: unknown = await res.json()
  return { status: res.status, body: (res.ok ? FRAME_API[name].response.parse(json) : z.object({ error: z.string() }).parse(json)) as Answer<N>['body'] }
}
async function ok<N extends FrameApiName>(name: N, body: z.input<FrameApi[N]['request']>, token?: string): Promise<z.output<FrameApi[N]['response']>> {
  const answer = await call(name, body, token)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body as z.output<FrameApi[N]['response']>
}
async function failure<N extends FrameApiName>(name: N, body: z.input<FrameApi[N]['request']>, token?: string): Promise<{ status: number; error: string }> {
  const answer = await call(name, body, token)
  expect(answer.status).toBeGreaterThanOrEqual(400)
  return { status: answer.status, error: (answer.body as { error: string }).error }
}

async function mailbox(to: string) {
  const res = await fetch(`${sandbox.frame.url}/mailbox/messages?to=${encodeURIComponent(to)}`)
  expect(res.status).toBe(200)
  return z.array(mailboxMessageSchema).parse(await res.json())
}
async function lastCode(to: string): Promise<string> {
  await expect.poll(async () => (await mailbox(to)).length, WAIT).toBeGreaterThan(0)
  const last = (await mailbox(to)).at(-1)!
  const code = /\b(\d{6})\b/.exec(last.text)?.[1]
  if (!code) throw new Error(`no code in ${last.text}`)
  return code
}
const deviceA = 'device-aaaaaaaaaaaaaaaa'
const deviceB = 'device-bbbbbbbbbbbbbbbb'

/** Logs `email` in from `device` (first login: code only) and returns the session token. */
async function login(email: string, device = deviceA): Promise<string> {
  expect(await ok('emailConnect', { email, deviceId: device })).toEqual({ action: 'VERIFY_OTP' })
  return (await ok('emailOtp', { email, deviceId: device, otp: await lastCode(email) })).token
}

beforeAll(async () => {
  sandbox = await startSandbox(testSandboxOptions(22630, { seedHistory: false }))
})
afterAll(async () => {
  await sandbox?.stop()
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
    const unknown = await (await fetch(sandbox.frame.frameUrl({ projectId: 'nobody', chainId: 31337 }))).text()
    expect(unknown).toContain('"allowedOrigins":null')
    const malformed = await (await fetch(`${sandbox.frame.url}/frame?chainId=1`)).text()
    expect(malformed).toContain('"allowedOrigins":null')
  })

  it('mails a six-digit code over SMTP; the mailbox answers it as JSON (newest last) and as a page', async () => {
    const email = 'Mail.Test@Example.com'
    expect(await ok('emailConnect', { email, deviceId: deviceA })).toEqual({ action: 'VERIFY_OTP' })
    const messages = await mailbox('mail.test@example.com')
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatchObject({ to: 'mail.test@example.com', from: 'wallet@portico.localhost', subject: expect.stringMatching(/^Your Portico code: \d{6}$/) })
    expect(messages[0]?.text).toMatch(/Your code to sign in is \d{6}\./)
    expect(Date.parse(messages[0]!.date)).not.toBeNaN()
    const page = await (await fetch(`${sandbox.frame.url}/mailbox?to=mail.test@example.com`)).text()
    expect(page).toContain(messages[0]!.subject)
    expect((await fetch(`${sandbox.frame.url}/mailbox/messages?to=not-an-email`)).status).toBe(400)
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
    expect(user).toMatchObject({ email, chainId: 31337, preferredAccountType: 'eoa', smartAccountDeployed: false })
    expect(user.accounts).toEqual([{ address: user.address, type: 'eoa' }])
    const chain = sandbox.chains[0]!
    expect(await createPublicClient({ chain: chain.viemChain, transport: http(chain.rpcUrl) }).getBalance({ address: user.address as Hex })).toBe(parseEther('10'))
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
    expect((await fetch(`${sandbox.frame.url}/device/confirm?token=forged`)).status).toBe(400)
    const tokenB = (await ok('emailOtp', { email, deviceId: deviceB, otp: await lastCode(email) })).token
    expect((await ok('user', {}, tokenB)).address).toBe(user.address)
  })

  it('signs with the user’s key (verified with viem), sends a transaction on chain 31337, forwards reads, refuses what SPEC §6 does not allow', async () => {
    const token = await login('signer@example.com')
    const { address } = await ok('user', {}, token)
    const account = address as Hex
    const signature = (await ok('rpc', { method: 'personal_sign', params: ['0x68656c6c6f', account] }, token)).result as Hex
    expect(await verifyMessage({ address: account, message: 'hello', signature })).toBe(true)
    const typed = {
      types: { EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'chainId', type: 'uint256' }], Mail: [{ name: 'contents', type: 'string' }] },
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

    await ok('signOut', {}, token)
    expect((await failure('user', {}, token)).status).toBe(401)
  })

  it('changes the email with a code to the current address, then one to the new address', async () => {
    const token = await login('old@example.com')
    const { address } = await ok('user', {}, token)
    expect((await failure('updateEmail', { email: 'old@example.com' }, token)).error).toBe(FRAME_MESSAGES.sameEmail)
    expect(await ok('updateEmail', { email: 'new@example.com' }, token)).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    expect((await failure('updateEmailSecondary', { otp: '123456' }, token)).error).toBe(FRAME_MESSAGES.noCodeRequested)
    await ok('updateEmailPrimary', { otp: await lastCode('old@example.com') }, token)
    expect(await ok('updateEmailSecondary', { otp: await lastCode('new@example.com') }, token)).toEqual({ newEmail: 'new@example.com' })
    expect(await ok('user', {}, token)).toMatchObject({ email: 'new@example.com', address })
  })
})

describe('Sign In With Farcaster against the sandbox relay and ID registry', () => {
  it('registers the wallet’s custody addresses on chain 31337, opens a channel, and logs in once the wallet signed', async () => {
    const accounts = await sandbox.frame.farcaster.accounts()
    expect(accounts.map((a) => [a.username, a.fid])).toEqual([['alice', 1], ['bob', 2]])
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
      const answer = await wallet.authenticate({ channelToken: token, authKey: sandbox.frame.farcaster.relayKey, message: built.message, signature: await signer.signMessage({ message: built.message }), fid, username: 'alice' })
      return answer.isError ? 0 : answer.response.status
    }
    expect(await signIn(20, 1, channelToken, link.searchParams.get('nonce')!)).toBe(201)
    const { token } = (await ok('farcasterFinish', { channelToken })) as { token: string }
    const user = await ok('user', {}, token)
    expect(user).toMatchObject({ userName: 'alice', socialProvider: 'farcaster', preferredAccountType: 'eoa' })

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

describe('FrameAccounts on its own clock', () => {
  it('refuses an expired code and counts the 30 s bound down', async () => {
    let now = 1_000_000
    const sent: Array<{ to: string; text: string }> = []
    const accounts = new FrameAccounts({ frameUrl: 'http://127.0.0.1:1', send: async (m) => void sent.push(m), defaultChainId: 31337, now: () => now })
    await accounts.connectEmail('late@example.com', deviceA, undefined)
    now += 12_500
    await expect(accounts.connectEmail('late@example.com', deviceA, undefined)).rejects.toThrow('Please try again after 18 seconds')
    now += CODE_TTL_MS
    const code = /(\d{6})/.exec(sent[0]!.text)![1]!
    await expect(accounts.verifyLoginCode('late@example.com', deviceA, code)).rejects.toThrow(FRAME_MESSAGES.codeExpired)
    expect(await accounts.connectEmail('late@example.com', deviceA, undefined)).toBe('VERIFY_OTP')
    expect(await accounts.verifyLoginCode('late@example.com', deviceA, /(\d{6})/.exec(sent[1]!.text)![1]!)).toMatch(/^[\w-]{40,}$/)
  })
})
