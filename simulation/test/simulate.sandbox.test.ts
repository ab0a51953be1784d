import { createPublicClient, encodeFunctionData, erc20Abi, erc721Abi, http, maxUint256, parseAbi, parseUnits, type Address, type Chain, type PublicClient } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type SandboxHandle } from '../../sandbox/src/index.ts'
import { testSandboxOptions } from '../../sandbox/test/helpers.ts'
import { simulateCalls, type SimulatedCall } from '../src/index.ts'

// Ports of this file: base 22960 (chains on 22960 and 22961).
let sandbox: SandboxHandle
let chain: { id: number; rpcUrl: string; viemChain: Chain }
let client: PublicClient
const SPENDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address

const simulateForAccount = (on: PublicClient, account: Address, calls: SimulatedCall[]) => simulateCalls({ client: on, account, calls })

describe("an approval's simulation on the chain's own node (eth_simulateV1 through viem's simulateBlocks)", () => {
  beforeAll(async () => {
    sandbox = await startSandbox(testSandboxOptions(22980, { seedHistory: false }))
    const a = sandbox.chains[0]!
    chain = { id: a.chainId, rpcUrl: a.rpcUrl, viemChain: a.viemChain }
    client = createPublicClient({ chain: a.viemChain, transport: http(a.rpcUrl) })
  }, 180_000)
  afterAll(async () => {
    await sandbox?.stop()
  })

  const account = () => sandbox.devAccounts[0]!.address as Address
  const token = (key: 'USDC' | 'FRZ') => sandbox.contracts[chain.id]![key]!.address as Address

  it('gives what the account sends and receives as signed amounts: ETH and an ERC-20, each once', async () => {
    const usdc = token('USDC')
    const simulation = await simulateForAccount(client, account(), [
      { to: usdc, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [SPENDER, parseUnits('25', 6)] }) },
      { to: SPENDER, value: 10n ** 17n },
    ])
    expect(simulation).toMatchObject({ status: 'simulated', approvals: [] })
    if (simulation.status !== 'simulated') throw new Error('not simulated')
    expect(simulation.changes).toContainEqual({ kind: 'erc20', token: usdc, symbol: 'USDC', decimals: 6, diff: -25_000_000n })
    const native = simulation.changes.find((c) => c.kind === 'native')
    expect(native).toMatchObject({ symbol: 'ETH', decimals: 18 })
    // 0.1 ETH sent, and no more than the simulated gas on top.
    expect(native!.diff).toBeLessThanOrEqual(-(10n ** 17n))
    expect(native!.diff).toBeGreaterThan(-(10n ** 17n) - 10n ** 16n)
  })

  it('names the allowances the calls grant, with their tokens’ symbols: unlimited ERC-20, and every NFT of a collection', async () => {
    const usdc = token('USDC')
    const collection = Object.values(sandbox.deployments[chain.id]!.collections)[0]!.address
    const simulation = await simulateForAccount(client, account(), [
      { to: usdc, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, maxUint256] }) },
      { to: collection, data: encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [SPENDER, true] }) },
    ])
    expect(simulation).toEqual({
      status: 'simulated',
      changes: [],
      approvals: [
        { kind: 'erc20', token: usdc, symbol: 'USDC', decimals: 6, spender: SPENDER, amount: maxUint256, unlimited: true, revoked: false },
        { kind: 'all', token: collection, symbol: expect.any(String), spender: SPENDER, unlimited: true, revoked: false },
      ],
    })
  })

  it('says a request would revert, with the contract’s reason, and which call', async () => {
    const simulation = await simulateForAccount(client, account(), [
      { to: SPENDER, value: 1n },
      { to: token('FRZ'), data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [SPENDER, 1n] }) },
    ])
    expect(simulation).toMatchObject({ status: 'reverts', call: 1 })
    if (simulation.status === 'reverts') expect(simulation.reason.length).toBeGreaterThan(0)
  })

  it('answers "unavailable" when the node has no eth_simulateV1 or does not answer, never throws', async () => {
    const nowhere = createPublicClient({ chain: chain.viemChain, transport: http('http://127.0.0.1:9/', { retryCount: 0 }) })
    expect(await simulateForAccount(nowhere, account(), [{ to: SPENDER, value: 1n, data: encodeFunctionData({ abi: parseAbi(['function f()']), functionName: 'f' }) }])).toMatchObject({
      status: 'unavailable',
    })
  })
})
