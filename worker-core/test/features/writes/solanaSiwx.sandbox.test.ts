/**
 * Sign In With Solana through the one write path against a real sandbox: the verifier's nonce, the
 * CAIP-122 Solana message, the Sandbox Wallet's Solana side (a Wallet Standard wallet signing with the
 * sandbox's Solana dev key) reached through the page's Wallet Standard connector, the verifier's
 * ed25519 check, the session kept by the core, restored, and ended everywhere on disconnect.
 */
import { solanaService, SOLANA_LOCALNET_CAIP_ID, type Sandbox } from '@portico/sandbox'
import type { Wallet } from '@wallet-standard/base'
import { SolanaSignIn, type SolanaSignInFeature, type SolanaSignInInput } from '@solana/wallet-standard-features'
import { createSignInMessageText, parseSignInMessageText } from '@solana/wallet-standard-util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CaipAddress, CoreConfig, Network, SiwxSession } from '@portico/shared-types'
import type { WalletAnswer, WriteIntent, WriteResult } from '@portico/shared-types/write'
import { startWrite } from '../../../../main-thread/src/client/write.ts'
import type { Connector } from '../../../../main-thread/src/connectors/types.ts'
import { walletStandardConnector } from '../../../../main-thread/src/connectors/walletStandard.ts'
import { TEST_MNEMONIC } from '../../../../sandbox/wallet/provider.ts'
import { solanaDevSigner } from '../../../../sandbox/wallet/solana-keys.ts'
import { SandboxSolanaWallet } from '../../../../sandbox/wallet/solana.ts'
import { memoryStorage } from '../../../../sandbox/wallet/test-helpers.ts'
import type { ApprovalRequest } from '../../../../sandbox/wallet/types.ts'
import { createCore, type Core } from '../../../src/core.ts'
import { createStorage } from '../../../src/infra/storage.ts'
import { pageFetch, solanaLocalnetNetwork, startTestSandbox, TEST_PAGE_ORIGIN } from '../../sandbox.ts'

const PROJECT = 'solana-siwx-test'
/** The Localnet as a Sign In With Solana message names it: its CAIP-2 reference. */
const LOCALNET_REF = SOLANA_LOCALNET_CAIP_ID.slice('solana:'.length)

let sandbox: Sandbox
let config: CoreConfig
let localnet: Network

beforeAll(async () => {
  sandbox = await startTestSandbox(17350, ['solana'])
  localnet = solanaLocalnetNetwork(sandbox.service(solanaService).rpcUrl, SOLANA_LOCALNET_CAIP_ID)
  config = { projectId: PROJECT, apiUrl: sandbox.dataApi.url, networks: [localnet] }
}, 180_000)
afterAll(async () => {
  await sandbox?.stop()
})

/** Which wallet: the Sandbox Wallet as it is, or changed (features left out or wrapped) to stand for other wallets. */
type Shape = (wallet: SandboxSolanaWallet) => Wallet

/** The Sandbox Wallet's Solana side (dev account `index`), connected through the page's connector; `answers` approve each prompt after connecting. */
async function setUp(index: number, answers: boolean[], shape: Shape = (w) => w) {
  const asked: ApprovalRequest[] = []
  const queue = [true, ...answers]
  const signer = await solanaDevSigner(TEST_MNEMONIC, index)
  const wallet = new SandboxSolanaWallet({
    signer,
    origin: TEST_PAGE_ORIGIN,
    rpcUrl: sandbox.service(solanaService).rpcUrl,
    storage: memoryStorage(),
    storageKey: 'wallet.solana',
    approve: async (request) => (asked.push(request), queue.shift() ?? false),
  })
  const connector = walletStandardConnector(shape(wallet), config.networks)!
  const caipAddress = await connector.connect({ namespace: 'solana', network: localnet })
  expect(caipAddress).toBe(`${SOLANA_LOCALNET_CAIP_ID}:${signer.address}`)
  const dbName = `core-${crypto.randomUUID()}`
  const core = await newCore(dbName)
  await core.setConnected({ caipAddress, connectorId: connector.id, connectorName: connector.name })
  return { core, dbName, provider: await connector.getProvider('solana'), asked, address: signer.address, caipAddress }
}

