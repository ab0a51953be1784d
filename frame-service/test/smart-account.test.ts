import { toSimpleSmartAccount } from 'permissionless/accounts'
import {
  createPublicClient,
  createWalletClient,
  hashMessage,
  http,
  isErc6492Signature,
  numberToHex,
  parseAbi,
  parseEther,
  parseErc6492Signature,
  serializeErc6492Signature,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem'
import { entryPoint08Address } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { SIMPLE_ACCOUNT_1271_FACTORY } from '../../sandbox/src/aa/contracts.ts'
import { startSandbox, type SandboxHandle } from '../../sandbox/src/index.ts'
import { bundlerService } from '../../sandbox/src/services/bundler.ts'
import { testSandboxOptions } from '../../sandbox/test/helpers.ts'
import { ApprovalRefused, describe as describeRequest, freezeRequest, type ChainFacts } from '../src/page/describe.ts'
import type { FrameUser } from '../src/accounts.ts'
import { answerRpc, type FrameChain } from '../src/rpc.ts'
import { createSmartAccounts, dataApiBundlerUrl, type SmartAccounts } from '../src/smart-account.ts'
import { newSolanaKey } from '../src/solana-key.ts'

/**
 * The embedded wallet's smart accounts end to end on the sandbox: the frame service builds a
 * SimpleAccount's user operation through the data API's bundler call (sponsored by the sandbox
 * paymaster for the sandbox's projects), the frame page's approval freezes and describes it (its hash
 * computed again, its calls decoded from the callData), and the service signs exactly that operation
 * and hands it to the real alto bundler.
 */
const SPONSORED_PROJECT = 'portico-demo'
const CHAIN_ID = 31337
const FACTS: ChainFacts = { id: CHAIN_ID, name: 'Portico Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }

let sandbox: SandboxHandle
let chain: FrameChain
let client: PublicClient
let smart: SmartAccounts
let bundlerBase: string

beforeAll(async () => {
  sandbox = await startSandbox(testSandboxOptions(22940, { seedHistory: false, services: ['frame'] }))
  const c = sandbox.chains.find((x) => x.chainId === CHAIN_ID)!
  chain = { id: c.chainId, name: c.name, rpcUrl: c.rpcUrl, viemChain: c.viemChain }
  client = createPublicClient({ chain: c.viemChain, transport: http(c.rpcUrl) }) as PublicClient
  bundlerBase = `${sandbox.dataApi.url}/v1`
  smart = createSmartAccounts(dataApiBundlerUrl(bundlerBase))
  await sandbox.service(bundlerService).bundler(CHAIN_ID)!.start()
}, 180_000)

afterAll(async () => {
  await sandbox?.stop()
})

async function receiptOf(hash: string): Promise<{ success: boolean; receipt: { transactionHash: string } }> {
  const url = dataApiBundlerUrl(bundlerBase)(SPONSORED_PROJECT, CHAIN_ID)
  for (let i = 0; i < 60; i++) {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getUserOperationReceipt', params: [hash] }),
    })
    const { result } = z.object({ result: z.looseObject({ success: z.boolean(), receipt: z.looseObject({ transactionHash: z.string() }) }).nullable() }).parse(await res.json())
    if (result) return result
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`no receipt for ${hash}`)
}

