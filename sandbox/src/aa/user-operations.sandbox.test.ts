import { readFileSync } from 'node:fs'
import { toSimpleSmartAccount } from 'permissionless/accounts'
import { createPublicClient, encodeFunctionData, erc20Abi, http, parseEther, parseUnits, type Address, type Hex, type PublicClient } from 'viem'
import { createBundlerClient, entryPoint08Abi, type BundlerClient, type SmartAccount } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { startSandbox, type SandboxHandle } from '../index.ts'
import { bundlerService } from '../services/bundler.ts'
import { testSandboxOptions } from '../../test/helpers.ts'
import { ENTRY_POINT_V08, SIMPLE_ACCOUNT_1271_FACTORY, SIMPLE_ACCOUNT_FACTORY_V08 } from './contracts.ts'
import { PAYMASTER_DEPOSIT } from './install.ts'

/**
 * ERC-4337 v0.8 end to end on the sandbox: fresh SimpleAccounts (permissionless) send user operations
 * through viem's bundler client, pointed at the data API's /v1/bundler, which passes them to the
 * chain's alto and sponsors them with the sandbox paymaster. Nothing here is a stand-in: the
 * receipts come from the bundler, the balances and code from the chain.
 */
const SPONSORED_PROJECT = 'portico-demo'
const STRANGER_PROJECT = 'not-a-sandbox-project'
const CHAIN_ID = 31337
const RECEIPT_TIMEOUT_MS = 30_000

let sandbox: SandboxHandle
let publicClient: PublicClient

beforeAll(async () => {
  sandbox = await startSandbox(testSandboxOptions(22900, { seedHistory: false }))
  const chain = sandbox.chains.find((c) => c.chainId === CHAIN_ID)
  if (!chain) throw new Error('no chain 31337')
  publicClient = createPublicClient({ chain: chain.viemChain, transport: http(chain.rpcUrl) })
  // A sandbox started from code spawns its bundlers on first use: here, at once, timed.
  const bundlers = sandbox.service(bundlerService)
  expect(bundlers.mode).toBe('lazy')
  expect(bundlers.chains.map((b) => b.status())).toEqual(['idle', 'idle'])
  const started = performance.now()
  await bundlers.start()
  console.log(`bundlers started on demand in ${((performance.now() - started) / 1000).toFixed(1)} s`) // reported, not asserted
}, 180_000)

afterAll(async () => {
  await sandbox?.stop()
})

function bundlerUrl(projectId: string, chainId = CHAIN_ID, bundler = 'pimlico'): string {
  return `${sandbox.dataApi.url}/v1/bundler?projectId=${projectId}&chainId=${chainId}&bundler=${bundler}&st=appkit&sv=test`
}

async function freshAccount(): Promise<SmartAccount> {
  const owner = privateKeyToAccount(generatePrivateKey())
  return toSimpleSmartAccount({ client: publicClient, owner, entryPoint: { address: ENTRY_POINT_V08, version: '0.8' } })
}

function bundlerFor(account: SmartAccount, projectId: string, sponsored: boolean): BundlerClient {
  return createBundlerClient({
    account,
    client: publicClient,
    transport: http(bundlerUrl(projectId)),
    // A loopback bundler that bundles every 50 to 250 ms: asked for the receipt at that pace, not viem's default 4 s.
    pollingInterval: 100,
    // `true`: the bundler URL answers ERC-7677's pm_ methods (the sandbox paymaster).
    ...(sponsored ? { paymaster: true } : {}),
  })
}

const gasPriceSchema = z.object({ fast: z.object({ maxFeePerGas: z.string(), maxPriorityFeePerGas: z.string() }) })

