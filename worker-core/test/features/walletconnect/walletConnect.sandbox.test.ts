/**
 * Integration: WalletConnect in the core against the sandbox (anvil chains, the relay) with the
 * official wallet SDK (@reown/walletkit) as the phone wallet, in Node. Test-only: the packages never
 * import the sandbox.
 */
import 'fake-indexeddb/auto'
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils'
import { devAccounts, type Sandbox } from '@portico/sandbox'
import { pageFetch, sandboxConfig, startTestSandbox } from '../../sandbox.ts'
import { createPublicClient, createWalletClient, http, parseEther, verifyMessage, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CoreConfig, CoreState } from '@portico/shared-types'
import { parseSiweMessage } from 'viem/siwe'
import { createPhoneWallet } from '../../../../sandbox/src/phone-wallet/wallet.ts'
// The wallet side is the sandbox's walletkit (a sandbox dependency, not the core's).
import { MemoryStorage, shutdown, startWallet } from '../../../../sandbox/src/relay/test-clients.ts'
import { createCore, type Core } from '../../../src/core.ts'
import { createStorage } from '../../../src/infra/storage.ts'

const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

let sandbox: Sandbox
let config: CoreConfig

beforeAll(async () => {
  sandbox = await startTestSandbox(12100, ['phoneWallet'])
  config = sandboxConfig(sandbox, 'wc-core-test', {
    metadata: { name: 'Core test dapp', description: 'A dapp in a test', url: 'http://127.0.0.1:5173', icons: [] },
    walletConnect: { relayUrl: sandbox.relay.url },
  })
}, 180_000)
afterAll(async () => {
  await sandbox?.stop()
})

/** A phone wallet on walletkit: approves the sandbox chains for account 0, signs and sends with its key. */
async function startPhone(options: { chains?: string[]; switchable?: boolean; reject?: boolean } = {}) {
  const account = privateKeyToAccount(devAccounts()[0]!.privateKey)
  const wallet = await startWallet(sandbox.relay.url, new MemoryStorage(), `phone-${Math.random()}`, { name: 'Test phone', description: 'A wallet in a test', url: 'http://127.0.0.1:8791', icons: [] })
  const chains = options.chains ?? sandbox.chains.map((c) => `eip155:${c.chainId}`)
  const methods = ['personal_sign', 'eth_sendTransaction', ...(options.switchable === false ? [] : ['wallet_switchEthereumChain'])]
  wallet.on('session_proposal', (proposal) => {
    if (options.reject) return void wallet.rejectSession({ id: proposal.id, reason: getSdkError('USER_REJECTED') })
    const namespaces = buildApprovedNamespaces({
      proposal: proposal.params,
      supportedNamespaces: { eip155: { chains, methods, events: ['chainChanged', 'accountsChanged'], accounts: chains.map((c) => `${c}:${account.address}`) } },
    })
    void wallet.approveSession({ id: proposal.id, namespaces })
  })
  wallet.on('session_request', async ({ topic, id, params }) => {
    const { method, params: args } = params.request as { method: string; params: unknown[] }
    const respond = (result: unknown) => wallet.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', result } })
    if (method === 'personal_sign') return respond(await account.signMessage({ message: { raw: args[0] as Hex } }))
    if (method === 'eth_sendTransaction') {
      const chain = sandbox.chains.find((c) => `eip155:${c.chainId}` === params.chainId)!
      const client = createWalletClient({ account, transport: http(chain.rpcUrl) })
      const tx = args[0] as { to: Hex; value?: Hex; data?: Hex }
      const hash = await client.sendTransaction({ chain: null, to: tx.to, value: tx.value ? BigInt(tx.value) : 0n, ...(tx.data ? { data: tx.data } : {}) })
      return respond(hash)
    }
    return wallet.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', error: { code: 4200, message: `Unsupported ${method}` } } })
  })
  return { wallet, account, stop: () => shutdown(wallet.core) }
}

function newCore(storage = new MemoryStorage()): Core {
  return createCore({ storage: createStorage({ dbName: `wc-${Math.random()}` }), warn: () => undefined, walletConnect: { storage }, fetch: pageFetch })
}