async function newCore(dbName: string): Promise<Core> {
  const core = createCore({ storage: createStorage({ dbName, warn: () => {} }), warn: () => {}, fetch: pageFetch })
  await core.configure(config)
  return core
}

/** The page's write loop: each step through the connector's provider, each answer back to the core. */
async function runWrite(
  core: Core,
  provider: { request(args: { method: string; params?: unknown }): Promise<unknown> },
  intent: WriteIntent,
  methods: string[] = [],
  /** Answers the steps addressed to the dapp (its own SIWX configuration's functions), as the page would. */
  dapp?: (request: { method: string; params: unknown[] }) => Promise<unknown>,
): Promise<WriteResult> {
  let result: WriteResult = await core.prepareWrite(intent)
  while (result.status === 'step') {
    const step = result
    methods.push(step.request.method)
    if (step.target === 'wallet') expect(await core.markWriteAsked(step.writeId)).toBe(true)
    const ask = step.target === 'dapp' ? () => (dapp ? dapp(step.request) : Promise.reject(new Error('No dapp answerer'))) : () => provider.request(step.request)
    const answer: WalletAnswer = await ask().then(
      (value) => ({ ok: true as const, result: value }),
      (error: { code?: number; message: string }) => ({ ok: false as const, error: { ...(error.code !== undefined ? { code: error.code } : {}), message: error.message } }),
    )
    result = await core.submitWriteResult(step.writeId, answer)
  }
  return result
}

const signIn = (caipAddress: CaipAddress): Extract<WriteIntent, { kind: 'siwx' }> => ({
  kind: 'siwx',
  caipAddress,
  domain: new URL(TEST_PAGE_ORIGIN).host,
  uri: `${TEST_PAGE_ORIGIN}/`,
  statement: 'Sign in to the Portico demo',
  expiresInMs: 60_000,
})
const verifierSession = (address: string) => fetch(`${sandbox.dataApi.url}/v1/siwx/session?address=${address}&chainId=${LOCALNET_REF}&projectId=${PROJECT}&st=t&sv=t`)

/** The wallet without `solana:signIn` (as many Solana wallets are): only its other features. */
const withoutSignIn: Shape = (wallet) => {
  const { [SolanaSignIn]: _signIn, ...features } = wallet.features
  return {
    version: wallet.version,
    name: wallet.name,
    icon: wallet.icon,
    chains: wallet.chains,
    get accounts() {
      return wallet.accounts
    },
    features,
  }
}
/** The wallet's `solana:signIn` changed by `change` (what it is given, or what it answers). */
const signInChanged =
  (change: { input?: (input: SolanaSignInInput) => Partial<SolanaSignInInput>; output?: (signature: Uint8Array) => Uint8Array }): Shape =>
  (wallet) => {
    const original = wallet.features[SolanaSignIn]
    const signInFeature: SolanaSignInFeature[typeof SolanaSignIn] = {
      version: original.version,
      signIn: async (input) => {
        const outputs = await original.signIn({ ...input, ...change.input?.(input) })
        return outputs.map((o) => ({ ...o, signature: change.output ? change.output(o.signature) : o.signature }))
      },
    }
    return {
      version: wallet.version,
      name: wallet.name,
      icon: wallet.icon,
      chains: wallet.chains,
      get accounts() {
        return wallet.accounts
      },
      features: { ...wallet.features, [SolanaSignIn]: signInFeature },
    }
  }

