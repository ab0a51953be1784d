/**
 * A smart account's send through the one write path, against the sandbox's real ERC-4337 stack: the
 * wallet (here a SimpleAccount of permissionless, as the embedded wallet's frame builds it) answers
 * eth_sendTransaction with a user operation's hash; the core follows it to its receipt through the
 * data API's bundler call (SPEC.md §7), or through the wallet when that call fails, and records the
 * operation's transaction as the pending Activity row.
 */
import type { Sandbox } from '@portico/sandbox'
import { toSimpleSmartAccount } from 'permissionless/accounts'
import { createPublicClient, createWalletClient, erc20Abi, http, numberToHex, parseEther, parseUnits, type Address, type Hex, type PublicClient } from 'viem'
import { createBundlerClient, entryPoint08Address, type BundlerClient, type SmartAccount } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH_CONNECTOR_ID } from '@portico/shared-types/connectors'
import type { WalletAnswer, WriteIntent, WriteResult } from '@portico/shared-types/write'
import { createCore, type Core } from '../../../src/core.ts'
import { createStorage } from '../../../src/infra/storage.ts'
import { pageFetch, sandboxConfig, startTestSandbox } from '../../sandbox.ts'

/** A project of the sandbox: its paymaster sponsors the project's user operations. */
const PROJECT = 'portico-demo'

let sandbox: Sandbox
let client: PublicClient

beforeAll(async () => {
  sandbox = await startTestSandbox(16000)
  client = createPublicClient({ chain: sandbox.chains[0]!.viemChain, transport: http(sandbox.chains[0]!.rpcUrl) }) as PublicClient
}, 180_000)
afterAll(async () => {
  await sandbox?.stop()
})

const bundlerUrl = () => `${sandbox.dataApi.url}/v1/bundler?projectId=${PROJECT}&chainId=31337&bundler=pimlico&st=appkit&sv=test`

/** A fresh embedded user's smart account with 1 ETH, connected in a core as the embedded wallet's. */
async function smartAccountCore(fetchOverride?: typeof fetch, ether = parseEther('1')): Promise<{ core: Core; account: SmartAccount; bundler: BundlerClient }> {
  const owner = privateKeyToAccount(generatePrivateKey())
  const account = await toSimpleSmartAccount({ client, owner, entryPoint: { address: entryPoint08Address, version: '0.8' } })
  const bundler = createBundlerClient({ account, client, transport: http(bundlerUrl()), paymaster: true, pollingInterval: 100 })
  await client.request({ method: 'anvil_setBalance' as never, params: [account.address, numberToHex(ether)] as never })
  const core = createCore({ storage: createStorage({ dbName: `core-${crypto.randomUUID()}`, warn: () => {} }), warn: () => {}, fetch: fetchOverride ?? pageFetch })
  await core.configure(sandboxConfig(sandbox, PROJECT), { swapChains: ['eip155:31337'] })
  await core.setEmbeddedWallet({
    loginUsed: true,
    accounts: [
      { address: owner.address, type: 'eoa' },
      { address: account.address, type: 'smartAccount' },
    ],
    preferredAccountType: 'smartAccount',
  })
  await core.setConnected({ caipAddress: `eip155:31337:${account.address}`, connectorId: AUTH_CONNECTOR_ID, connectorName: 'Email Wallet', connectorType: 'AUTH' })
  return { core, account, bundler }
}

/** The page's write loop, with the smart account's wallet: a transaction becomes a sponsored user operation. */
async function runSmartWrite(core: Core, bundler: BundlerClient, intent: WriteIntent): Promise<{ result: WriteResult; asked: string[] }> {
  const asked: string[] = []
  let result = await core.prepareWrite(intent)
  while (result.status === 'step') {
    const { request } = result
    asked.push(request.method)
    await core.markWriteAsked(result.writeId)
    let answer: WalletAnswer
    if (request.method === 'eth_sendTransaction') {
      const [tx] = request.params as [{ to: Address; value?: Hex; data?: Hex }]
      const hash = await bundler.sendUserOperation({ calls: [{ to: tx.to, value: BigInt(tx.value ?? '0x0'), data: tx.data ?? '0x' }] })
      answer = { ok: true, result: hash }
    } else {
      answer = { ok: true, result: await bundler.request({ method: request.method as 'eth_getUserOperationReceipt', params: request.params as [Hex] }) }
    }
    result = await core.submitWriteResult(result.writeId, answer)
  }
  return { result, asked }
}

