import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, createWalletClient, defineChain, http, parseEther, type Address, type Hex } from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { CallsStatusNotApprovedError, CapabilitiesAddressMissingError, MESSAGES } from '@portico/shared-types/errors'
import { walletCalls, withWalletCalls } from '../../main-thread/src/connectors/calls.ts'
import { accountAbstractionArtifact, DETERMINISTIC_DEPLOYER, simple7702AccountDeployment } from '../src/aa/contracts.ts'
import { SIMPLE_7702_ACCOUNT } from './calls.ts'
import { createSandboxProvider, TEST_MNEMONIC, type SandboxProvider } from './provider.ts'
import { memoryStorage, scriptedApprove } from './test-helpers.ts'
import type { Approve } from './types.ts'

/**
 * EIP-5792 in the Sandbox Wallet against a real anvil on prague: batches run atomically through an
 * EIP-7702 delegation to the published Simple7702Account, or one by one on a chain without it; the
 * page's seam (`walletCalls`, the provider `useProvider()` gives) in front of the same wallet.
 */
const PORT = 18847 + Number(process.env['PORTICO_TEST_PORT_OFFSET'] ?? 0)
const RPC_URL = `http://127.0.0.1:${PORT}`
const PLAIN_PORT = PORT + 1
const PLAIN_RPC_URL = `http://127.0.0.1:${PLAIN_PORT}`
const A: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const B: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
// Anvil's account 0 key (the standard test mnemonic), to deploy the delegate.
const DEPLOYER_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'

function anvilBinary(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch
  const require = createRequire(import.meta.url)
  return join(dirname(require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`)), 'bin', 'anvil')
}

async function waitForRpc(url: string): Promise<void> {
  const deadline = Date.now() + 20_000
  for (;;) {
    const up = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' }).then(
      (r) => r.ok,
      () => false,
    )
    if (up) return
    if (Date.now() > deadline) throw new Error(`anvil did not start on ${url}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const nodes: ChildProcess[] = []
const chain = defineChain({ id: 31337, name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [RPC_URL] } } })
const publicClient = createPublicClient({ chain, transport: http(RPC_URL) })
const plainClient = createPublicClient({ chain, transport: http(PLAIN_RPC_URL) })

beforeAll(async () => {
  for (const [port, id] of [
    [PORT, 31337],
    [PLAIN_PORT, 31338],
  ] as const) {
    nodes.push(spawn(anvilBinary(), ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(id), '--hardfork', 'prague', '--silent'], { stdio: 'ignore' }))
  }
  await Promise.all([waitForRpc(RPC_URL), waitForRpc(PLAIN_RPC_URL)])
  // The published Simple7702Account at its canonical address on the first chain only.
  const deployment = simple7702AccountDeployment(await accountAbstractionArtifact('Simple7702Account'))
  const deployer = createWalletClient({ account: privateKeyToAccount(DEPLOYER_KEY), chain, transport: http(RPC_URL) })
  const hash = await deployer.sendTransaction({ to: DETERMINISTIC_DEPLOYER, data: deployment.data, gas: 3_000_000n })
  await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
}, 60_000)

afterAll(() => {
  for (const node of nodes) node.kill('SIGTERM')
})

const CHAINS = [
  { id: 31337, name: 'Anvil A', rpcUrl: RPC_URL },
  { id: 31338, name: 'Anvil B', rpcUrl: PLAIN_RPC_URL },
]

async function connected(addressIndex: number, approve: Approve, defaultChainId = 31337): Promise<SandboxProvider> {
  const provider = createSandboxProvider({ approve, origin: 'http://dapp.test', addressIndex, chains: CHAINS, defaultChainId, storage: memoryStorage() })
  await provider.request({ method: 'eth_requestAccounts' })
  return provider
}

async function settled(provider: SandboxProvider, id: string) {
  for (let i = 0; i < 100; i++) {
    const status = await walletCalls(provider).getCallsStatus(id)
    if (status.status !== 100) return status
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`batch ${id} still pending`)
}