describe('ERC-4337 v0.8 in the sandbox', () => {
  it('runs the EntryPoint and the factory at their canonical addresses, a funded paymaster, and a bundler per chain on loopback', async () => {
    const bundlers = sandbox.service(bundlerService)
    expect(bundlers.chains.map((b) => b.chainId)).toEqual([31337, 31338])
    for (const b of bundlers.chains) {
      // What the kernel says the bundler's port listens on: 127.0.0.1 only (alto alone would take every interface).
      expect(listeningAddresses(Number(new URL(b.url).port))).toEqual(['127.0.0.1'])
      expect(b.status()).toBe('ready')
      expect(b.process()?.running()).toBe(true)
      const deployment = await b.deployment
      const client = createPublicClient({ transport: http(sandbox.chains.find((c) => c.chainId === b.chainId)?.rpcUrl) })
      // The embedded wallet's SimpleAccount1271Factory at the same address on both chains.
      expect(deployment.accountFactory).toBe(SIMPLE_ACCOUNT_1271_FACTORY)
      for (const address of [ENTRY_POINT_V08, SIMPLE_ACCOUNT_FACTORY_V08, SIMPLE_ACCOUNT_1271_FACTORY, deployment.paymaster]) {
        expect((await client.getCode({ address }))?.length ?? 0, `code at ${address} on ${b.chainId}`).toBeGreaterThan(100)
      }
      const deposit = await client.readContract({ address: ENTRY_POINT_V08, abi: entryPoint08Abi, functionName: 'balanceOf', args: [deployment.paymaster] })
      expect(deposit).toBeGreaterThan(PAYMASTER_DEPOSIT - parseEther('1'))
    }
    // The bundler answers through the data API too.
    const res = await fetch(bundlerUrl(SPONSORED_PROJECT), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] }),
    })
    expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 1, result: [ENTRY_POINT_V08] })
  })

  it('a fresh account with no ETH sends a sponsored operation that moves ETH and calls a contract; the first operation deploys it', async () => {
    const account = await freshAccount()
    const bundler = bundlerFor(account, SPONSORED_PROJECT, true)
    expect(await publicClient.getCode({ address: account.address })).toBeUndefined()
    expect(await publicClient.getBalance({ address: account.address })).toBe(0n)

    // Something for the account to move: 0.05 ETH and 10 USDC, given by dev account 6.
    const usdc = sandbox.contracts[CHAIN_ID]?.USDC?.address as Address
    await fundAccount(account.address, parseEther('0.05'), usdc, parseUnits('10', 6))

    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const hash = await bundler.sendUserOperation({
      calls: [
        { to: receiver, value: parseEther('0.01') },
        { to: usdc, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [receiver, parseUnits('2.5', 6)] }) },
      ],
    })
    const receipt = await bundler.waitForUserOperationReceipt({ hash, timeout: RECEIPT_TIMEOUT_MS })
    expect(receipt.success).toBe(true)
    expect(receipt.userOpHash).toBe(hash)
    expect(receipt.sender).toBe(account.address)
    expect(receipt.paymaster?.toLowerCase()).toBe((await sandbox.service(bundlerService).bundler(CHAIN_ID)!.deployment).paymaster.toLowerCase())

    // eth_getUserOperationReceipt through the data API (SPEC §7's bundler call) answers the same.
    const raw = await rpcCall(bundlerUrl(SPONSORED_PROJECT), 'eth_getUserOperationReceipt', [hash])
    expect(raw).toMatchObject({ result: { userOpHash: hash, success: true, receipt: { transactionHash: receipt.receipt.transactionHash } } })

    // Deployed by its first operation, ETH and USDC moved, gas paid by the paymaster: exactly 0.01 ETH less.
    expect((await publicClient.getCode({ address: account.address }))?.length ?? 0).toBeGreaterThan(2)
    expect(await publicClient.getBalance({ address: receiver })).toBe(parseEther('0.01'))
    expect(await publicClient.getBalance({ address: account.address })).toBe(parseEther('0.04'))
    expect(await publicClient.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [receiver] })).toBe(parseUnits('2.5', 6))
    expect(await publicClient.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [account.address] })).toBe(parseUnits('7.5', 6))

    // A second operation: already deployed, no factory data; still sponsored.
    const second = await bundler.sendUserOperation({ calls: [{ to: receiver, value: parseEther('0.001') }] })
    const secondReceipt = await bundler.waitForUserOperationReceipt({ hash: second, timeout: RECEIPT_TIMEOUT_MS })
    expect(secondReceipt.success).toBe(true)
    expect(await publicClient.getBalance({ address: account.address })).toBe(parseEther('0.039'))
  })

  it('a batch of two calls runs as one operation in one transaction', async () => {
    const account = await freshAccount()
    const bundler = bundlerFor(account, SPONSORED_PROJECT, true)
    const usdc = sandbox.contracts[CHAIN_ID]?.USDC?.address as Address
    const spender = privateKeyToAccount(generatePrivateKey()).address
    await fundAccount(account.address, 0n, usdc, parseUnits('5', 6))
    const hash = await bundler.sendUserOperation({
      calls: [
        { to: usdc, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, parseUnits('3', 6)] }) },
        { to: usdc, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [spender, parseUnits('1', 6)] }) },
      ],
    })
    const receipt = await bundler.waitForUserOperationReceipt({ hash, timeout: RECEIPT_TIMEOUT_MS })
    expect(receipt.success).toBe(true)
    // Both calls' effects, from the one transaction the bundler sent.
    expect(await publicClient.readContract({ address: usdc, abi: erc20Abi, functionName: 'allowance', args: [account.address, spender] })).toBe(parseUnits('3', 6))
    expect(await publicClient.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [spender] })).toBe(parseUnits('1', 6))
    const tokenLogs = receipt.logs.filter((l) => l.address.toLowerCase() === usdc.toLowerCase())
    expect(tokenLogs).toHaveLength(2) // Approval, then Transfer
    expect(new Set(receipt.logs.map((l) => l.transactionHash))).toEqual(new Set([receipt.receipt.transactionHash]))
  })

  it('an operation without sponsorship from an account with no ETH is refused with the reason', async () => {
    const account = await freshAccount()
    const bundler = bundlerFor(account, SPONSORED_PROJECT, false)
    const fees = gasPriceSchema.parse((await rpcCall(bundlerUrl(SPONSORED_PROJECT), 'pimlico_getUserOperationGasPrice', [])).result).fast
    const error = await bundler
      .sendUserOperation({ calls: [{ to: account.address, value: 0n }], maxFeePerGas: BigInt(fees.maxFeePerGas), maxPriorityFeePerGas: BigInt(fees.maxPriorityFeePerGas) })
      .then(
        () => undefined,
        (e: unknown) => e,
      )
    expect(error).toBeInstanceOf(Error)
    // The EntryPoint's own reason: the account cannot pay its prefund.
    expect(String((error as Error).message)).toMatch(/AA21 didn't pay prefund/)
    expect(await publicClient.getCode({ address: account.address })).toBeUndefined()
  })

  it('the paymaster refuses a project the sandbox does not know, with the reason', async () => {
    const account = await freshAccount()
    const bundler = bundlerFor(account, STRANGER_PROJECT, true)
    const error = await bundler.sendUserOperation({ calls: [{ to: account.address, value: 0n }] }).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(Error)
    expect(String((error as Error).message)).toContain(`Gas sponsorship refused: project "${STRANGER_PROJECT}" is not a project of this sandbox`)
    expect(await publicClient.getCode({ address: account.address })).toBeUndefined()
  })

  it('checks the query and the parameters before the bundler sees them', async () => {
    const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    const call = { jsonrpc: '2.0', id: 7, method: 'eth_supportedEntryPoints', params: [] }
    const unsupportedChain = await post(bundlerUrl(SPONSORED_PROJECT, 1), call)
    expect([unsupportedChain.status, await unsupportedChain.json()]).toEqual([400, { error: 'Unsupported chain' }])
    const otherBundler = await post(bundlerUrl(SPONSORED_PROJECT, CHAIN_ID, 'stackup'), call)
    expect(otherBundler.status).toBe(400)
    expect(await otherBundler.json()).toEqual({ error: 'Unsupported bundler: stackup (the sandbox runs pimlico)' })
    expect(await rpcCall(bundlerUrl(SPONSORED_PROJECT), 'eth_getUserOperationReceipt', ['0x1234'])).toMatchObject({ error: { code: -32602 } })
    expect(await rpcCall(bundlerUrl(SPONSORED_PROJECT), 'debug_bundler_clearState', [])).toMatchObject({ error: { code: -32601 } })
    // Unknown hash: the bundler's answer, null.
    expect(await rpcCall(bundlerUrl(SPONSORED_PROJECT), 'eth_getUserOperationReceipt', [`0x${'ab'.repeat(32)}`])).toMatchObject({ result: null })
  })
})

