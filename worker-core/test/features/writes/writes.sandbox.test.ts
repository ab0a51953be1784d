/**
 * The one write path against a real sandbox (anvil chains, the data API) and the Sandbox Wallet's
 * provider as the page's connector would call it: prepare in the core, sign in the wallet, submit.
 */
import type { Sandbox } from '@portico/sandbox'
import { createPublicClient, createTestClient, erc20Abi, http, parseEther, parseUnits, type Address } from 'viem'
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CoreConfig } from '@portico/shared-types'
import type { WriteIntent } from '@portico/shared-types/write'
import type { Core } from '../../../src/core.ts'
import { connectedTestCore, runWrite, sandboxConfig, sandboxWallet, startTestSandbox } from '../../sandbox.ts'

const ACCOUNT_0: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ACCOUNT_1: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** Runtime code of a token whose balanceOf answers 10^24 and whose every other call reverts. */
const REVERTING_TOKEN = '0x60003560e01c6370a082311460145760006000fd5b69d3c21bcecceda100000060005260206000f3'

let sandbox: Sandbox
let config: CoreConfig
let usdc: Address

beforeAll(async () => {
  sandbox = await startTestSandbox(13000)
  usdc = sandbox.contracts[31337]?.USDC?.address as Address
  config = sandboxConfig(sandbox, 'write-path-test')
}, 180_000)
afterAll(async () => {
  await sandbox?.stop()
})

const chain = () => createPublicClient({ transport: http(sandbox.chains[0]!.rpcUrl) })
const connectedCore = (address: Address = ACCOUNT_0): Promise<Core> => connectedTestCore(config, address)

async function waitMined(core: Core, hash: string) {
  for (let i = 0; i < 100; i++) {
    const state = await core.getState()
    if (!state.pendingTransactions.some((p) => p.hash === hash)) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`not mined: ${hash}`)
}

const ETH = { symbol: 'ETH', decimals: 18 }
const send = (over: Partial<Extract<WriteIntent, { kind: 'send' }>>): WriteIntent => ({
  kind: 'send',
  caipAddress: `eip155:31337:${ACCOUNT_0}`,
  token: ETH,
  amount: '0.5',
  receiver: privateKeyToAccount(generatePrivateKey()).address,
  ...over,
})