describe('Sandbox Wallet: EIP-5792 with an EIP-7702 delegation', () => {
  it('advertises atomic batches as ready, runs two transfers in one type-4 transaction after one approval, then reads supported', async () => {
    const approve = scriptedApprove(true, true, true)
    const provider = await connected(5, approve)
    const calls = walletCalls(provider)
    const self = mnemonicToAccount(TEST_MNEMONIC, { addressIndex: 5 }).address
    expect(await calls.getCapabilities(self, [31337, 31338])).toEqual({ '0x7a69': { atomic: { status: 'ready' } }, '0x7a6a': { atomic: { status: 'unsupported' } } })
    expect(await calls.atomicStatus(self, 31337)).toBe('ready')
    const before = await Promise.all([publicClient.getBalance({ address: A }), publicClient.getBalance({ address: B })])

    const { id } = await calls.sendCalls({
      version: '2.0.0',
      chainId: '0x7a69',
      from: self,
      atomicRequired: true,
      calls: [
        { to: A, value: '0x1' },
        { to: B, value: '0x2' },
      ],
    })
    // One prompt for the whole batch (after the connect), saying it delegates the account.
    expect(approve.asked.map((r) => r.kind)).toEqual(['connect', 'wallet_sendCalls'])
    expect(approve.asked[1]).toMatchObject({
      atomic: true,
      delegates: SIMPLE_7702_ACCOUNT,
      calls: [
        { to: A, value: 1n },
        { to: B, value: 2n },
      ],
    })
    const status = await settled(provider, id)
    expect(status).toMatchObject({ status: 200, atomic: true, chainId: '0x7a69' })
    expect(status.receipts).toHaveLength(1)
    const tx = await publicClient.getTransaction({ hash: status.receipts![0]!.transactionHash as Hex })
    expect(tx.type).toBe('eip7702')
    expect(await publicClient.getBalance({ address: A })).toBe(before[0] + 1n)
    expect(await publicClient.getBalance({ address: B })).toBe(before[1] + 2n)
    expect(await publicClient.getCode({ address: self })).toBe(`0xef0100${SIMPLE_7702_ACCOUNT.slice(2).toLowerCase()}`)
    expect(await calls.atomicStatus(self, 31337)).toBe('supported')

    // Delegated: the next batch is one plain transaction to itself, no new authorisation.
    const second = await calls.sendCalls({ chainId: '0x7a69', atomicRequired: true, calls: [{ to: A, value: '0x3' }] })
    expect(approve.asked[2]).toMatchObject({ kind: 'wallet_sendCalls', delegates: undefined })
    expect((await settled(provider, second.id)).status).toBe(200)
    expect(await publicClient.getBalance({ address: A })).toBe(before[0] + 4n)
  }, 60_000)

  it('an atomic batch with a failing call changes nothing (status 500)', async () => {
    const provider = await connected(6, scriptedApprove(true, true))
    // A call into the delegate's executeBatch from outside the account reverts ("not from self or EntryPoint").
    const before = await publicClient.getBalance({ address: A })
    const { id } = await walletCalls(provider)
      .sendCalls({
        chainId: '0x7a69',
        atomicRequired: true,
        calls: [
          { to: A, value: '0x5' },
          { to: SIMPLE_7702_ACCOUNT, data: '0x34fcd5be' },
        ],
      })
      .catch((error: unknown) => ({ id: '', error }))
    if (id) expect((await settled(provider, id)).status).toBe(500)
    expect(await publicClient.getBalance({ address: A })).toBe(before)
  }, 60_000)

  it('on a chain without the delegate: one by one after one approval (atomic false), and a batch that requires atomicity is refused', async () => {
    const approve = scriptedApprove(true, true)
    const provider = await connected(7, approve, 31338)
    const calls = walletCalls(provider)
    const before = await plainClient.getBalance({ address: A })
    await expect(calls.sendCalls({ chainId: '0x7a6a', atomicRequired: true, calls: [{ to: A, value: '0x1' }] })).rejects.toMatchObject({ code: 5760 })
    const { id } = await calls.sendCalls({
      chainId: '0x7a6a',
      atomicRequired: false,
      calls: [
        { to: A, value: '0x1' },
        { to: A, value: '0x2' },
      ],
    })
    expect(approve.asked.map((r) => r.kind)).toEqual(['connect', 'wallet_sendCalls'])
    const status = await settled(provider, id)
    expect(status).toMatchObject({ status: 200, atomic: false })
    expect(status.receipts).toHaveLength(2)
    expect(await plainClient.getBalance({ address: A })).toBe(before + 3n)
  }, 60_000)

  it('a rejected batch sends nothing; a batch for another chain is refused (5710)', async () => {
    const provider = await connected(8, scriptedApprove(true, false))
    const calls = walletCalls(provider)
    await expect(calls.sendCalls({ chainId: '0x7a69', calls: [{ to: A, value: '0x1' }] })).rejects.toMatchObject({ code: 4001 })
    await expect(calls.sendCalls({ chainId: '0x7a6a', calls: [{ to: A, value: '0x1' }] })).rejects.toMatchObject({ code: 5710 })
  }, 60_000)
})