describe("the embedded wallet's smart account", () => {
  it('has a counterfactual SimpleAccount address before deployment; its first sponsored operation deploys it and moves exactly the value', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const before = await smart.info(owner, chain)
    const expected = await toSimpleSmartAccount({ client, owner, factoryAddress: SIMPLE_ACCOUNT_1271_FACTORY, entryPoint: { address: entryPoint08Address, version: '0.8' } })
    expect(before).toEqual({ address: expected.address, deployed: false })
    expect(await smart.available(chain)).toBe(true)

    await client.request({ method: 'anvil_setBalance' as never, params: [before.address, numberToHex(parseEther('1'))] as never })
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const prepared = await smart.prepare(owner, chain, SPONSORED_PROJECT, [{ to: receiver, value: parseEther('0.01'), data: '0x' }])
    expect(prepared).toMatchObject({ sponsored: true, entryPoint: entryPoint08Address, userOperation: { sender: before.address } })
    expect(prepared.userOperation.factory).toBeDefined()

    // The frame page's approval: the hash is the operation's own, the call is read from the callData.
    const frozen = freezeRequest('eth_sendUserOperation', [prepared], CHAIN_ID)
    const shown = describeRequest(frozen, { chain: FACTS, account: before.address })
    expect(shown.title).toBe('Send a user operation')
    expect(shown.summary).toBe(`Send 0.01 ETH to ${receiver}`)
    const rows = Object.fromEntries(shown.rows.map((r) => [r.testId, r.value]))
    expect(rows).toMatchObject({ from: before.address, to: receiver, value: '0.01 ETH', fee: 'Gas sponsored', 'user-operation-hash': prepared.hash })
    expect(shown.warnings).toContain('This first operation also deploys your smart account.')
    // An operation changed after it was hashed is refused before anything is shown.
    const tampered = { ...prepared, userOperation: { ...prepared.userOperation, callGasLimit: numberToHex(BigInt(prepared.userOperation.callGasLimit) + 1n) } }
    expect(() => freezeRequest('eth_sendUserOperation', [tampered], CHAIN_ID)).toThrow(ApprovalRefused)

    const hash = await smart.send(owner, chain, SPONSORED_PROJECT, prepared.userOperation)
    expect(hash).toBe(prepared.hash)
    const receipt = await receiptOf(hash)
    expect(receipt.success).toBe(true)
    expect(await client.getBalance({ address: receiver })).toBe(parseEther('0.01'))
    // Gas paid by the paymaster: exactly the value less.
    expect(await client.getBalance({ address: before.address })).toBe(parseEther('0.99'))
    expect(await smart.info(owner, chain)).toEqual({ address: before.address, deployed: true })
  }, 120_000)

  it("is not sponsored for a project the paymaster does not know (the account pays its own gas), and signs only its own account's operations", async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const { address } = await smart.info(owner, chain)
    await client.request({ method: 'anvil_setBalance' as never, params: [address, numberToHex(parseEther('1'))] as never })
    const receiver: Address = privateKeyToAccount(generatePrivateKey()).address
    const prepared = await smart.prepare(owner, chain, 'not-a-sandbox-project', [{ to: receiver, value: 1n, data: '0x' }])
    expect(prepared.sponsored).toBe(false)
    expect(prepared.userOperation.paymaster).toBeUndefined()
    const shown = describeRequest(freezeRequest('eth_sendUserOperation', [prepared], CHAIN_ID), { chain: FACTS, account: address })
    expect(shown.rows.find((r) => r.testId === 'fee')?.value).toMatch(/^at most 0\.\d+ ETH$/)

    const stranger = privateKeyToAccount(generatePrivateKey())
    await expect(smart.send(stranger, chain, SPONSORED_PROJECT, prepared.userOperation)).rejects.toThrow(`Unknown account ${address}`)
  }, 120_000)

  it('answers EIP-5792 for the smart account: atomic batches, a batch as one user operation, its status from the bundler', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const { address } = await smart.info(owner, chain)
    await client.request({ method: 'anvil_setBalance' as never, params: [address, numberToHex(parseEther('1'))] as never })
    const user: FrameUser = { id: 'test', email: undefined, social: undefined, account: owner, solana: newSolanaKey(), chainId: CHAIN_ID, preferredAccountType: 'smartAccount' }
    const context = { accounts: smart, projectId: SPONSORED_PROJECT, address }
    expect(await answerRpc(user, chain, 'wallet_getCapabilities', [address], context)).toEqual({ '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } } })
    expect(await answerRpc(user, chain, 'wallet_getCapabilities', [owner.address], context)).toEqual({ '0x7a69': { atomic: { status: 'unsupported' } } })

    const [a, b] = [privateKeyToAccount(generatePrivateKey()).address, privateKeyToAccount(generatePrivateKey()).address]
    const prepared = await smart.prepare(owner, chain, SPONSORED_PROJECT, [
      { to: a, value: parseEther('0.1'), data: '0x' },
      { to: b, value: parseEther('0.2'), data: '0x' },
    ])
    const shown = describeRequest(freezeRequest('eth_sendUserOperation', [prepared], CHAIN_ID), { chain: FACTS, account: address })
    expect(shown.summary).toBe('2 calls in one operation')
    expect(Object.fromEntries(shown.rows.map((r) => [r.testId, r.value]))).toMatchObject({ 'call-1-to': a, 'call-1-value': '0.1 ETH', 'call-2-to': b, 'call-2-value': '0.2 ETH', fee: 'Gas sponsored' })
    const id = await smart.send(owner, chain, SPONSORED_PROJECT, prepared.userOperation)
    let status: { status: number; receipts?: { transactionHash: string; status: string }[] } = { status: 100 }
    for (let i = 0; i < 60 && status.status === 100; i++) {
      status = (await answerRpc(user, chain, 'wallet_getCallsStatus', [id], context)) as typeof status
      if (status.status === 100) await new Promise((r) => setTimeout(r, 500))
    }
    expect(status).toMatchObject({ version: '2.0.0', id, chainId: '0x7a69', atomic: true, status: 200, receipts: [{ status: '0x1' }] })
    expect((await client.getTransactionReceipt({ hash: status.receipts![0]!.transactionHash as `0x${string}` })).status).toBe('success')
    expect(await client.getBalance({ address: a })).toBe(parseEther('0.1'))
    expect(await client.getBalance({ address: b })).toBe(parseEther('0.2'))
    expect(await client.getBalance({ address })).toBe(parseEther('0.7'))
  }, 120_000)

  it('signs as the account: EIP-6492 before deployment and EIP-1271 after, both accepted by viem verifyMessage; a wrong owner is refused', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const stranger = privateKeyToAccount(generatePrivateKey())
    const { address } = await smart.info(owner, chain)
    const user: FrameUser = { id: 'test', email: undefined, social: undefined, account: owner, solana: newSolanaKey(), chainId: CHAIN_ID, preferredAccountType: 'smartAccount' }
    const context = { accounts: smart, projectId: SPONSORED_PROJECT, address }
    const message = 'Sign in to dapp.example as the smart account'
    const personalSign = async (who: Address) => (await answerRpc(user, chain, 'personal_sign', [message, who], context)) as Hex

    // Counterfactual: the owner's signature wrapped with the factory's createAccount (EIP-6492), verified in simulation only.
    const counterfactual = await personalSign(address)
    expect(isErc6492Signature(counterfactual)).toBe(true)
    const unwrapped = parseErc6492Signature(counterfactual)
    expect(unwrapped).toMatchObject({ address: SIMPLE_ACCOUNT_1271_FACTORY, signature: await owner.signMessage({ message }) })
    expect(await client.verifyMessage({ address, message, signature: counterfactual })).toBe(true)
    expect(await client.getCode({ address })).toBeUndefined()
    // The same wrapping around a stranger's signature, or the owner's for another message: refused.
    const forged = parseErc6492Signature(counterfactual)
    expect(
      await client.verifyMessage({ address, message, signature: serializeErc6492Signature({ address: forged.address!, data: forged.data!, signature: await stranger.signMessage({ message }) }) }),
    ).toBe(false)
    expect(await client.verifyMessage({ address, message: `${message}!`, signature: counterfactual })).toBe(false)
    // The owner's EOA still signs as itself, unwrapped.
    expect(await answerRpc(user, chain, 'personal_sign', [message, owner.address], context)).toBe(await owner.signMessage({ message }))

    // Deployed by anyone through the factory (what EIP-6492 simulates): then the owner's plain signature, checked by isValidSignature.
    const anyone = privateKeyToAccount(generatePrivateKey())
    await client.request({ method: 'anvil_setBalance' as never, params: [anyone.address, numberToHex(parseEther('1'))] as never })
    const wallet = createWalletClient({ account: anyone, chain: chain.viemChain, transport: http(chain.rpcUrl) })
    const factoryAbi = parseAbi(['function createAccount(address owner, uint256 salt) returns (address)'])
    const receipt = await client.waitForTransactionReceipt({
      hash: await wallet.writeContract({ address: SIMPLE_ACCOUNT_1271_FACTORY, abi: factoryAbi, functionName: 'createAccount', args: [owner.address, 0n] }),
    })
    expect(receipt.status).toBe('success')
    expect(await smart.info(owner, chain)).toEqual({ address, deployed: true })
    const deployed = await personalSign(address)
    expect(deployed).toBe(await owner.signMessage({ message }))
    expect(await client.verifyMessage({ address, message, signature: deployed })).toBe(true)
    expect(await client.verifyMessage({ address, message, signature: await stranger.signMessage({ message }) })).toBe(false)
    const isValid = parseAbi(['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)'])
    expect(await client.readContract({ address, abi: isValid, functionName: 'isValidSignature', args: [hashMessage(message), deployed] })).toBe('0x1626ba7e')
    expect(await client.readContract({ address, abi: isValid, functionName: 'isValidSignature', args: [hashMessage(message), await stranger.signMessage({ message })] })).toBe('0xffffffff')
  }, 120_000)
})
