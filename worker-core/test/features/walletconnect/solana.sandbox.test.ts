/**
 * Integration: WalletConnect's solana namespace in the core against the sandbox (the relay, the anvil
 * chains, the Solana Localnet on LiteSVM) with the Sandbox Phone Wallet's own logic over
 * @reown/walletkit as the wallet. Test-only: the packages never import the sandbox.
 */
import 'fake-indexeddb/auto'
import { devAccounts, solanaService, SOLANA_LOCALNET_CAIP_ID, type Sandbox, type SolanaChainHandle } from '@portico/sandbox'
import { generateKeyPairSigner, getBase58Decoder, getBase58Encoder, signatureBytes, verifySignature } from '@solana/kit'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CaipAddress, CoreConfig, CoreState } from '@portico/shared-types'
import { devSigner } from '../../../../sandbox/src/solana/dev-keys.ts'
import { createPhoneWallet } from '../../../../sandbox/src/phone-wallet/wallet.ts'
import { MemoryStorage, shutdown, startWallet } from '../../../../sandbox/src/relay/test-clients.ts'
import { createCore, type Core } from '../../../src/core.ts'
import { createStorage } from '../../../src/infra/storage.ts'
import { pageFetch, sandboxConfig, solanaLocalnetNetwork, startTestSandbox } from '../../sandbox.ts'

let sandbox: Sandbox
let solana: SolanaChainHandle
let config: CoreConfig

beforeAll(async () => {
  sandbox = await startTestSandbox(17520, ['phoneWallet'])
  solana = sandbox.service(solanaService)
  const base = sandboxConfig(sandbox, 'wc-solana-test', {
    metadata: { name: 'Core test dapp', description: 'A dapp in a test', url: 'http://127.0.0.1:5173', icons: [] },
    walletConnect: { relayUrl: sandbox.relay.url },
  })
  // As the demo's /?solana=1: the EVM chains and the Solana Localnet, the dapp starting on Solana.
  config = { ...base, networks: [...base.networks, solanaLocalnetNetwork(solana.rpcUrl, SOLANA_LOCALNET_CAIP_ID)], defaultNetwork: SOLANA_LOCALNET_CAIP_ID }
}, 180_000)
afterAll(async () => {
  await sandbox?.stop()
})

/** The Sandbox Phone Wallet with account 1 (EVM dev account 1, Solana dev account 1) on the sandbox's chains and its Solana Localnet. */
async function startSandboxPhone({ solanaChains = true } = {}) {
  const account = privateKeyToAccount(devAccounts()[1]!.privateKey)
  const solanaKey = await devSigner(solana.devAccounts[1]!)
  const walletKit = await startWallet(sandbox.relay.url, new MemoryStorage(), `phone-${Math.random()}`, {
    name: 'Sandbox Phone Wallet',
    description: 'A wallet in a test',
    url: 'http://127.0.0.1:8791',
    icons: [],
  })
  const wallet = createPhoneWallet({
    walletKit,
    chains: sandbox.chains.map((c) => ({ id: c.chainId, name: c.name, rpcUrl: c.rpcUrl, nativeCurrency: c.nativeCurrency })),
    solanaChains: solanaChains ? [{ caipNetworkId: SOLANA_LOCALNET_CAIP_ID, name: 'Solana Localnet', rpcUrl: solana.rpcUrl }] : [],
    accounts: [{ index: 1, account, solana: solanaKey }],
  })
  return {
    wallet,
    account,
    solanaKey,
    stop: async () => {
      wallet.stop()
      await shutdown(walletKit.core)
    },
  }
}
type Phone = Awaited<ReturnType<typeof startSandboxPhone>>

function newCore(): Core {
  return createCore({ storage: createStorage({ dbName: `wc-solana-${Math.random()}` }), warn: () => undefined, walletConnect: { storage: new MemoryStorage() }, fetch: pageFetch })
}