async function until(core: Core, test: (state: CoreState) => boolean, ms = 10_000): Promise<CoreState> {
  const started = Date.now()
  for (;;) {
    const state = await core.getState()
    if (test(state)) return state
    if (Date.now() - started > ms) throw new Error(`timed out; walletConnect state: ${JSON.stringify(state.walletConnect)}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe('WalletConnect in the core', () => {
  it('pairs by URI, records the connection, signs and sends 0.01 ETH through the session, and follows a delete', async () => {
    const core = newCore()
    await core.configure(config)
    const phone = await startPhone()
    try {
      const t0 = performance.now()
      await core.prepareWalletConnect()
      const uriMs = performance.now() - t0
      const { walletConnect } = await core.getState()
      expect(walletConnect.status).toBe('pairing')
      expect(walletConnect.uri).toMatch(/^wc:/)
      expect(walletConnect.expiresAt! - Date.now()).toBeGreaterThan(3 * 60_000)

      const answer = core.connectWalletConnect()
      const t1 = performance.now()
      await phone.wallet.pair({ uri: walletConnect.uri! })
      expect(await answer).toEqual({ ok: true, result: `eip155:31337:${phone.account.address}` })
      const pairingMs = performance.now() - t1
      const state = await until(core, (s) => s.connections.eip155?.status === 'connected')
      expect(state.connections.eip155).toMatchObject({ caipAddress: `eip155:31337:${phone.account.address}`, connectorId: 'walletConnect', connectorType: 'WALLET_CONNECT' })
      expect(state.walletConnect).toMatchObject({ status: 'idle', uri: null, session: { peer: { name: 'Test phone' }, defaultChain: 'eip155:31337' } })

      const signed = await core.walletConnectRequest({ method: 'personal_sign', params: ['0x68656c6c6f', phone.account.address] })
      expect(signed.ok).toBe(true)
      expect(await verifyMessage({ address: phone.account.address, message: 'hello', signature: (signed as { result: Hex }).result })).toBe(true)

      const chain = sandbox.chains[0]!
      const reader = createPublicClient({ transport: http(chain.rpcUrl) })
      const before = await reader.getBalance({ address: RECEIVER })
      const sent = await core.walletConnectRequest({ method: 'eth_sendTransaction', params: [{ from: phone.account.address, to: RECEIVER, value: `0x${parseEther('0.01').toString(16)}` }] })
      expect(sent.ok).toBe(true)
      const receipt = await reader.waitForTransactionReceipt({ hash: (sent as { result: Hex }).result })
      expect(receipt.status).toBe('success')
      expect((await reader.getBalance({ address: RECEIVER })) - before).toBe(parseEther('0.01'))

      // The wallet ends the session: the core disconnects every namespace it held.
      const topic = state.walletConnect.session!.topic
      await phone.wallet.disconnectSession({ topic, reason: getSdkError('USER_DISCONNECTED') })
      const after = await until(core, (s) => s.connections.eip155?.status === 'disconnected')
      expect(after.walletConnect.session).toBeNull()
      expect(await core.walletConnectRequest({ method: 'personal_sign', params: ['0x00', phone.account.address] })).toEqual({ ok: false, error: { message: 'Please call connect() before request()' } })
      console.info(`WalletConnect in the core (Node): URI ready ${uriMs.toFixed(0)} ms, pairing to account ${pairingMs.toFixed(0)} ms`)
    } finally {
      await phone.stop()
      core.dispose()
    }
  }, 60_000)

  it('switches chain by SPEC.md §4: approved chains at once, else wallet_switchEthereumChain, else the §8 error; the visitor disconnects', async () => {
    const core = newCore()
    await core.configure(config)
    const phone = await startPhone({ chains: ['eip155:31337'], switchable: false })
    try {
      await core.prepareWalletConnect()
      const answer = core.connectWalletConnect()
      await phone.wallet.pair({ uri: (await core.getState()).walletConnect.uri! })
      expect((await answer).ok).toBe(true)
      expect(await core.switchWalletConnectChain('eip155:31338')).toEqual({
        ok: false,
        error: { message: "Failed to switch to chain 'eip155:31338'. The chain is not approved or the wallet does not support 'wallet_switchEthereumChain' method" },
      })
      expect(await core.switchWalletConnectChain('eip155:31337')).toEqual({ ok: true, result: null })

      const ended = new Promise<string>((resolve) => phone.wallet.on('session_delete', ({ topic }) => resolve(topic)))
      const topic = (await core.getState()).walletConnect.session!.topic
      await core.disconnectWalletConnect()
      await core.setDisconnected('eip155')
      expect(await ended).toBe(topic)
      expect(Object.keys(phone.wallet.getActiveSessions())).toEqual([])
    } finally {
      await phone.stop()
      core.dispose()
    }
  }, 60_000)

  it('says when the wallet rejects the proposal, and a new URI can be made', async () => {
    const core = newCore()
    await core.configure(config)
    const phone = await startPhone({ reject: true })
    try {
      await core.prepareWalletConnect()
      const first = (await core.getState()).walletConnect.uri!
      const answer = core.connectWalletConnect()
      await phone.wallet.pair({ uri: first })
      const rejected = await answer
      expect(rejected.ok).toBe(false)
      expect((await core.getState()).walletConnect).toMatchObject({ status: 'failed', uri: null })
      await core.prepareWalletConnect()
      const second = (await core.getState()).walletConnect
      expect(second.status).toBe('pairing')
      expect(second.uri).not.toBe(first)
    } finally {
      await phone.stop()
      core.dispose()
    }
  }, 60_000)

  it('resumes the session when the relay goes away mid-session and comes back', async () => {
    const core = newCore()
    await core.configure(config)
    const phone = await startPhone()
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    try {
      await core.prepareWalletConnect()
      const answer = core.connectWalletConnect()
      await phone.wallet.pair({ uri: (await core.getState()).walletConnect.uri! })
      expect((await answer).ok).toBe(true)
      await sandbox.relay.stop()
      await new Promise((r) => setTimeout(r, 500))
      await sandbox.relay.start()
      const signed = await Promise.race([
        core.walletConnectRequest({ method: 'personal_sign', params: ['0x68656c6c6f', phone.account.address] }),
        new Promise((r) => setTimeout(() => r('timed out'), 20_000)),
      ])
      expect(signed).toMatchObject({ ok: true })
      expect((await core.getState()).connections.eip155?.status).toBe('connected')
      expect(unhandled).toEqual([])
    } finally {
      process.off('unhandledRejection', onUnhandled)
      if (!sandbox.relay.isRunning()) await sandbox.relay.start()
      await phone.stop()
      core.dispose()
    }
  }, 60_000)
})

/** The Sandbox Phone Wallet's own logic (what its page runs) over walletkit, with account 2 of the test mnemonic. */
async function startSandboxPhone() {
  const account = privateKeyToAccount(devAccounts()[2]!.privateKey)
  const walletKit = await startWallet(sandbox.relay.url, new MemoryStorage(), `phone-${Math.random()}`, {
    name: 'Sandbox Phone Wallet',
    description: 'A wallet in a test',
    url: 'http://127.0.0.1:8791',
    icons: [],
  })
  const wallet = createPhoneWallet({
    walletKit,
    chains: sandbox.chains.map((c) => ({ id: c.chainId, name: c.name, rpcUrl: c.rpcUrl, nativeCurrency: c.nativeCurrency })),
    accounts: [{ index: 2, account }],
  })
  return {
    wallet,
    account,
    stop: async () => {
      wallet.stop()
      await shutdown(walletKit.core)
    },
  }
}

const verifierSession = (address: string) => fetch(`${sandbox.dataApi.url}/v1/siwx/session?address=${address}&chainId=31337&projectId=wc-core-test&st=t&sv=t`)
const oneClick = { domain: '127.0.0.1:5173', uri: 'http://127.0.0.1:5173', statement: 'Sign in to the test dapp', expiresInMs: 60_000 }

describe('one-click sign-in through WalletConnect (wc_sessionAuthenticate)', () => {
  it('with every chain eip155: the wallet approves the session and signs the SIWE message in one step; the verifier checks it; the core keeps it like any SIWX session', async () => {
    const core = newCore()
    await core.configure({ ...config, siwxOneClick: oneClick })
    const phone = await startSandboxPhone()
    try {
      await core.prepareWalletConnect()
      const answer = core.connectWalletConnect()
      expect(await phone.wallet.pair((await core.getState()).walletConnect.uri!)).toBe(true)
      await expect.poll(() => phone.wallet.state().prompts[0]?.kind, { timeout: 10_000 }).toBe('authenticate')
      const prompt = phone.wallet.state().prompts[0] as Extract<ReturnType<typeof phone.wallet.state>['prompts'][number], { kind: 'authenticate' }>
      const shown = parseSiweMessage(prompt.message)
      expect(shown).toMatchObject({ domain: '127.0.0.1:5173', uri: 'http://127.0.0.1:5173', address: phone.account.address, chainId: 31337 })
      expect(shown.nonce!.length).toBeGreaterThanOrEqual(8)
      expect(prompt.chains).toEqual(['eip155:31337', 'eip155:31338'])
      await phone.wallet.approve(prompt.key)

      expect(await answer).toEqual({ ok: true, result: `eip155:31337:${phone.account.address}` })
      const state = await until(core, (s) => s.connections.eip155?.status === 'connected')
      // Kept exactly like a sign-in after connecting: data, message, signature, CACAO; the verifier has it.
      expect(state.siwxSessions).toHaveLength(1)
      const [session] = state.siwxSessions
      expect(session).toMatchObject({
        data: { accountAddress: phone.account.address, chainId: 'eip155:31337', domain: '127.0.0.1:5173', nonce: shown.nonce },
        cacao: { h: { t: 'caip122' }, s: { t: 'eip191' } },
      })
      expect(parseSiweMessage(session!.message)).toMatchObject({ address: phone.account.address, nonce: shown.nonce })
      expect(await verifyMessage({ address: phone.account.address, message: session!.message, signature: session!.signature as Hex })).toBe(true)
      expect(await (await verifierSession(phone.account.address)).json()).toMatchObject({ session: { address: phone.account.address, nonce: shown.nonce } })
      // The session it granted works for requests.
      expect(state.walletConnect.session?.namespaces.eip155?.methods).toContain('personal_sign')
      const signed = core.walletConnectRequest({ method: 'personal_sign', params: ['0x68656c6c6f', phone.account.address] })
      await expect.poll(() => phone.wallet.state().prompts[0]?.kind).toBe('request')
      await phone.wallet.approve(phone.wallet.state().prompts[0]!.key)
      expect((await signed).ok).toBe(true)
      await core.disconnectWalletConnect()
      await core.setDisconnected('eip155')
      expect((await core.getState()).siwxSessions).toEqual([])
    } finally {
      await phone.stop()
      core.dispose()
    }
  }, 60_000)

  it("the phone rejects the sign-in: the pairing fails with the wallet's refusal, and no session is kept", async () => {
    const core = newCore()
    await core.configure({ ...config, siwxOneClick: oneClick })
    const phone = await startSandboxPhone()
    try {
      await core.prepareWalletConnect()
      const answer = core.connectWalletConnect()
      expect(await phone.wallet.pair((await core.getState()).walletConnect.uri!)).toBe(true)
      await expect.poll(() => phone.wallet.state().prompts[0]?.kind, { timeout: 10_000 }).toBe('authenticate')
      await phone.wallet.reject(phone.wallet.state().prompts[0]!.key)
      expect((await answer).ok).toBe(false)
      const state = await core.getState()
      expect(state.walletConnect.status).toBe('failed')
      expect(state.siwxSessions).toEqual([])
      expect(state.connections.eip155?.status ?? 'disconnected').not.toBe('connected')
      expect(phone.wallet.state().notice?.text).toMatch(/^Rejected the sign-in request/)
    } finally {
      await phone.stop()
      core.dispose()
    }
  }, 60_000)

  it('the verifier refuses the signed CACAO: connected all the same, with no session, so the sign-in follows the connection', async () => {
    const core = newCore()
    await core.configure({ ...config, siwxOneClick: oneClick })
    const phone = await startSandboxPhone()
    sandbox.faults.set([{ route: '/v1/siwx/verify', kind: 'wrong-shape' }])
    try {
      await core.prepareWalletConnect()
      const answer = core.connectWalletConnect()
      expect(await phone.wallet.pair((await core.getState()).walletConnect.uri!)).toBe(true)
      await expect.poll(() => phone.wallet.state().prompts[0]?.kind, { timeout: 10_000 }).toBe('authenticate')
      await phone.wallet.approve(phone.wallet.state().prompts[0]!.key)
      expect(await answer).toEqual({ ok: true, result: `eip155:31337:${phone.account.address}` })
      const state = await until(core, (s) => s.connections.eip155?.status === 'connected')
      expect(state.siwxSessions).toEqual([])
      expect(sandbox.faults.list()[0]?.injected).toBeGreaterThan(0)
      await core.disconnectWalletConnect()
    } finally {
      sandbox.faults.clear()
      await phone.stop()
      core.dispose()
    }
  }, 60_000)

  it('with a chain that is not eip155: a plain pairing (the sign-in follows the connection)', async () => {
    const core = newCore()
    const solana = {
      id: 101,
      caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' as const,
      chainNamespace: 'solana' as const,
      name: 'Solana',
      nativeCurrency: { name: 'SOL', symbol: 'SOL', decimals: 9 },
      rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
    }
    await core.configure({ ...config, networks: [...config.networks, solana], siwxOneClick: oneClick })
    const phone = await startSandboxPhone()
    try {
      await core.prepareWalletConnect()
      const answer = core.connectWalletConnect()
      expect(await phone.wallet.pair((await core.getState()).walletConnect.uri!)).toBe(true)
      await expect.poll(() => phone.wallet.state().prompts[0]?.kind, { timeout: 10_000 }).toBe('proposal')
      await phone.wallet.approve(phone.wallet.state().prompts[0]!.key)
      expect((await answer).ok).toBe(true)
      expect((await core.getState()).siwxSessions).toEqual([])
      await core.disconnectWalletConnect()
    } finally {
      await phone.stop()
      core.dispose()
    }
  }, 60_000)
})
