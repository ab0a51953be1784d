/**
 * EIP-5792 through WalletConnect in the core, against the sandbox (anvil, the relay) and the Sandbox
 * Phone Wallet's own logic over walletkit: the methods are asked as optional, a wallet that has them
 * approves them and runs a batch atomically (EIP-7702 to Simple7702Account); a session without them
 * gets SPEC.md §8's errors from the core, before anything reaches the wallet.
 */
import 'fake-indexeddb/auto'
import { devAccounts, type Sandbox } from '@portico/sandbox'
import { createPublicClient, http, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CoreConfig } from '@portico/shared-types'
import { MESSAGES } from '@portico/shared-types/errors'
import { callsStatusSchema, capabilitiesSchema, sendCallsResultSchema } from '@portico/shared-types/eip5792'
import { createPhoneWallet, PHONE_WALLET_METHODS } from '../../../../sandbox/src/phone-wallet/wallet.ts'
import { MemoryStorage, shutdown, startWallet } from '../../../../sandbox/src/relay/test-clients.ts'
import { SIMPLE_7702_ACCOUNT } from '../../../../sandbox/wallet/calls.ts'
import { createCore, type Core } from '../../../src/core.ts'
import { createStorage } from '../../../src/infra/storage.ts'
import { pageFetch, sandboxConfig, startTestSandbox } from '../../sandbox.ts'

const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

let sandbox: Sandbox
let config: CoreConfig
const chain = () => createPublicClient({ transport: http(sandbox.chains[0]!.rpcUrl) })

beforeAll(async () => {
  sandbox = await startTestSandbox(12000 + 300, ['phoneWallet'])
  config = sandboxConfig(sandbox, 'wc-eip5792-test', {
    metadata: { name: 'Core test dapp', description: 'A dapp in a test', url: 'http://127.0.0.1:5173', icons: [] },
    walletConnect: { relayUrl: sandbox.relay.url },
  })
  for (let i = 0; i < 600 && ((await chain().getCode({ address: SIMPLE_7702_ACCOUNT })) ?? '0x') === '0x'; i++) await new Promise((r) => setTimeout(r, 100))
}, 180_000)
afterAll(async () => {
  await sandbox?.stop()
})

/** The Sandbox Phone Wallet (account 3), granting `methods` (all of its own when absent), approving every prompt. */
async function connectedPhone(core: Core, methods?: readonly string[]) {
  const account = privateKeyToAccount(devAccounts()[3]!.privateKey)
  const walletKit = await startWallet(sandbox.relay.url, new MemoryStorage(), `phone-${Math.random()}`, {
    name: 'Sandbox Phone Wallet',
    description: 'A wallet in a test',
    url: 'http://127.0.0.1:8791',
    icons: [],
  })
  const wallet = createPhoneWallet({
    walletKit,
    chains: sandbox.chains.map((c) => ({ id: c.chainId, name: c.name, rpcUrl: c.rpcUrl, nativeCurrency: c.nativeCurrency })),
    accounts: [{ index: 3, account }],
    ...(methods ? { grant: { methods } } : {}),
  })
  const asked: string[] = []
  // What reaches the wallet at all (prompted or not).
  const requests: string[] = []
  walletKit.on('session_request', (event) => void requests.push(event.params.request.method))
  const stopApproving = wallet.subscribe((state) => {
    const prompt = state.prompts[0]
    if (!prompt) return
    asked.push(prompt.kind === 'request' ? prompt.method : prompt.kind)
    void wallet.approve(prompt.key)
  })
  await core.prepareWalletConnect()
  const answer = core.connectWalletConnect()
  expect(await wallet.pair((await core.getState()).walletConnect.uri!)).toBe(true)
  expect((await answer).ok).toBe(true)
  return {
    account,
    asked,
    requests,
    stop: async () => {
      stopApproving()
      wallet.stop()
      await shutdown(walletKit.core)
    },
  }
}

function newCore(): Core {
  return createCore({ storage: createStorage({ dbName: `wc5792-${Math.random()}` }), warn: () => undefined, walletConnect: { storage: new MemoryStorage() }, fetch: pageFetch })
}