describe('Sign In With Solana against the sandbox verifier', () => {
  it("the wallet's solana:signIn signs the CAIP-122 Solana message with the verifier's nonce; the verifier checks its ed25519 signature; the core keeps the session across a restart until disconnect", async () => {
    const { core, dbName, provider, asked, address, caipAddress } = await setUp(0, [true])
    const methods: string[] = []
    const result = await runWrite(core, provider, signIn(caipAddress), methods)
    expect(result, JSON.stringify(result)).toMatchObject({ status: 'done' })
    expect(methods).toEqual(['solana_signIn'])
    // The wallet showed the message it signed: the Sign In With Solana text, every field as asked.
    expect(asked.map((r) => r.kind)).toEqual(['solana_connect', 'solana_signIn'])
    const text = (asked[1] as { message: string }).message
    expect(text.split('\n').slice(0, 2)).toEqual(['127.0.0.1:5173 wants you to sign in with your Solana account:', address])
    const fields = parseSignInMessageText(text)!
    expect(fields).toMatchObject({ domain: '127.0.0.1:5173', address, statement: 'Sign in to the Portico demo', uri: `${TEST_PAGE_ORIGIN}/`, version: '1', chainId: LOCALNET_REF })
    expect(fields.nonce!.length).toBeGreaterThanOrEqual(8)
    expect(Date.parse(fields.expirationTime!) - Date.parse(fields.issuedAt!)).toBe(60_000)

    const [session] = (await core.getState()).siwxSessions
    expect(session).toMatchObject({ data: { accountAddress: address, chainId: SOLANA_LOCALNET_CAIP_ID, nonce: fields.nonce }, message: text })
    expect(session!.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    expect(session!.cacao).toMatchObject({ h: { t: 'caip122' }, p: { iss: `did:pkh:${SOLANA_LOCALNET_CAIP_ID}:${address}` }, s: { t: 'solana:ed25519', s: session!.signature } })
    expect(await (await verifierSession(address)).json()).toMatchObject({ session: { address, chainId: LOCALNET_REF, nonce: fields.nonce } })

    // A new core over the same IndexedDB (a reload): the session is restored as it was.
    core.dispose()
    const restored = await newCore(dbName)
    expect((await restored.getState()).siwxSessions).toEqual([session])
    await restored.setConnected({ caipAddress, connectorId: 'walletStandard:Sandbox Wallet', connectorName: 'Sandbox Wallet' })
    await restored.setDisconnected('solana')
    expect((await restored.getState()).siwxSessions).toEqual([])
    expect((await verifierSession(address)).status).toBe(404)
    restored.dispose()
  })

  it('a wallet without solana:signIn signs the same message through solana:signMessage', async () => {
    const { core, provider, asked, address, caipAddress } = await setUp(1, [true], withoutSignIn)
    const result = await runWrite(core, provider, signIn(caipAddress))
    expect(result, JSON.stringify(result)).toMatchObject({ status: 'done' })
    expect(asked.map((r) => r.kind)).toEqual(['solana_connect', 'solana_signMessage'])
    const [session] = (await core.getState()).siwxSessions
    expect(session!.message).toBe((asked[1] as { message: string }).message)
    expect((await verifierSession(address)).status).toBe(200)
    core.dispose()
  })

  it("a connector without solana_signIn (WalletConnect's Solana methods only): the page's write path asks solana_signMessage of the same text instead", async () => {
    const { core, provider, asked, address, caipAddress } = await setUp(3, [true])
    const methods: string[] = []
    // What a WalletConnect session answers a method it was not approved for.
    const walletConnectLike = {
      request: async (args: Parameters<typeof provider.request>[0]) => {
        methods.push(args.method)
        if (args.method === 'solana_signIn') throw Object.assign(new Error(`Missing or invalid. request() method: ${args.method}`), { code: 5101 })
        return provider.request(args)
      },
    }
    const connector = { getProvider: async () => walletConnectLike } as unknown as Connector
    const started = await startWrite({ withCore: (fn) => fn(core as never) }, { intent: signIn(caipAddress), connector })
    expect(started.status).toBe('ready')
    const outcome = await (started as Extract<typeof started, { status: 'ready' }>).resume()
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ status: 'done' })
    expect(methods).toEqual(['solana_signIn', 'solana_signMessage'])
    expect(asked.map((r) => r.kind)).toEqual(['solana_connect', 'solana_signMessage'])
    const [session] = (await core.getState()).siwxSessions
    expect(session!.message).toBe((asked[1] as { message: string }).message)
    expect(parseSignInMessageText(session!.message)).toMatchObject({ address, chainId: LOCALNET_REF })
    expect((await verifierSession(address)).status).toBe(200)
    core.dispose()
  })

  it("a dapp's own SIWX configuration on a solana account: its Sign In With Solana message is signed as it is (solana:signMessage), its addSession checks it at the verifier, the core keeps the session", async () => {
    const { core, provider, asked, address, caipAddress } = await setUp(4, [true])
    const added: SiwxSession[] = []
    const dapp = async ({ method, params }: { method: string; params: unknown[] }) => {
      if (method === 'siwx_createMessage') {
        const input = params[0] as { accountAddress: string; chainId: string }
        const { nonce } = (await (await pageFetch(`${sandbox.dataApi.url}/v1/siwx/nonce?projectId=${PROJECT}&st=t&sv=t`)).json()) as { nonce: string }
        const data = {
          accountAddress: input.accountAddress,
          chainId: input.chainId,
          domain: new URL(TEST_PAGE_ORIGIN).host,
          uri: `${TEST_PAGE_ORIGIN}/`,
          version: '1',
          nonce,
          issuedAt: new Date().toISOString(),
        }
        const message = createSignInMessageText({ ...data, address: input.accountAddress, chainId: input.chainId.slice('solana:'.length) })
        return { data, message }
      }
      const session = params[0] as SiwxSession
      const verified = await pageFetch(`${sandbox.dataApi.url}/v1/siwx/verify?projectId=${PROJECT}&st=t&sv=t`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message: session.message, signature: session.signature, chainId: LOCALNET_REF, cacao: session.cacao }),
      })
      if (!verified.ok) throw new Error(`refused: ${verified.status}`)
      added.push(session)
      return null
    }
    const methods: string[] = []
    const result = await runWrite(core, provider, { ...signIn(caipAddress), via: 'dapp' }, methods, dapp)
    expect(result, JSON.stringify(result)).toMatchObject({ status: 'done' })
    expect(methods).toEqual(['siwx_createMessage', 'solana_signMessage', 'siwx_addSession'])
    expect(asked.map((r) => r.kind)).toEqual(['solana_connect', 'solana_signMessage'])
    expect(added[0]).toMatchObject({ data: { accountAddress: address, chainId: SOLANA_LOCALNET_CAIP_ID }, message: (asked[1] as { message: string }).message, cacao: { s: { t: 'solana:ed25519' } } })
    expect((await core.getState()).siwxSessions).toEqual([added[0]])
    expect((await verifierSession(address)).status).toBe(200)
    core.dispose()
  })

  it('refused: a wallet that signs another message than the one asked for, a tampered signature, a declined prompt; no session is kept', async () => {
    const other = await setUp(2, [true], signInChanged({ input: () => ({ statement: 'Something else' }) }))
    expect(await runWrite(other.core, other.provider, signIn(other.caipAddress))).toMatchObject({
      status: 'error',
      error: { code: 'SIWX_VERIFY_FAILED', details: 'The message the wallet signed does not say the statement asked for' },
    })
    const otherExpiry = await setUp(2, [true], signInChanged({ input: (input) => ({ expirationTime: input.issuedAt }) }))
    expect(await runWrite(otherExpiry.core, otherExpiry.provider, signIn(otherExpiry.caipAddress))).toMatchObject({ status: 'error', error: { code: 'SIWX_VERIFY_FAILED' } })

    const flip = (signature: Uint8Array) => signature.map((byte, i) => (i === 7 ? byte ^ 1 : byte))
    const tampered = await setUp(2, [true], signInChanged({ output: flip }))
    const refused = await runWrite(tampered.core, tampered.provider, signIn(tampered.caipAddress))
    expect(refused).toMatchObject({ status: 'error', error: { code: 'SIWX_VERIFY_FAILED' } })
    // The core passed it on (the wallet signed the message asked for); the verifier's ed25519 check refused it.
    expect(tampered.asked.map((r) => r.kind)).toEqual(['solana_connect', 'solana_signIn'])
    expect((refused as { error: { details?: string } }).error.details).toBe('HTTP status code: 401')

    const declined = await setUp(2, [false])
    expect(await runWrite(declined.core, declined.provider, signIn(declined.caipAddress))).toMatchObject({ status: 'error', error: { code: 'USER_REJECTED' } })
    for (const { core } of [other, otherExpiry, tampered, declined]) {
      expect((await core.getState()).siwxSessions).toEqual([])
      core.dispose()
    }
    expect((await verifierSession(other.address)).status).toBe(404)
  })
})