async function until(core: Core, test: (state: CoreState) => boolean, ms = 10_000): Promise<CoreState> {
  const started = Date.now()
  for (;;) {
    const state = await core.getState()
    if (test(state)) return state
    if (Date.now() - started > ms) throw new Error(`timed out; connections: ${JSON.stringify(state.connections)}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** Pairs the core with the phone and approves its proposal there; answers what `connectWalletConnect` answered. */
async function pair(core: Core, phone: Phone) {
  await core.prepareWalletConnect()
  const answer = core.connectWalletConnect()
  expect(await phone.wallet.pair((await core.getState()).walletConnect.uri!)).toBe(true)
  await expect.poll(() => phone.wallet.state().prompts[0]?.kind, { timeout: 10_000 }).toBe('proposal')
  const prompt = phone.wallet.state().prompts[0]!
  await phone.wallet.approve(prompt.key)
  return { answer: await answer, prompt }
}

/** Approves the phone's next request prompt; answers its title. */
async function approveOnPhone(phone: Phone): Promise<string> {
  await expect.poll(() => phone.wallet.state().prompts[0]?.kind, { timeout: 10_000 }).toBe('request')
  const prompt = phone.wallet.state().prompts[0]!
  await phone.wallet.approve(prompt.key)
  return prompt.title
}

describe("WalletConnect's solana namespace", () => {
  it('one session holds eip155 and solana: both connected, the dapp stays on Solana, 0.1 SOL goes through the write path, a message is signed, and disconnecting ends both', async () => {
    const core = newCore()
    await core.configure(config)
    const phone = await startSandboxPhone()
    try {
      // As the page does on Solana Localnet: the solana namespace is connecting through WalletConnect.
      await core.setConnecting('solana', 'walletConnect', 'WALLET_CONNECT')
      const { answer, prompt } = await pair(core, phone)
      // The proposal: the EVM chains and the Solana Localnet, with WalletConnect's four Solana methods.
      expect(prompt).toMatchObject({ kind: 'proposal', blocker: undefined })
      expect(prompt.kind === 'proposal' && prompt.chains).toContainEqual({ caip: SOLANA_LOCALNET_CAIP_ID, name: 'Solana Localnet', required: false })
      expect(prompt.kind === 'proposal' && prompt.methods).toEqual(
        expect.arrayContaining(['personal_sign', 'solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction', 'solana_signAllTransactions']),
      )

      const solanaAccount: CaipAddress = `${SOLANA_LOCALNET_CAIP_ID}:${phone.solanaKey.address}`
      expect(answer).toEqual({ ok: true, result: solanaAccount })
      const state = await until(core, (s) => s.connections.solana?.status === 'connected' && s.connections.eip155?.status === 'connected')
      expect(state.connections.solana).toMatchObject({ caipAddress: solanaAccount, connectorId: 'walletConnect', connectorType: 'WALLET_CONNECT' })
      expect(state.connections.eip155).toMatchObject({ caipAddress: `eip155:31337:${phone.account.address}`, connectorType: 'WALLET_CONNECT' })
      expect(state.activeNamespace).toBe('solana')
      expect(state.activeCaipNetworkId).toBe(SOLANA_LOCALNET_CAIP_ID)
      expect(state.walletConnect.session?.namespaces['solana']).toMatchObject({ chains: [SOLANA_LOCALNET_CAIP_ID], accounts: [solanaAccount] })
      expect(await core.getWalletConnectAccount('solana')).toBe(solanaAccount)

      // 0.1 SOL through the one write path: the core's step goes over the session as the WalletConnect connector's provider sends it.
      const receiver = (await generateKeyPairSigner()).address
      const step = await core.prepareWrite({ kind: 'send', caipAddress: solanaAccount, token: { symbol: 'SOL', decimals: 9 }, amount: '0.1', receiver })
      if (step.status !== 'step') throw new Error(`no step: ${JSON.stringify(step)}`)
      expect(step.request.method).toBe('solana_signAndSendTransaction')
      expect(await core.markWriteAsked(step.writeId)).toBe(true)
      const sent = core.walletConnectRequest({ method: step.request.method, params: step.request.params })
      expect(await approveOnPhone(phone)).toBe('Send a Solana transaction for http://127.0.0.1:5173?')
      const walletAnswer = await sent
      expect(walletAnswer).toMatchObject({ ok: true, result: { signature: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/) } })
      const done = await core.submitWriteResult(step.writeId, walletAnswer)
      expect(done).toMatchObject({ status: 'done', hash: (walletAnswer as { result: { signature: string } }).result.signature })
      await expect.poll(() => solana.balances(receiver).lamports, { timeout: 10_000 }).toBe(100_000_000n)

      // solana_signMessage as the core's steps hand it ([{ message }], base58): signed by the session's Solana key.
      const text = new TextEncoder().encode('Hello over WalletConnect')
      const signing = core.walletConnectRequest({ method: 'solana_signMessage', params: [{ message: getBase58Decoder().decode(text) }] })
      expect(await approveOnPhone(phone)).toBe('Sign a message for http://127.0.0.1:5173?')
      const signed = await signing
      if (!signed.ok) throw new Error(signed.error.message)
      const { signature } = signed.result as { signature: string }
      expect(await verifySignature(phone.solanaKey.keyPair.publicKey, signatureBytes(new Uint8Array(getBase58Encoder().encode(signature))), text)).toBe(true)

      // A Solana method outside WalletConnect's four, and params that do not fit, never reach the wallet.
      expect(await core.walletConnectRequest({ method: 'solana_requestAirdrop', params: {} })).toMatchObject({ ok: false, error: { code: 4200 } })
      expect(await core.walletConnectRequest({ method: 'solana_signTransaction', params: [{ transaction: 'not base64!' }] })).toMatchObject({ ok: false, error: { code: -32602 } })
      expect(phone.wallet.state().prompts).toEqual([])

      // The visitor disconnects (SPEC.md §4): the session ends and both namespaces are disconnected.
      await core.disconnectWalletConnect()
      await core.setDisconnected('solana')
      const after = await core.getState()
      expect(after.connections.solana?.status).toBe('disconnected')
      expect(after.connections.eip155?.status).toBe('disconnected')
      await expect.poll(() => phone.wallet.state().sessions).toEqual([])
    } finally {
      await phone.stop()
      core.dispose()
    }
  }, 90_000)

  it('a wallet without Solana approves eip155 only: the dapp is connected there, and a Solana request is refused before the wallet', async () => {
    const core = newCore()
    await core.configure(config)
    const phone = await startSandboxPhone({ solanaChains: false })
    try {
      await core.setConnecting('solana', 'walletConnect', 'WALLET_CONNECT')
      const { answer, prompt } = await pair(core, phone)
      expect(prompt.kind === 'proposal' && prompt.chains).toContainEqual({ caip: SOLANA_LOCALNET_CAIP_ID, name: undefined, required: false })
      expect(answer).toEqual({ ok: true, result: `eip155:31337:${phone.account.address}` })
      const state = await until(core, (s) => s.connections.eip155?.status === 'connected')
      // The namespace asked for stops waiting; the session has no solana namespace.
      expect(state.connections.solana?.status).toBe('disconnected')
      expect(state.walletConnect.session?.namespaces['solana']).toBeUndefined()
      expect(await core.walletConnectRequest({ method: 'solana_signMessage', params: [{ message: '3yZe7d', pubkey: phone.solanaKey.address }] })).toMatchObject({ ok: false, error: { code: 4200 } })
      await core.disconnectWalletConnect()
    } finally {
      await phone.stop()
      core.dispose()
    }
  }, 90_000)
})