describe('the write path against the sandbox', () => {
  it('sends 0.5 ETH: the wallet signs what the core built, the core follows it until mined and refreshes', async () => {
    const core = await connectedCore()
    await core.loadTransactions()
    const { provider, asked } = await sandboxWallet(sandbox, [true])
    const sentAt = Date.now()
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const { result } = await runWrite(core, provider, send({ receiver }))
    expect(result).toMatchObject({ status: 'done', hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) })
    expect(asked.at(-1)).toMatchObject({ kind: 'eth_sendTransaction', to: receiver, value: parseEther('0.5') })
    const pending = (await core.getState()).pendingTransactions
    expect(pending[0]).toMatchObject({ hash: result.status === 'done' ? result.hash : '', kind: 'send', amount: '0.5', symbol: 'ETH', to: receiver })
    await waitMined(core, result.status === 'done' ? result.hash! : '')
    expect(await chain().getBalance({ address: receiver })).toBe(parseEther('0.5'))
    const state = await core.getState()
    expect(state.transactions.data.some((t) => t.metadata.hash === (result.status === 'done' ? result.hash : ''))).toBe(true)
    // Mined: the balances and the activity were read again past their cache; the name, still fresh, was not.
    const after = sandbox.dataApi.requests().filter((r) => r.time >= sentAt && r.path.includes(ACCOUNT_0))
    expect(after.some((r) => r.path.includes('/balance'))).toBe(true)
    expect(after.filter((r) => r.path.includes('/identity'))).toEqual([])
    core.dispose()
  })

  it('sends 25 USDC as an ERC-20 transfer', async () => {
    const core = await connectedCore()
    const { provider } = await sandboxWallet(sandbox, [true])
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const { result } = await runWrite(core, provider, send({ receiver, amount: '25', token: { address: usdc, symbol: 'USDC', decimals: 6 } }))
    expect(result.status).toBe('done')
    await waitMined(core, result.status === 'done' ? result.hash! : '')
    expect(await chain().readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [receiver] })).toBe(parseUnits('25', 6))
    core.dispose()
  })

  it('sends to an account name at the address the profile API gives', async () => {
    const core = await connectedCore()
    const { provider } = await sandboxWallet(sandbox, [true])
    const before = await chain().getBalance({ address: ACCOUNT_1 })
    const { result } = await runWrite(core, provider, send({ receiver: 'alice.reown.id', amount: '0.01' }))
    expect(result.status).toBe('done')
    await waitMined(core, result.status === 'done' ? result.hash! : '')
    expect((await chain().getBalance({ address: ACCOUNT_1 })) - before).toBe(parseEther('0.01'))
    expect(await core.resolveReceiver({ caipAddress: `eip155:31337:${ACCOUNT_0}`, name: 'alice.reown.id' })).toMatchObject({ address: ACCOUNT_1 })
    expect(await core.resolveReceiver({ caipAddress: `eip155:31337:${ACCOUNT_0}`, name: 'nobody-here.reown.id' })).toBeNull()
    core.dispose()
  })

  it('stops each bad input before the wallet, with its code and field', async () => {
    const core = await connectedCore()
    const cases: [Partial<Extract<WriteIntent, { kind: 'send' }>>, string, string | undefined][] = [
      [{ receiver: '0x1234' }, 'RECEIVER_INVALID', 'receiver'],
      [{ receiver: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92267'.replace('F6F4', 'f6F4') }, 'RECEIVER_INVALID', 'receiver'],
      [{ receiver: '' }, 'RECEIVER_REQUIRED', 'receiver'],
      [{ receiver: 'nobody-here.reown.id' }, 'RECEIVER_NOT_FOUND', 'receiver'],
      [{ amount: '' }, 'AMOUNT_REQUIRED', 'amount'],
      [{ amount: '0' }, 'AMOUNT_NOT_POSITIVE', 'amount'],
      [{ amount: '-1' }, 'AMOUNT_NOT_POSITIVE', 'amount'],
      [{ amount: 'abc' }, 'AMOUNT_INVALID', 'amount'],
      [{ amount: '100000000' }, 'AMOUNT_EXCEEDS_BALANCE', 'amount'],
      [{ amount: '1.1234567', token: { address: usdc, symbol: 'USDC', decimals: 6 } }, 'AMOUNT_TOO_MANY_DECIMALS', 'amount'],
      [{ token: null }, 'TOKEN_REQUIRED', 'token'],
    ]
    for (const [over, code, field] of cases) {
      const result = await core.prepareWrite(send(over))
      expect(result, `${code} for ${JSON.stringify(over)}`).toMatchObject({ status: 'error', error: { code, ...(field ? { field } : {}) } })
    }
    core.dispose()
  })

  it('refuses a token send from an account with no native balance for gas', async () => {
    const empty = privateKeyToAccount(generatePrivateKey())
    const test = createTestClient({ mode: 'anvil', transport: http(sandbox.chains[0]!.rpcUrl) })
    await test.impersonateAccount({ address: ACCOUNT_0 })
    const { provider } = await sandboxWallet(sandbox, [true])
    const funded = await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: ACCOUNT_0, to: usdc, data: `0xa9059cbb${empty.address.slice(2).padStart(64, '0')}${parseUnits('10', 6).toString(16).padStart(64, '0')}` }],
    })
    expect(funded).toMatch(/^0x/)
    await chain().waitForTransactionReceipt({ hash: funded as `0x${string}` })
    const core = await connectedCore(empty.address)
    const result = await core.prepareWrite(send({ caipAddress: `eip155:31337:${empty.address}`, amount: '1', token: { address: usdc, symbol: 'USDC', decimals: 6 } }))
    expect(result).toMatchObject({ status: 'error', error: { code: 'INSUFFICIENT_GAS', values: { symbol: 'ETH' } } })
    core.dispose()
  })

  it('a declined signature sends nothing and says so', async () => {
    const core = await connectedCore()
    const { provider } = await sandboxWallet(sandbox, [false])
    const nonce = await chain().getTransactionCount({ address: ACCOUNT_0 })
    const { result } = await runWrite(core, provider, send({}))
    expect(result).toMatchObject({ status: 'error', error: { code: 'USER_REJECTED' } })
    expect(await chain().getTransactionCount({ address: ACCOUNT_0 })).toBe(nonce)
    expect((await core.getState()).pendingTransactions.filter((p) => p.status === 'pending')).toEqual([])
    core.dispose()
  })

  it('a token whose transfer reverts is stopped with the execution-reverted class', async () => {
    const token = privateKeyToAccount(generatePrivateKey()).address
    await createTestClient({ mode: 'anvil', transport: http(sandbox.chains[0]!.rpcUrl) }).setCode({ address: token, bytecode: REVERTING_TOKEN })
    const core = await connectedCore()
    const result = await core.prepareWrite(send({ token: { address: token, symbol: 'BAD', decimals: 18 }, amount: '1' }))
    expect(result).toMatchObject({ status: 'error', error: { code: 'EXECUTION_REVERTED' } })
    core.dispose()
  })

  it("a send's review: validated and simulated without a write (no wallet asked, nothing recorded), −25 USDC; a revert named before the wallet", async () => {
    const core = await connectedCore()
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const intent = send({ receiver, amount: '25', token: { address: usdc, symbol: 'USDC', decimals: 6 } })
    const checked = await core.validateWrite(intent)
    expect(checked).toEqual({ status: 'valid', calls: [{ to: usdc, value: 0n, data: expect.stringMatching(/^0xa9059cbb/) }] })
    if (checked.status !== 'valid') return
    const simulation = await core.simulateCalls({ caipAddress: intent.caipAddress, calls: checked.calls })
    expect(simulation).toMatchObject({ status: 'simulated', approvals: [], changes: [{ kind: 'erc20', token: usdc, symbol: 'USDC', diff: -25_000_000n }] })
    expect(await core.validateWrite(send({ amount: '' }))).toMatchObject({ status: 'error', error: { code: 'AMOUNT_REQUIRED', field: 'amount' } })
    // Calls that revert (a transfer of more than the account holds) say so, with the token's own words.
    const tooMuch = checked.calls.map((c) => ({ ...c, data: c.data!.replace(/[0-9a-f]{64}$/, (10n ** 30n).toString(16).padStart(64, '0')) as `0x${string}` }))
    expect(await core.simulateCalls({ caipAddress: intent.caipAddress, calls: tooMuch })).toMatchObject({ status: 'reverts', call: 0, reason: expect.any(String) })
    expect((await core.getState()).pendingTransactions).toEqual([])
    core.dispose()
  })

  it("simulates only the connected account's calls", async () => {
    const core = await connectedCore()
    expect(await core.simulateCalls({ caipAddress: `eip155:31337:${ACCOUNT_1}`, calls: [{ to: ACCOUNT_0, value: 1n }] })).toEqual({ status: 'unavailable', reason: 'Not connected to this account' })
    core.dispose()
  })

  it('offline, a send does not start', async () => {
    const core = await connectedCore()
    await core.setOnline(false)
    expect(await core.prepareWrite(send({}))).toMatchObject({ status: 'error', error: { code: 'OFFLINE' } })
    core.dispose()
  })
})