describe("a smart account's send", () => {
  it('shows no fee (gas sponsored), goes as one user operation that deploys the account, and is followed to its receipt through the bundler call', async () => {
    const { core, account, bundler } = await smartAccountCore()
    const caipAddress = `eip155:31337:${account.address}` as const
    const estimate = await core.getSendEstimate({ caipAddress, token: null })
    expect(estimate).toMatchObject({ sponsored: true, fee: '0', max: '1', nativeBalance: '1' })

    const receiver = privateKeyToAccount(generatePrivateKey()).address
    expect(await client.getCode({ address: account.address })).toBeUndefined()
    // The whole balance with nothing kept back for gas: the insufficient-gas check exempts smart accounts (SPEC.md §5).
    const { result, asked } = await runSmartWrite(core, bundler, { kind: 'send', caipAddress, token: { symbol: 'ETH', decimals: 18 }, amount: '0.01', receiver })
    expect(asked).toEqual(['eth_sendTransaction'])
    expect(result).toMatchObject({ status: 'done', result: { receiptFrom: 'bundler', userOperationHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) } })
    const hash = result.status === 'done' ? (result.hash as Hex) : '0x'
    const receipt = await client.getTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.to?.toLowerCase()).toBe(entryPoint08Address.toLowerCase())
    expect(await client.getBalance({ address: receiver })).toBe(parseEther('0.01'))
    expect(await client.getBalance({ address: account.address })).toBe(parseEther('0.99'))
    expect((await client.getCode({ address: account.address }))?.length ?? 0).toBeGreaterThan(2)
    // The operation's transaction is the pending Activity row (or already mined and gone).
    const pending = (await core.getState()).pendingTransactions.find((p) => p.hash === hash)
    if (pending) expect(pending).toMatchObject({ kind: 'send', amount: '0.01', symbol: 'ETH', to: receiver })
    core.dispose()
  }, 120_000)

  it('asks the wallet for the receipt when the bundler call fails (SPEC.md §7 fallback)', async () => {
    const failing: typeof fetch = (input, init) =>
      String(input instanceof Request ? input.url : input).includes('/v1/bundler') ? Promise.resolve(new Response('down', { status: 400 })) : pageFetch(input, init)
    const { core, account, bundler } = await smartAccountCore(failing)
    const caipAddress = `eip155:31337:${account.address}` as const
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const { result, asked } = await runSmartWrite(core, bundler, { kind: 'send', caipAddress, token: { symbol: 'ETH', decimals: 18 }, amount: '0.02', receiver })
    expect(asked[0]).toBe('eth_sendTransaction')
    expect(asked.slice(1).every((m) => m === 'eth_getUserOperationReceipt')).toBe(true)
    expect(asked.length).toBeGreaterThan(1)
    expect(result).toMatchObject({ status: 'done', result: { receiptFrom: 'wallet' } })
    expect(await client.getBalance({ address: receiver })).toBe(parseEther('0.02'))
    core.dispose()
  }, 120_000)

  it('a swap from a smart account with no ETH is not refused for gas (SPEC.md §5 exempts smart accounts)', async () => {
    const { core, account } = await smartAccountCore(undefined, 0n)
    const usdc = sandbox.contracts[31337]?.USDC?.address as Address
    const funder = createWalletClient({ account: privateKeyToAccount(sandbox.devAccounts[0]!.privateKey), chain: sandbox.chains[0]!.viemChain, transport: http(sandbox.chains[0]!.rpcUrl) })
    await client.waitForTransactionReceipt({ hash: await funder.writeContract({ address: usdc, abi: erc20Abi, functionName: 'transfer', args: [account.address, parseUnits('10', 6)] }) })
    const caipAddress = `eip155:31337:${account.address}` as const
    const result = await core.prepareWrite({
      kind: 'swap',
      caipAddress,
      from: { address: `eip155:31337:${usdc}`, symbol: 'USDC', decimals: 6 },
      to: { address: 'eip155:31337:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', symbol: 'ETH', decimals: 18 },
      amount: '5',
    })
    // The wallet is asked (the approval of USDC first): no INSUFFICIENT_GAS for an account whose gas a paymaster pays.
    expect(result).toMatchObject({ status: 'step', label: 'approve' })
    core.dispose()
  }, 120_000)
})
