/**
 * A swap that needs an approval, from a wallet that runs atomic batches (EIP-5792): the page's write
 * path (`startWrite` and the connector seam) asks the Sandbox Wallet once, the wallet runs the approval
 * and the swap in one EIP-7702 transaction, and the core tracks that transaction. Everything is real:
 * the sandbox's chain, AMM and convert API, the core, the page's connector over the wallet's provider.
 */
import 'fake-indexeddb/auto'
import type { Sandbox } from '@portico/sandbox'
import { createPublicClient, createWalletClient, erc20Abi, http, parseUnits, type Address, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { followStateChanges, type CoreConfig } from '@portico/shared-types'
import type { SwapTokenRef, WriteIntent, WriteStep } from '@portico/shared-types/write'
import { startWrite } from '../../main-thread/src/client/write.ts'
import { runsAtomicBatches } from '../../main-thread/src/connectors/calls.ts'
import { eip1193Connector } from '../../main-thread/src/connectors/eip1193.ts'
import type { Core } from '../../worker-core/src/core.ts'
import { connectedTestCore, sandboxConfig, sandboxWallet, startTestSandbox } from '../../worker-core/test/sandbox.ts'
import { SIMPLE_7702_ACCOUNT } from './calls.ts'
import { TEST_MNEMONIC } from './provider.ts'

const ACCOUNT_0: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const CAIP_0 = `eip155:31337:${ACCOUNT_0}` as const

let sandbox: Sandbox
let config: CoreConfig
let USDC: SwapTokenRef
const ETH: SwapTokenRef = { address: 'eip155:31337:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', symbol: 'ETH', decimals: 18 }

const chain = () => createPublicClient({ transport: http(sandbox.chains[0]!.rpcUrl) })
const usdcAddress = () => USDC.address.split(':')[2] as Address
const usdcOf = (address: Address) => chain().readContract({ address: usdcAddress(), abi: erc20Abi, functionName: 'balanceOf', args: [address] })

beforeAll(async () => {
  sandbox = await startTestSandbox(15100)
  config = sandboxConfig(sandbox, 'batched-swap-test')
  USDC = { address: `eip155:31337:${sandbox.contracts[31337]?.USDC?.address}`, symbol: 'USDC', decimals: 6 }
  // ERC-4337 (with the Simple7702Account) is placed once the seed is done.
  for (let i = 0; i < 600 && ((await chain().getCode({ address: SIMPLE_7702_ACCOUNT })) ?? '0x') === '0x'; i++) await new Promise((r) => setTimeout(r, 100))
  // No allowance left from the seed: the swap needs its approval.
  const owner = createWalletClient({ account: mnemonicToAccount(TEST_MNEMONIC), transport: http(sandbox.chains[0]!.rpcUrl) })
  await chain().waitForTransactionReceipt({
    hash: await owner.writeContract({ chain: null, address: usdcAddress(), abi: erc20Abi, functionName: 'approve', args: [sandbox.deployments[31337]!.amm, 0n] }),
  })
}, 180_000)
afterAll(async () => {
  await sandbox?.stop()
})

/** The page client's one use here: its calls into the core (in a page, through comlink). */
const coreClient = (core: Core) => ({ withCore: <T>(fn: (api: never) => T | Promise<T>) => Promise.resolve(fn(core as never)) }) as unknown as Parameters<typeof startWrite>[0]

async function pageWrite(core: Core, intent: WriteIntent, answers: boolean[]) {
  const { provider, asked } = await sandboxWallet(sandbox, answers)
  const connector = eip1193Connector({ id: 'dev.portico.sandbox-wallet', type: 'ANNOUNCED', name: 'Sandbox Wallet', provider })
  const steps: WriteStep[] = []
  const atomic = await runsAtomicBatches(connector, intent.caipAddress)
  const started = await startWrite(coreClient(core), { intent: { ...intent, ...(atomic && intent.kind === 'swap' ? { atomic } : {}) } as WriteIntent, connector, onStep: (s) => steps.push(s) })
  const result = started.status === 'ready' ? await started.resume() : started
  return { result, steps, asked, atomic }
}

describe('a batched approve-and-swap (EIP-5792) through the page and the core', () => {
  it('USDC to ETH with the allowance short: one wallet approval, one atomic transaction that approves and swaps, tracked until mined', async () => {
    const core = await connectedTestCore(config, ACCOUNT_0, { swapChains: ['eip155:31337'] })
    const before = await usdcOf(ACCOUNT_0)
    // What the Activity shows meanwhile: the core's pending rows, in every state it pushes (as a tab follows it; a poll could miss a short-lived row).
    const seen = new Set<string>()
    const subscription = await core.subscribe(
      followStateChanges((state) => {
        for (const p of state.pendingTransactions) seen.add(`${p.hash} ${p.kind} ${p.amount} ${p.symbol}`)
      }),
    )
    const { result, steps, asked, atomic } = await pageWrite(core, { kind: 'swap', caipAddress: CAIP_0, from: USDC, to: ETH, amount: '30' }, [true])
    expect(atomic).toBe(true)
    expect(result).toMatchObject({ status: 'done', hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) })
    // One step, one prompt (after the connect): the batch of the approval and the swap.
    expect(steps.map((s) => `${s.index}/${s.total} ${s.label} ${s.request.method}`)).toEqual(['1/1 swap wallet_sendCalls'])
    expect(asked.map((a) => a.kind)).toEqual(['connect', 'wallet_sendCalls'])
    const batch = asked[1] as Extract<(typeof asked)[number], { kind: 'wallet_sendCalls' }>
    expect(batch.atomic).toBe(true)
    expect(batch.calls.map((c) => c.to.toLowerCase())).toEqual([usdcAddress().toLowerCase(), sandbox.deployments[31337]!.amm.toLowerCase()])
    const hash = (result as { hash: Hex }).hash
    const receipt = await chain().waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect((await chain().getTransaction({ hash })).type).toBe('eip7702')
    expect(before - (await usdcOf(ACCOUNT_0))).toBe(parseUnits('30', 6))
    // The core follows the batch's transaction like any other (Activity, then a balance refresh once mined).
    for (let i = 0; i < 100 && (await core.getState()).pendingTransactions.some((p) => p.hash === hash); i++) await new Promise((r) => setTimeout(r, 100))
    await core.unsubscribe(subscription)
    expect(seen).toContain(`${hash} swap 30 USDC`)
    expect((await core.getState()).pendingTransactions.some((p) => p.hash === hash)).toBe(false)
    core.dispose()
  }, 120_000)

  it('a wallet that takes the batch but gives no status: the outcome is unknown (never a failure to try again), and the swap did run', async () => {
    const owner = createWalletClient({ account: mnemonicToAccount(TEST_MNEMONIC, { addressIndex: 2 }), transport: http(sandbox.chains[0]!.rpcUrl) })
    const who = owner.account.address
    const funder = createWalletClient({ account: mnemonicToAccount(TEST_MNEMONIC), transport: http(sandbox.chains[0]!.rpcUrl) })
    await chain().waitForTransactionReceipt({ hash: await funder.writeContract({ chain: null, address: usdcAddress(), abi: erc20Abi, functionName: 'transfer', args: [who, parseUnits('50', 6)] }) })
    await chain().waitForTransactionReceipt({
      hash: await owner.writeContract({ chain: null, address: usdcAddress(), abi: erc20Abi, functionName: 'approve', args: [sandbox.deployments[31337]!.amm, 0n] }),
    })
    const core = await connectedTestCore(config, who, { swapChains: ['eip155:31337'] })
    const { provider, asked } = await sandboxWallet(sandbox, [true], { addressIndex: 2 })
    // The wallet answers wallet_sendCalls, not wallet_getCallsStatus.
    const noStatus = {
      request: (args: { method: string; params?: unknown }) =>
        args.method === 'wallet_getCallsStatus' ? Promise.reject(Object.assign(new Error('unsupported'), { code: 4200 })) : provider.request(args as never),
    }
    const connector = eip1193Connector({ id: 'no-status', type: 'ANNOUNCED', name: 'No status', provider: noStatus })
    const before = await usdcOf(who)
    const started = await startWrite(coreClient(core), { intent: { kind: 'swap', caipAddress: `eip155:31337:${who}`, from: USDC, to: ETH, amount: '10', atomic: true }, connector })
    const result = started.status === 'ready' ? await started.resume() : started
    expect(result).toMatchObject({ status: 'error', error: { code: 'WRITE_OUTCOME_UNKNOWN' } })
    expect(asked.map((a) => a.kind)).toEqual(['connect', 'wallet_sendCalls'])
    await expect.poll(async () => before - (await usdcOf(who)), { timeout: 10_000 }).toBe(parseUnits('10', 6))
    core.dispose()
  }, 120_000)

  it('a wallet without EIP-5792 gets the two steps as before (approve, then swap)', async () => {
    const owner = createWalletClient({ account: mnemonicToAccount(TEST_MNEMONIC, { addressIndex: 1 }), transport: http(sandbox.chains[0]!.rpcUrl) })
    const who = owner.account.address
    // Account 1's USDC, from account 0.
    const funder = createWalletClient({ account: mnemonicToAccount(TEST_MNEMONIC), transport: http(sandbox.chains[0]!.rpcUrl) })
    await chain().waitForTransactionReceipt({ hash: await funder.writeContract({ chain: null, address: usdcAddress(), abi: erc20Abi, functionName: 'transfer', args: [who, parseUnits('50', 6)] }) })
    await chain().waitForTransactionReceipt({
      hash: await owner.writeContract({ chain: null, address: usdcAddress(), abi: erc20Abi, functionName: 'approve', args: [sandbox.deployments[31337]!.amm, 0n] }),
    })
    const core = await connectedTestCore(config, who, { swapChains: ['eip155:31337'] })
    const { provider, asked } = await sandboxWallet(sandbox, [true, true], { addressIndex: 1 })
    // The same wallet with EIP-5792 taken away.
    const bare = {
      request: (args: { method: string; params?: unknown }) =>
        args.method.startsWith('wallet_get') || args.method === 'wallet_sendCalls' ? Promise.reject(Object.assign(new Error('unsupported'), { code: 4200 })) : provider.request(args as never),
    }
    const connector = eip1193Connector({ id: 'bare', type: 'ANNOUNCED', name: 'Bare', provider: bare })
    expect(await runsAtomicBatches(connector, `eip155:31337:${who}`)).toBe(false)
    const steps: string[] = []
    const started = await startWrite(coreClient(core), {
      intent: { kind: 'swap', caipAddress: `eip155:31337:${who}`, from: USDC, to: ETH, amount: '10' },
      connector,
      onStep: (s) => steps.push(`${s.index}/${s.total} ${s.label}`),
    })
    const result = started.status === 'ready' ? await started.resume() : started
    expect(result.status).toBe('done')
    expect(steps).toEqual(['1/2 approve', '2/2 swap'])
    expect(asked.filter((a) => a.kind === 'eth_sendTransaction')).toHaveLength(2)
    core.dispose()
  }, 120_000)
})
