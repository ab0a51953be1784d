/**
 * Swaps through the one write path against a real sandbox: the convert API's quotes, allowance,
 * approval and swap built from the AMM's state, signed by the Sandbox Wallet's provider.
 */
import type { Sandbox } from '@portico/sandbox'
import { createPublicClient, createWalletClient, erc20Abi, http, parseUnits, type Address } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CoreConfig } from '@portico/shared-types'
import type { SwapTokenRef, WriteIntent } from '@portico/shared-types/write'
import { TEST_MNEMONIC } from '../../../../sandbox/wallet/provider.ts'
import type { Core } from '../../../src/core.ts'
import { connectedTestCore, runWrite as runSteps, sandboxConfig, sandboxWallet, startTestSandbox } from '../../sandbox.ts'

const ACCOUNT_0: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const CAIP_0 = `eip155:31337:${ACCOUNT_0}` as const

let sandbox: Sandbox
let config: CoreConfig
let ETH: SwapTokenRef
let USDC: SwapTokenRef

beforeAll(async () => {
  sandbox = await startTestSandbox(14000)
  config = sandboxConfig(sandbox, 'swap-test')
  ETH = { address: 'eip155:31337:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', symbol: 'ETH', decimals: 18 }
  USDC = { address: `eip155:31337:${sandbox.contracts[31337]?.USDC?.address}`, symbol: 'USDC', decimals: 6 }
}, 180_000)
afterAll(async () => {
  await sandbox?.stop()
})

const chain = () => createPublicClient({ transport: http(sandbox.chains[0]!.rpcUrl) })
const usdcOf = (address: Address) => chain().readContract({ address: USDC.address.split(':')[2] as Address, abi: erc20Abi, functionName: 'balanceOf', args: [address] })

/** A connected core; `swapChains: null` leaves the SPEC.md §9 list, which has no sandbox chain. */
const connectedCore = (swapChains: `eip155:${number}`[] | null = ['eip155:31337', 'eip155:31338']): Promise<Core> => connectedTestCore(config, ACCOUNT_0, swapChains ? { swapChains } : {})

/** Runs a swap with a wallet approving every prompt; answers the outcome, the steps and the prompts. */
async function runWrite(core: Core, intent: WriteIntent) {
  const { provider, asked } = await sandboxWallet(sandbox, [true, true])
  const { result, steps } = await runSteps(core, provider, intent)
  return { result, labels: steps, asked }
}

const swap = (over: Partial<Extract<WriteIntent, { kind: 'swap' }>>): WriteIntent => ({ kind: 'swap', caipAddress: CAIP_0, from: ETH, to: USDC, amount: '0.2', ...over })