describe("Sandbox Wallet without EIP-5792 (eip5792: false, the page's ?sandboxWallet5792=off)", () => {
  it('answers 4200 to the three methods, so the seam reads no batches', async () => {
    const provider = createSandboxProvider({ approve: scriptedApprove(true), origin: 'http://dapp.test', addressIndex: 9, chains: CHAINS, storage: memoryStorage(), eip5792: false })
    await provider.request({ method: 'eth_requestAccounts' })
    const self = mnemonicToAccount(TEST_MNEMONIC, { addressIndex: 9 }).address
    for (const [method, params] of [
      ['wallet_getCapabilities', [self]],
      ['wallet_sendCalls', [{ chainId: '0x7a69', calls: [{ to: A }] }]],
      ['wallet_getCallsStatus', ['0x01']],
    ] as const) {
      await expect(provider.request({ method, params: [...params] })).rejects.toMatchObject({ code: 4200 })
    }
    expect(await walletCalls(provider).atomicStatus(self, 31337)).toBe('unsupported')
  })
})

describe("The page's EIP-5792 seam in front of the Sandbox Wallet", () => {
  it('SPEC.md §8: wallet_getCapabilities without an address is refused before the wallet is asked', async () => {
    const approve = scriptedApprove(true)
    const provider = withWalletCalls(await connected(9, approve), walletCalls(await connected(9, scriptedApprove(true))))
    await expect(provider.request({ method: 'wallet_getCapabilities', params: [] })).rejects.toThrow(CapabilitiesAddressMissingError)
    await expect(provider.request({ method: 'wallet_getCapabilities', params: [] })).rejects.toThrow(MESSAGES.capabilitiesAddressMissing)
  })

  it('SPEC.md §5: a call target that does not start with 0x is refused, and nothing reaches the wallet', async () => {
    const approve = scriptedApprove(true)
    const wallet = await connected(9, approve)
    const provider = withWalletCalls(wallet, walletCalls(wallet))
    await expect(provider.request({ method: 'wallet_sendCalls', params: [{ chainId: '0x7a69', calls: [{ to: '70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0x1' }] }] })).rejects.toThrow(
      'wallet_sendCalls targets must start with 0x',
    )
    expect(approve.asked.map((r) => r.kind)).toEqual(['connect'])
  })

  it("SPEC.md §8: a wallet that does not approve wallet_getCallsStatus gives 'Fetching call status not approved by the wallet'", async () => {
    const wallet = await connected(9, scriptedApprove(true))
    // A wallet without EIP-5792 (4200 for every wallet_ method it lacks): the same wallet with the three methods taken out.
    const bare = {
      request: async (args: { method: string; params?: unknown }) =>
        args.method.startsWith('wallet_') && args.method !== 'wallet_switchEthereumChain' ? Promise.reject(Object.assign(new Error('not supported'), { code: 4200 })) : wallet.request(args as never),
    }
    const calls = walletCalls(bare)
    await expect(calls.getCallsStatus('0x01')).rejects.toThrow(CallsStatusNotApprovedError)
    await expect(calls.getCallsStatus('0x01')).rejects.toThrow(MESSAGES.callsStatusNotApproved)
    // Its capability check says no batches: a swap then sends approve and swap one by one.
    const self = mnemonicToAccount(TEST_MNEMONIC, { addressIndex: 9 }).address
    expect(await calls.atomicStatus(self, 31337)).toBe('unsupported')
    // The session-level refusal (a WalletConnect session without the method) says the same.
    await expect(walletCalls(wallet, { approved: (m) => m !== 'wallet_getCallsStatus' }).getCallsStatus('0x01')).rejects.toThrow(MESSAGES.callsStatusNotApproved)
  })

  it('answers through useProvider are the parsed shapes: capabilities by hex chain id, an id, a status', async () => {
    const wallet = await connected(9, scriptedApprove(true, true))
    const provider = withWalletCalls(wallet, walletCalls(wallet))
    const self = mnemonicToAccount(TEST_MNEMONIC, { addressIndex: 9 }).address
    expect(await provider.request({ method: 'wallet_getCapabilities', params: [self, ['0x7a69']] })).toEqual({ '0x7a69': { atomic: { status: 'ready' } } })
    const sent = (await provider.request({
      method: 'wallet_sendCalls',
      params: [{ chainId: '0x7a69', atomicRequired: true, calls: [{ to: A, value: `0x${parseEther('0.001').toString(16)}` }] }],
    })) as { id: string }
    expect(typeof sent.id).toBe('string')
    const status = await settled(wallet, sent.id)
    expect(status).toMatchObject({ status: 200, atomic: true, version: '2.0.0' })
    expect(await provider.request({ method: 'wallet_getCallsStatus', params: [sent.id] })).toMatchObject({ id: sent.id, status: 200 })
  }, 60_000)
})
