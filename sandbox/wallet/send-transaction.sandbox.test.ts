import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BaseError, InsufficientFundsError, createWalletClient, custom, defineChain, parseEther, type Address, type Hex } from 'viem'
import { z } from 'zod'
import { WalletRpcError } from './errors.ts'
import { createSandboxProvider, type SandboxProvider } from './provider.ts'
import { memoryStorage, scriptedApprove } from './test-helpers.ts'

const PORT = 18645
const RPC_URL = `http://127.0.0.1:${PORT}`
const ACCOUNT_0: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const RECIPIENT: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** The anvil binary shipped inside @foundry-rs/anvil's platform package. */
function anvilBinary(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch
  const require = createRequire(import.meta.url)
  return join(dirname(require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`)), 'bin', 'anvil')
}

async function waitForRpc(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' })
      if (response.ok) return
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`anvil did not start on ${url}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

let anvil: ChildProcess | undefined
const anvilChain = defineChain({ id: 31337, name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [RPC_URL] } } })

beforeAll(async () => {
  anvil = spawn(anvilBinary(), ['--host', '127.0.0.1', '--port', String(PORT), '--chain-id', '31337', '--silent'], { stdio: 'ignore' })
  await waitForRpc(RPC_URL, 20_000)
})

afterAll(() => {
  anvil?.kill('SIGTERM')
})

const hexSchema = z.string().regex(/^0x[0-9a-fA-F]*$/)
const receiptSchema = z.object({ status: z.string(), from: z.string(), to: z.string().nullable(), transactionHash: z.string() })

/** Like a dapp's waitForTransactionReceipt: anvil mines at once, but the receipt can lag a moment. */
async function pollReceipt(provider: SandboxProvider, hash: Hex): Promise<unknown> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const receipt = await provider.request({ method: 'eth_getTransactionReceipt', params: [hash] })
    if (receipt !== null) return receipt
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`No receipt for ${hash}`)
}

async function connectedProvider(answers: boolean[]): Promise<SandboxProvider> {
  const provider = createSandboxProvider({
    approve: scriptedApprove(true, ...answers),
    origin: 'http://127.0.0.1:5173',
    storage: memoryStorage(),
    chains: [{ id: 31337, name: 'Anvil', rpcUrl: RPC_URL }],
    defaultChainId: 31337,
  })
  await provider.request({ method: 'eth_requestAccounts' })
  return provider
}

describe('eth_sendTransaction against anvil', () => {
  it('signs and sends the transaction, answering its hash', async () => {
    const provider = await connectedProvider([true])
    const balance = async (address: Address) => BigInt(hexSchema.parse(await provider.request({ method: 'eth_getBalance', params: [address, 'latest'] })))
    const before = await balance(RECIPIENT)
    const value = parseEther('1.5')
    const hash = hexSchema.parse(await provider.request({ method: 'eth_sendTransaction', params: [{ from: ACCOUNT_0, to: RECIPIENT, value: `0x${value.toString(16)}` }] })) as Hex
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    const receipt = receiptSchema.parse(await pollReceipt(provider, hash))
    expect(receipt).toMatchObject({ status: '0x1', from: ACCOUNT_0.toLowerCase(), to: RECIPIENT.toLowerCase() })
    expect((await balance(RECIPIENT)) - before).toBe(value)
  })

  it('throws 4001 on reject and sends nothing', async () => {
    const provider = await connectedProvider([false])
    const nonce = async () => provider.request({ method: 'eth_getTransactionCount', params: [ACCOUNT_0, 'latest'] })
    const before = await nonce()
    await expect(provider.request({ method: 'eth_sendTransaction', params: [{ to: RECIPIENT, value: '0x1' }] })).rejects.toMatchObject({ code: 4001 })
    expect(await nonce()).toBe(before)
  })

  it('throws 4100 for another sender and passes the node error through', async () => {
    const provider = await connectedProvider([true])
    await expect(provider.request({ method: 'eth_sendTransaction', params: [{ from: RECIPIENT, to: RECIPIENT, value: '0x1' }] })).rejects.toMatchObject({ code: 4100 })
    const tooMuch = `0x${parseEther('100000000').toString(16)}`
    const error: unknown = await provider.request({ method: 'eth_sendTransaction', params: [{ to: RECIPIENT, value: tooMuch }] }).catch((e: unknown) => e)
    // What anvil answers eth_sendRawTransaction for a value beyond the balance, code and words.
    expect(error).toBeInstanceOf(WalletRpcError)
    expect(error).toMatchObject({ code: -32003, message: 'Insufficient funds for gas * price + value' })
  })

  it("lets a dapp's viem recognise the node error", async () => {
    const provider = await connectedProvider([true])
    const client = createWalletClient({ account: ACCOUNT_0, chain: anvilChain, transport: custom(provider) })
    const error = await client.sendTransaction({ to: RECIPIENT, value: parseEther('100000000') }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BaseError)
    expect((error as BaseError).walk((e) => e instanceof InsufficientFundsError)).toBeInstanceOf(InsufficientFundsError)
  })
})