describe('swaps against the sandbox AMM', () => {
  it('quotes with rate, price impact, fee in USD and the minimum received at 1 % slippage', async () => {
    const core = await connectedCore()
    const quote = await core.getSwapQuote({ caipAddress: CAIP_0, from: ETH, to: USDC, amount: '0.2' })
    expect(BigInt(quote.toAmount)).toBeGreaterThan(parseUnits('500', 6))
    expect(BigInt(quote.minimumToAmount)).toBe((BigInt(quote.toAmount) * 9900n) / 10000n)
    expect(quote.rate).toBeGreaterThan(2500)
    expect(quote.priceImpact).toBeGreaterThanOrEqual(0)
    expect(quote.feeUsd).toBeGreaterThan(0)
    expect((await core.getSwapTokens({ caipNetworkId: 'eip155:31337' })).map((t) => t.symbol)).toEqual(expect.arrayContaining(['ETH', 'USDC', 'PTK']))
    core.dispose()
  })

  it('0.2 ETH to USDC: one swap transaction, and the USDC balance grows on chain', async () => {
    const core = await connectedCore()
    const before = await usdcOf(ACCOUNT_0)
    const { result, labels } = await runWrite(core, swap({}))
    expect(result).toMatchObject({ status: 'done', hash: expect.stringMatching(/^0x/) })
    expect(labels).toEqual(['1/1 swap'])
    await chain().waitForTransactionReceipt({ hash: (result as { hash: `0x${string}` }).hash })
    expect((await usdcOf(ACCOUNT_0)) - before).toBeGreaterThan(parseUnits('500', 6))
    core.dispose()
  })

  it('USDC to ETH: the approval runs and is mined first, then the swap', async () => {
    // No allowance left from the seed: the AMM may take nothing until the approval.
    const owner = createWalletClient({ account: mnemonicToAccount(TEST_MNEMONIC), transport: http(sandbox.chains[0]!.rpcUrl) })
    const reset = await owner.writeContract({ chain: null, address: USDC.address.split(':')[2] as Address, abi: erc20Abi, functionName: 'approve', args: [sandbox.deployments[31337]!.amm, 0n] })
    await chain().waitForTransactionReceipt({ hash: reset })
    const core = await connectedCore()
    const before = await usdcOf(ACCOUNT_0)
    const { result, labels, asked } = await runWrite(core, swap({ from: USDC, to: ETH, amount: '30' }))
    expect(result.status).toBe('done')
    expect(labels).toEqual(['1/2 approve', '2/2 swap'])
    expect(asked.filter((a) => a.kind === 'eth_sendTransaction')).toHaveLength(2)
    await chain().waitForTransactionReceipt({ hash: (result as { hash: `0x${string}` }).hash })
    expect(before - (await usdcOf(ACCOUNT_0))).toBe(parseUnits('30', 6))
    core.dispose()
  })

  it("a review's preview of USDC to ETH: the approval and the swap simulated together, what is paid and received within the quote's slippage", async () => {
    const owner = createWalletClient({ account: mnemonicToAccount(TEST_MNEMONIC), transport: http(sandbox.chains[0]!.rpcUrl) })
    const reset = await owner.writeContract({ chain: null, address: USDC.address.split(':')[2] as Address, abi: erc20Abi, functionName: 'approve', args: [sandbox.deployments[31337]!.amm, 0n] })
    await chain().waitForTransactionReceipt({ hash: reset })
    const core = await connectedCore()
    const quote = await core.getSwapQuote({ caipAddress: CAIP_0, from: USDC, to: ETH, amount: '30' })
    const nonce = await chain().getTransactionCount({ address: ACCOUNT_0 })
    const checked = await core.validateWrite(swap({ from: USDC, to: ETH, amount: '30' }))
    if (checked.status !== 'valid') throw new Error(`not valid: ${JSON.stringify(checked)}`)
    // The approval (not yet mined) and the swap built to follow it: two calls, both to contracts.
    expect(checked.calls).toHaveLength(2)
    const simulation = await core.simulateCalls({ caipAddress: CAIP_0, calls: checked.calls })
    if (simulation.status !== 'simulated') throw new Error(`not simulated: ${JSON.stringify(simulation)}`)
    const usdc = simulation.changes.find((c) => c.kind === 'erc20')
    const eth = simulation.changes.find((c) => c.kind === 'native')
    expect(usdc).toMatchObject({ symbol: 'USDC', decimals: 6, diff: -parseUnits('30', 6), usd: expect.any(Number) })
    expect(usdc!.usd!).toBeLessThan(0)
    expect(eth!.diff).toBeGreaterThanOrEqual(BigInt(quote.minimumToAmount))
    expect(eth!.diff).toBeLessThanOrEqual(BigInt(quote.toAmount))
    // The exact allowance the swap needs, granted to the AMM, and spent by the swap in the same simulation.
    expect(simulation.approvals[0]).toMatchObject({ kind: 'erc20', spender: sandbox.deployments[31337]!.amm, amount: parseUnits('30', 6), unlimited: false })
    // Nothing was sent, recorded or left open.
    expect(await chain().getTransactionCount({ address: ACCOUNT_0 })).toBe(nonce)
    expect((await core.getState()).pendingTransactions).toEqual([])
    core.dispose()
  })

  it('stops each bad input before the wallet', async () => {
    const core = await connectedCore()
    const cases: [Partial<Extract<WriteIntent, { kind: 'swap' }>>, string][] = [
      [{ amount: '' }, 'AMOUNT_REQUIRED'],
      [{ amount: '0' }, 'AMOUNT_NOT_POSITIVE'],
      [{ amount: '100000000' }, 'AMOUNT_EXCEEDS_BALANCE'],
      [{ to: ETH }, 'SAME_TOKEN'],
      [{ amount: '0.000000000000000001' }, 'NO_ROUTE'],
      [{ expectedToAmount: parseUnits('100000', 6).toString() }, 'QUOTE_MOVED'],
    ]
    for (const [over, code] of cases) expect(await core.prepareWrite(swap(over)), code).toMatchObject({ status: 'error', error: { code } })
    core.dispose()
  })

  it("elsewhere than the swap chains: 'Network not supported for Swaps' and for the gas price", async () => {
    const core = await connectedCore(null)
    expect(await core.prepareWrite(swap({}))).toMatchObject({ status: 'error', error: { code: 'SWAP_UNSUPPORTED_NETWORK' } })
    await expect(core.getSwapTokens({ caipNetworkId: 'eip155:31337' })).rejects.toThrow('Network not supported for Swaps')
    core.dispose()
  })
})
