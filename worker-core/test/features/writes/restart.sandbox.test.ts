/**
 * Writes that survive the core: a send in flight while the core is killed and a new core starts on
 * the same IndexedDB (a reload, a restarted worker, another leading tab), against a real sandbox
 * chain whose mining the test holds, so the transaction is seen pending, then mined. The Sandbox
 * Wallet counts what it was asked to send: once, whatever the restart.
 */
import type { Sandbox } from '@portico/sandbox'
import { createPublicClient, createTestClient, http, parseEther, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { CoreConfig, CoreState } from '@portico/shared-types'
import { WRITE_OUTCOME_UNKNOWN_CODE, type WalletAnswer, type WriteIntent, type WriteResult } from '@portico/shared-types/write'
import { createCore, type Core } from '../../../src/core.ts'
import { createStorage } from '../../../src/infra/storage.ts'
import { sandboxConfig, sandboxWallet, startTestSandbox, type TestWallet } from '../../sandbox.ts'

const ACCOUNT_0: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const CAIP_ADDRESS = `eip155:31337:${ACCOUNT_0}` as const

let sandbox: Sandbox
let config: CoreConfig
const cores: Core[] = []

beforeAll(async () => {
  sandbox = await startTestSandbox(15000)
  config = sandboxConfig(sandbox, 'restart-test')
}, 180_000)
afterAll(async () => {
  await sandbox?.stop()
})
afterEach(async () => {
  for (const core of cores.splice(0)) core.dispose()
  await anvil().setAutomine(true)
})

const chain = () => createPublicClient({ transport: http(sandbox.chains[0]!.rpcUrl) })
const anvil = () => createTestClient({ mode: 'anvil', transport: http(sandbox.chains[0]!.rpcUrl) })

/** A core on the IndexedDB database `dbName`, configured; the account connected unless it is restored. */
async function startCore(dbName: string, { connect }: { connect: boolean }): Promise<Core> {
  const core = createCore({ storage: createStorage({ dbName, warn: () => {} }), warn: () => {} })
  cores.push(core)
  await core.configure(config)
  if (connect) await core.setConnected({ caipAddress: CAIP_ADDRESS, connectorId: 'sandbox', connectorName: 'Sandbox Wallet' })
  return core
}

/** Waits until the core's state satisfies `done` (a state is pushed on every change). */
async function until(core: Core, done: (state: CoreState) => boolean, what: string): Promise<CoreState> {
  for (let i = 0; i < 300; i++) {
    const state = await core.getState()
    if (done(state)) return state
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`never: ${what}`)
}

const sendIntent = (receiver: Address): WriteIntent => ({ kind: 'send', caipAddress: CAIP_ADDRESS, token: { symbol: 'ETH', decimals: 18 }, amount: '0.25', receiver })

/** The page's part up to the wallet's answer: the core prepares, the wallet is asked once. */
async function askWallet(core: Core, wallet: TestWallet, intent: WriteIntent): Promise<{ step: Extract<WriteResult, { status: 'step' }>; answer: WalletAnswer }> {
  const step = await core.prepareWrite(intent)
  if (step.status !== 'step') throw new Error(`no step: ${JSON.stringify(step)}`)
  expect(await core.markWriteAsked(step.writeId)).toBe(true)
  const answer: WalletAnswer = await wallet.provider.request(step.request).then(
    (result) => ({ ok: true as const, result }),
    (error: { code?: number; message: string }) => ({ ok: false as const, error: { ...(error.code === undefined ? {} : { code: error.code }), message: error.message } }),
  )
  return { step, answer }
}

const sends = (wallet: TestWallet) => wallet.asked.filter((a) => a.kind === 'eth_sendTransaction').length

describe('a send in flight while the core is killed and restarted', () => {
  it('the answer reaches the new core: pending there, then mined; sent once', async () => {
    const dbName = `restart-${crypto.randomUUID()}`
    const first = await startCore(dbName, { connect: true })
    const wallet = await sandboxWallet(sandbox, [true])
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const nonce = await chain().getTransactionCount({ address: ACCOUNT_0 })
    await anvil().setAutomine(false)
    const { step, answer } = await askWallet(first, wallet, sendIntent(receiver))
    expect(step.writeId).toMatch(/^[0-9a-f-]{36}$/)
    expect(answer).toMatchObject({ ok: true, result: expect.stringMatching(/^0x[0-9a-f]{64}$/) })
    const hash = (answer as { result: string }).result

    // The core dies before the answer reaches it; the page's call goes to the new core.
    first.dispose()
    const second = await startCore(dbName, { connect: false })
    expect(await second.submitWriteResult(step.writeId, answer)).toEqual({ status: 'done', writeId: step.writeId, hash })
    // The same call sent again (the page re-sends what a dead core left unanswered) answers the same.
    expect(await second.submitWriteResult(step.writeId, answer)).toEqual({ status: 'done', writeId: step.writeId, hash })
    const pending = await until(second, (s) => s.pendingTransactions.some((p) => p.hash === hash), 'pending in the new core')
    expect(pending.pendingTransactions.find((p) => p.hash === hash)).toMatchObject({ status: 'pending', kind: 'send', amount: '0.25', symbol: 'ETH', to: receiver })

    await anvil().mine({ blocks: 1 })
    await until(second, (s) => !s.pendingTransactions.some((p) => p.hash === hash), 'mined')
    expect(await chain().getBalance({ address: receiver })).toBe(parseEther('0.25'))
    expect(await chain().getTransactionCount({ address: ACCOUNT_0 })).toBe(nonce + 1)
    expect(sends(wallet)).toBe(1)
  })

  it('the old core had the hash: the new core restores it pending from IndexedDB and follows it until mined', async () => {
    const dbName = `restart-${crypto.randomUUID()}`
    const first = await startCore(dbName, { connect: true })
    const wallet = await sandboxWallet(sandbox, [true])
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    await anvil().setAutomine(false)
    const { step, answer } = await askWallet(first, wallet, sendIntent(receiver))
    const done = await first.submitWriteResult(step.writeId, answer)
    expect(done).toMatchObject({ status: 'done' })
    const hash = (answer as { result: string }).result
    await until(first, (s) => s.pendingTransactions.some((p) => p.hash === hash), 'pending in the first core')
    first.dispose()

    const second = await startCore(dbName, { connect: false })
    const restored = await second.getState()
    expect(restored.pendingTransactions.find((p) => p.hash === hash)).toMatchObject({ status: 'pending', to: receiver })
    // The page's answer, sent again to the new core, gets the same outcome and is not tracked twice.
    expect(await second.submitWriteResult(step.writeId, answer)).toEqual(done)
    expect((await second.getState()).pendingTransactions.filter((p) => p.hash === hash)).toHaveLength(1)

    await anvil().mine({ blocks: 1 })
    await until(second, (s) => !s.pendingTransactions.some((p) => p.hash === hash), 'mined after the restart')
    expect(await chain().getBalance({ address: receiver })).toBe(parseEther('0.25'))
    expect(sends(wallet)).toBe(1)
  })

  it('the answer never comes (the page reloaded): the new core finds the transaction on chain by what it sends, never asks again', async () => {
    const dbName = `restart-${crypto.randomUUID()}`
    const first = await startCore(dbName, { connect: true })
    const wallet = await sandboxWallet(sandbox, [true])
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    await anvil().setAutomine(false)
    const { step, answer } = await askWallet(first, wallet, sendIntent(receiver))
    const hash = (answer as { result: string }).result
    first.dispose()

    const second = await startCore(dbName, { connect: false })
    // Shown pending under the write's id while it is looked for.
    const looking = await until(second, (s) => s.pendingTransactions.some((p) => p.writeId === step.writeId), 'the write shown pending')
    expect(looking.pendingTransactions.find((p) => p.writeId === step.writeId)).toMatchObject({ status: 'pending', amount: '0.25', to: receiver })

    await anvil().mine({ blocks: 1 })
    await until(second, (s) => !s.pendingTransactions.some((p) => p.writeId === step.writeId || p.hash === hash), 'found and mined')
    expect(await chain().getBalance({ address: receiver })).toBe(parseEther('0.25'))
    // Found by its hash: the page's late answer gets the outcome the chain gave.
    expect(await second.submitWriteResult(step.writeId, answer)).toEqual({ status: 'done', writeId: step.writeId, hash })
    expect(sends(wallet)).toBe(1)
  })

  it('a write prepared but not yet handed to the wallet is unknown to a new core: the page does not ask, nothing shows pending', async () => {
    const dbName = `restart-${crypto.randomUUID()}`
    const first = await startCore(dbName, { connect: true })
    const step = await first.prepareWrite(sendIntent(privateKeyToAccount(generatePrivateKey()).address))
    expect(step.status).toBe('step')
    first.dispose()
    const second = await startCore(dbName, { connect: false })
    expect(await second.markWriteAsked(step.writeId!)).toBe(false)
    expect(await second.submitWriteResult(step.writeId!, { ok: true, result: `0x${'1'.repeat(64)}` })).toMatchObject({ status: 'error', error: { code: 'WRITE_NOT_FOUND' } })
    expect((await second.getState()).pendingTransactions).toEqual([])
  })

  it('a wallet request cut off with its core (outcome unknown) is looked for on chain, not sent again', async () => {
    const dbName = `restart-${crypto.randomUUID()}`
    const core = await startCore(dbName, { connect: true })
    await core.loadTransactions()
    const wallet = await sandboxWallet(sandbox, [true])
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    await anvil().setAutomine(false)
    const { step, answer } = await askWallet(core, wallet, sendIntent(receiver))
    const hash = (answer as { result: string }).result
    const cutOff = await core.submitWriteResult(step.writeId, { ok: false, error: { code: WRITE_OUTCOME_UNKNOWN_CODE, message: 'The core stopped answering' } })
    expect(cutOff).toMatchObject({ status: 'error', error: { code: 'WRITE_OUTCOME_UNKNOWN' } })
    await anvil().mine({ blocks: 1 })
    await until(core, (s) => s.pendingTransactions.length === 0 && s.transactions.data.some((t) => t.metadata.hash === hash), 'found, mined and in Activity')
    expect(await chain().getBalance({ address: receiver })).toBe(parseEther('0.25'))
    expect(sends(wallet)).toBe(1)
  })

  it('killed 20 times mid-write, at each point a core can die: every send arrives once, nothing is left pending', { timeout: 240_000 }, async () => {
    const dbName = `restart-${crypto.randomUUID()}`
    let core = await startCore(dbName, { connect: true })
    const wallet = await sandboxWallet(
      sandbox,
      Array.from({ length: 20 }, () => true),
    )
    const nonce = await chain().getTransactionCount({ address: ACCOUNT_0 })
    const receivers: Address[] = []
    const points = ['before the answer', 'after the answer', 'answer lost'] as const
    for (let i = 0; i < 20; i++) {
      const receiver = privateKeyToAccount(generatePrivateKey()).address
      receivers.push(receiver)
      const { step, answer } = await askWallet(core, wallet, sendIntent(receiver))
      const point = points[i % points.length]!
      if (point === 'after the answer') expect(await core.submitWriteResult(step.writeId, answer)).toMatchObject({ status: 'done' })
      core.dispose()
      core = await startCore(dbName, { connect: false })
      // The page's call, sent again to the new core (or never, when the page went away with it).
      if (point !== 'answer lost') expect(await core.submitWriteResult(step.writeId, answer), `${i} ${point}`).toMatchObject({ status: 'done', hash: (answer as { result: string }).result })
    }
    await until(core, (s) => s.pendingTransactions.length === 0, 'every send followed until mined')
    for (const receiver of receivers) expect(await chain().getBalance({ address: receiver }), receiver).toBe(parseEther('0.25'))
    expect(await chain().getTransactionCount({ address: ACCOUNT_0 })).toBe(nonce + 20)
    expect(sends(wallet)).toBe(20)
  })
})