describe('EIP-5792 through WalletConnect', () => {
  it('a wallet that approves the methods: capabilities, an atomic batch after one prompt, its status with the receipt', async () => {
    const core = newCore()
    await core.configure(config)
    const phone = await connectedPhone(core)
    try {
      const session = (await core.getState()).walletConnect.session!
      expect(session.namespaces['eip155']!.methods).toEqual(expect.arrayContaining(['wallet_getCapabilities', 'wallet_sendCalls', 'wallet_getCallsStatus']))
      // SPEC.md §8: no address, no request to the wallet.
      expect(await core.walletConnectRequest({ method: 'wallet_getCapabilities', params: [] })).toEqual({ ok: false, error: { message: MESSAGES.capabilitiesAddressMissing } })
      // The wallet advertised its capabilities with the session: answered from there, nothing asked of the wallet.
      const capabilities = await core.walletConnectRequest({ method: 'wallet_getCapabilities', params: [phone.account.address, ['0x7a69']] })
      expect(capabilities.ok && capabilitiesSchema.parse(capabilities.result)).toEqual({ '0x7a69': { atomic: { status: 'ready' } } })
      const all = await core.walletConnectRequest({ method: 'wallet_getCapabilities', params: [phone.account.address] })
      expect(all.ok && capabilitiesSchema.parse(all.result)).toEqual({ '0x7a69': { atomic: { status: 'ready' } }, '0x7a6a': { atomic: { status: 'ready' } } })
      expect(phone.requests).toEqual([])

      const before = await chain().getBalance({ address: RECEIVER })
      const sent = await core.walletConnectRequest({
        method: 'wallet_sendCalls',
        params: [
          {
            version: '2.0.0',
            chainId: '0x7a69',
            from: phone.account.address,
            atomicRequired: true,
            calls: [
              { to: RECEIVER, value: '0x1' },
              { to: RECEIVER, value: '0x2' },
            ],
          },
        ],
      })
      expect(sent.ok).toBe(true)
      const { id } = sendCallsResultSchema.parse((sent as { result: unknown }).result)
      expect(phone.asked).toEqual(['proposal', 'wallet_sendCalls'])
      expect(phone.requests).toEqual(['wallet_sendCalls'])
      let status = callsStatusSchema.parse(((await core.walletConnectRequest({ method: 'wallet_getCallsStatus', params: [id] })) as { result: unknown }).result)
      for (let i = 0; i < 50 && status.status === 100; i++) {
        await new Promise((r) => setTimeout(r, 100))
        status = callsStatusSchema.parse(((await core.walletConnectRequest({ method: 'wallet_getCallsStatus', params: [id] })) as { result: unknown }).result)
      }
      expect(status).toMatchObject({ status: 200, atomic: true })
      expect((await chain().getTransaction({ hash: status.receipts![0]!.transactionHash as Hex })).type).toBe('eip7702')
      expect(await chain().getBalance({ address: RECEIVER })).toBe(before + 3n)
    } finally {
      await phone.stop()
      core.dispose()
    }
  }, 60_000)

  it("a session without them: 'Fetching call status not approved by the wallet', and a batch is refused before the wallet", async () => {
    const core = newCore()
    await core.configure(config)
    const phone = await connectedPhone(
      core,
      PHONE_WALLET_METHODS.filter((m) => !m.startsWith('wallet_get') && m !== 'wallet_sendCalls'),
    )
    try {
      expect((await core.getState()).walletConnect.session!.namespaces['eip155']!.methods).not.toContain('wallet_sendCalls')
      expect(await core.walletConnectRequest({ method: 'wallet_getCallsStatus', params: ['0x01'] })).toEqual({ ok: false, error: { message: MESSAGES.callsStatusNotApproved } })
      expect(await core.walletConnectRequest({ method: 'wallet_sendCalls', params: [{ chainId: '0x7a69', calls: [{ to: RECEIVER }] }] })).toMatchObject({ ok: false, error: { code: 4200 } })
      expect(await core.walletConnectRequest({ method: 'wallet_getCapabilities', params: [phone.account.address] })).toMatchObject({ ok: false, error: { code: 4200 } })
      expect(phone.asked).toEqual(['proposal'])
    } finally {
      await phone.stop()
      core.dispose()
    }
  }, 60_000)
})