/** The local addresses listening on `port`, from /proc/net/tcp and tcp6 (IPv4 ones as dotted quads). */
function listeningAddresses(port: number): string[] {
  const found = new Set<string>()
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = ''
    try {
      text = readFileSync(file, 'utf8')
    } catch {
      continue
    }
    for (const line of text.split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/)
      if (!local || state !== '0A') continue // 0A: LISTEN
      const [addressHex, portHex] = local.split(':')
      if (!addressHex || parseInt(portHex ?? '', 16) !== port) continue
      found.add(
        addressHex.length === 8
          ? (addressHex.match(/../g) ?? [])
              .reverse()
              .map((b) => parseInt(b, 16))
              .join('.')
          : `ipv6:${addressHex}`,
      )
    }
  }
  return [...found]
}

async function rpcCall(url: string, method: string, params: unknown[]): Promise<{ result?: unknown; error?: { code: number; message: string } }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  return z.object({ result: z.unknown().optional(), error: z.object({ code: z.number(), message: z.string() }).optional() }).parse(await res.json())
}

/** Dev account 6 (native coin only, untouched by the seed) sends ETH; the deployer (account 9) mints USDC. */
async function fundAccount(to: Address, value: bigint, usdc: Address, amount: bigint): Promise<void> {
  const { createWalletClient } = await import('viem')
  const chain = sandbox.chains.find((c) => c.chainId === CHAIN_ID)!
  const hashes: Hex[] = []
  if (value > 0n) {
    const wallet = createWalletClient({ account: privateKeyToAccount(sandbox.devAccounts[6]!.privateKey), chain: chain.viemChain, transport: http(chain.rpcUrl) })
    hashes.push(await wallet.sendTransaction({ to, value }))
  }
  if (amount > 0n) {
    const deployer = createWalletClient({ account: privateKeyToAccount(sandbox.deployer.privateKey), chain: chain.viemChain, transport: http(chain.rpcUrl) })
    hashes.push(
      await deployer.writeContract({
        address: usdc,
        abi: [
          {
            type: 'function',
            name: 'mint',
            stateMutability: 'nonpayable',
            inputs: [
              { name: 'to', type: 'address' },
              { name: 'amount', type: 'uint256' },
            ],
            outputs: [],
          },
        ],
        functionName: 'mint',
        args: [to, amount],
      }),
    )
  }
  for (const hash of hashes) await publicClient.waitForTransactionReceipt({ hash })
}
