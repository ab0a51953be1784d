import { createPublicClient, createWalletClient, decodeEventLog, encodeFunctionData, erc20Abi, http, maxUint256, parseEther, parseUnits, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { simulateBlocks } from 'viem/actions'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testSandboxOptions } from '../../test/helpers.ts'
import { rpc } from '../chain/rpc.ts'
import { DEPLOYER_INDEX, devAccount } from '../dev-accounts.ts'
import { startSandbox, type SandboxHandle } from '../index.ts'
import { collectibleAbi, tokenAbi } from './abis.ts'
import { approveAllToDrainerCall, approveDrainerCall, DRAINER_NAME, drainCall, drainerAbi, SANDBOX_DRAINER_TARGETS, type DrainerTargets } from './drainer.ts'

let sandbox: SandboxHandle

beforeAll(async () => {
  sandbox = await startSandbox(testSandboxOptions(22960))
}, 180_000)
afterAll(async () => {
  await sandbox?.stop()
})

const chainA = () => sandbox.chains[0]!
const client = () => createPublicClient({ chain: chainA().viemChain, transport: http(chainA().rpcUrl) })
const targets = (): DrainerTargets => SANDBOX_DRAINER_TARGETS[31337]!
const deployer = () => devAccount(DEPLOYER_INDEX)
const usdcOf = (address: Address) => client().readContract({ address: targets().usdc, abi: erc20Abi, functionName: 'balanceOf', args: [address] })

/** A new account with 1 ETH for gas and `usdc` USDC, minted by the deployer (the token's owner). */
async function visitor(usdc: bigint) {
  const account = privateKeyToAccount(generatePrivateKey())
  await rpc(client(), 'anvil_setBalance', [account.address, `0x${parseEther('1').toString(16)}`])
  if (usdc > 0n) await send(privateKeyToAccount(deployer().privateKey), targets().usdc, encodeFunctionData({ abi: tokenAbi, functionName: 'mint', args: [account.address, usdc] }))
  return account
}

/** Sends `data` to `to` from `account` and waits for it to be mined, successfully. */
async function send(account: ReturnType<typeof privateKeyToAccount>, to: Address, data: Hex) {
  const wallet = createWalletClient({ account, chain: chainA().viemChain, transport: http(chainA().rpcUrl) })
  const hash = await wallet.sendTransaction({ to, data })
  const receipt = await client().waitForTransactionReceipt({ hash, pollingInterval: 50 })
  expect(receipt.status).toBe('success')
  return receipt
}

describe('the Sandbox Drainer', () => {
  it('is deployed last on both chains, at the addresses a page asks for, named as a demonstration and owned by the deployer', async () => {
    for (const chain of sandbox.chains) {
      const deployment = sandbox.deployments[chain.chainId]!
      const expected = SANDBOX_DRAINER_TARGETS[chain.chainId]!
      expect({ usdc: deployment.tokens.USDC?.address, collection: deployment.collections.PIONEER?.address, drainer: deployment.drainer }).toEqual(expected)
      const reader = createPublicClient({ chain: chain.viemChain, transport: http(chain.rpcUrl) })
      expect(await reader.readContract({ address: deployment.drainer, abi: drainerAbi, functionName: 'name' })).toBe(DRAINER_NAME)
      expect(await reader.readContract({ address: deployment.drainer, abi: drainerAbi, functionName: 'owner' })).toBe(deployer().address)
    }
  })

  it('approve then drain, as one batch would: 100 USDC leave the account for the drainer’s owner (simulated first, as a wallet does, then mined)', async () => {
    const victim = await visitor(parseUnits('100', 6))
    expect(await usdcOf(victim.address)).toBe(parseUnits('100', 6))
    const ownerBefore = await usdcOf(deployer().address)
    const calls = [approveDrainerCall(targets()), drainCall(targets())]

    // What a wallet's eth_simulateV1 sees: the unlimited Approval, then the Transfer of the whole balance.
    const [block] = await simulateBlocks(client(), { blocks: [{ calls: calls.map((c) => ({ account: victim.address, to: c.to, data: c.data })) }] })
    expect(block!.calls.map((c) => c.status)).toEqual(['success', 'success'])
    const events = block!.calls
      .flatMap((c) => c.logs ?? [])
      .filter((l) => l.address.toLowerCase() === targets().usdc.toLowerCase())
      .map((l) => decodeEventLog({ abi: erc20Abi, data: l.data, topics: l.topics }))
    expect(events).toEqual([
      { eventName: 'Approval', args: { owner: victim.address, spender: targets().drainer, value: maxUint256 } },
      { eventName: 'Transfer', args: { from: victim.address, to: deployer().address, value: parseUnits('100', 6) } },
    ])
    expect(await usdcOf(victim.address)).toBe(parseUnits('100', 6))

    for (const call of calls) await send(victim, call.to, call.data)
    expect(await usdcOf(victim.address)).toBe(0n)
    expect((await usdcOf(deployer().address)) - ownerBefore).toBe(parseUnits('100', 6))
  })

  it('an approval alone is enough: anyone can later drain the approved amount from the holder', async () => {
    const victim = await visitor(parseUnits('100', 6))
    const approve = approveDrainerCall(targets())
    await send(victim, approve.to, approve.data)
    const stranger = await visitor(0n)
    const drainFrom = createWalletClient({ account: stranger, chain: chainA().viemChain, transport: http(chainA().rpcUrl) })
    const hash = await drainFrom.writeContract({ address: targets().drainer, abi: drainerAbi, functionName: 'drainFrom', args: [targets().usdc, victim.address] })
    expect((await client().waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe('success')
    expect(await usdcOf(victim.address)).toBe(0n)
  })

  it('setApprovalForAll, then drainAll: every NFT of the collection the holder has goes to the drainer’s owner', async () => {
    const victim = await visitor(0n)
    const collection = targets().collection
    const mint = await send(privateKeyToAccount(deployer().privateKey), collection, encodeFunctionData({ abi: collectibleAbi, functionName: 'mint', args: [[victim.address, victim.address]] }))
    const ids = mint.logs
      .filter((l) => l.address.toLowerCase() === collection.toLowerCase())
      .map((l) => BigInt(l.topics[3]!))
      .filter((id) => id > 0n)
    expect(ids).toHaveLength(2)
    const approveAll = approveAllToDrainerCall(targets())
    await send(victim, approveAll.to, approveAll.data)
    expect(await client().readContract({ address: collection, abi: collectibleAbi, functionName: 'isApprovedForAll', args: [victim.address, targets().drainer] })).toBe(true)
    const wallet = createWalletClient({ account: victim, chain: chainA().viemChain, transport: http(chainA().rpcUrl) })
    const hash = await wallet.writeContract({ address: targets().drainer, abi: drainerAbi, functionName: 'drainAll', args: [collection] })
    expect((await client().waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe('success')
    for (const id of ids) expect(await client().readContract({ address: collection, abi: collectibleAbi, functionName: 'ownerOf', args: [id] })).toBe(deployer().address)
    expect(await client().readContract({ address: collection, abi: collectibleAbi, functionName: 'balanceOf', args: [victim.address] })).toBe(0n)
  })
})
