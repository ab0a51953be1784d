/**
 * The reliability suite's restart row: the core killed 20 times against a real sandbox (anvil chain,
 * data API), each time a new core starting on the same IndexedDB, as a reload, a restarted worker or
 * another leading tab starts one. Half the kills land mid-write (before the wallet's answer reached
 * the core, after it, or with the answer lost with the page), half mid-fetch (a balance read held by
 * the data API while the core dies; the page's call, sent again, is answered by the new core).
 * Sends are counted at the wallet and by the account's nonce; every receiver must hold its amount.
 * Run by `reliability/run.mjs` (`node … tsx reliability/restart/main.ts`); its counts go to
 * RELIABILITY_RESULTS.
 */
import { createPublicClient, http, parseEther, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { CoreState } from '@portico/shared-types'
import type { WalletAnswer, WriteIntent } from '@portico/shared-types/write'
import { createCore, type Core } from '../../worker-core/src/core.ts'
import { createStorage } from '../../worker-core/src/infra/storage.ts'
import { sandboxConfig, sandboxWallet, startTestSandbox } from '../../worker-core/test/sandbox.ts'
import { begin, record, type Failure } from '../fuzz/harness.ts'

const ROW = 'Worker killed 20 times (mid-fetch and mid-write): restored, nothing lost, nothing sent twice'
const NAME = 'kills mid-write and mid-fetch'
const KILLS = 20
const ACCOUNT_0: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const CAIP_ADDRESS = `eip155:31337:${ACCOUNT_0}` as const
const BALANCE_ROUTE = '/v1/account/:address/balance'

begin(ROW, NAME)
const sandbox = await startTestSandbox(16000)
const failures: Failure[] = []
const fail = (input: string, problem: string) => failures.push({ input, problem })
let writeKills = 0
let fetchKills = 0
let readsAnswered = 0
const cores: Core[] = []
try {
  const config = sandboxConfig(sandbox, 'reliability-restart')
  const chain = createPublicClient({ transport: http(sandbox.chains[0]!.rpcUrl) })
  const dbName = `reliability-restart-${crypto.randomUUID()}`
  const startCore = async (connect: boolean): Promise<Core> => {
    const core = createCore({ storage: createStorage({ dbName, warn: () => {} }), warn: () => {} })
    cores.push(core)
    await core.configure(config)
    if (connect) await core.setConnected({ caipAddress: CAIP_ADDRESS, connectorId: 'sandbox', connectorName: 'Sandbox Wallet' })
    return core
  }
  const until = async (core: Core, done: (state: CoreState) => boolean, what: string): Promise<CoreState | null> => {
    for (let i = 0; i < 300; i++) {
      const state = await core.getState()
      if (done(state)) return state
      await new Promise((r) => setTimeout(r, 100))
    }
    fail(what, 'never happened')
    return null
  }

  let core = await startCore(true)
  const wallet = await sandboxWallet(
    sandbox,
    Array.from({ length: KILLS }, () => true),
  )
  const nonce = await chain.getTransactionCount({ address: ACCOUNT_0 })
  const receivers: Address[] = []
  const points = ['before the answer', 'after the answer', 'answer lost'] as const

  for (let kill = 0; kill < KILLS; kill++) {
    if (kill % 2 === 0) {
      // Mid-write: the wallet has been asked; the core dies at one of the points a core can die.
      const receiver = privateKeyToAccount(generatePrivateKey()).address
      receivers.push(receiver)
      const intent: WriteIntent = { kind: 'send', caipAddress: CAIP_ADDRESS, token: { symbol: 'ETH', decimals: 18 }, amount: '0.25', receiver }
      const step = await core.prepareWrite(intent)
      if (step.status !== 'step') {
        fail(`kill ${kill + 1}`, `no step: ${JSON.stringify(step)}`)
        continue
      }
      if (!(await core.markWriteAsked(step.writeId))) fail(`kill ${kill + 1}`, 'the core did not let the page ask the wallet')
      const answer: WalletAnswer = await wallet.provider.request(step.request).then(
        (result) => ({ ok: true as const, result }),
        (error: { code?: number; message: string }) => ({ ok: false as const, error: { ...(error.code === undefined ? {} : { code: error.code }), message: error.message } }),
      )
      const point = points[(kill / 2) % points.length]!
      const hash = answer.ok ? String(answer.result) : null
      if (point === 'after the answer') {
        const done = await core.submitWriteResult(step.writeId, answer)
        if (done.status !== 'done') fail(`kill ${kill + 1} (${point})`, `answered ${JSON.stringify(done)}`)
      }
      core.dispose()
      core = await startCore(false)
      writeKills += 1
      // The page's call, sent again to the new core (or never, when the page went away with the old one).
      if (point !== 'answer lost') {
        const again = await core.submitWriteResult(step.writeId, answer)
        if (again.status !== 'done' || again.hash !== hash) fail(`kill ${kill + 1} (${point})`, `the new core answered ${JSON.stringify(again)}`)
      }
    } else {
      // Mid-fetch: a balance read the data API holds when the core dies.
      const [rule] = sandbox.faults.set([{ route: BALANCE_ROUTE, kind: 'hang', hangMs: 5_000 }])
      const inFlight = core.refreshBalances({ force: true }).catch(() => undefined)
      for (let i = 0; i < 100 && (sandbox.faults.list().find((f) => f.id === rule!.id)?.injected ?? 0) === 0; i++) await new Promise((r) => setTimeout(r, 50))
      const held = sandbox.faults.list().find((f) => f.id === rule!.id)?.injected ?? 0
      if (held === 0) fail(`kill ${kill + 1} (mid-fetch)`, 'the balance read never reached the data API')
      core.dispose()
      sandbox.faults.clear()
      core = await startCore(false)
      fetchKills += 1
      void inFlight
      // The page sends the unanswered read again; the new core answers it with the chain's balance.
      await core.refreshBalances({ force: true })
      const state = await until(
        core,
        (s) => s.balances.status === 'success' && s.nativeBalance.value !== undefined && s.nativeBalance.value !== null,
        `kill ${kill + 1}: the read answered after the restart`,
      )
      const onChain = (await chain.getBalance({ address: ACCOUNT_0 })).toString()
      if (state && state.nativeBalance.value !== onChain) fail(`kill ${kill + 1} (mid-fetch)`, `balance ${state.nativeBalance.value}, the chain holds ${onChain}`)
      else if (state) readsAnswered += 1
    }
  }

  await until(core, (s) => s.pendingTransactions.length === 0, 'every send followed until mined')
  const sentAtWallet = wallet.asked.filter((a) => a.kind === 'eth_sendTransaction').length
  const sentOnChain = (await chain.getTransactionCount({ address: ACCOUNT_0 })) - nonce
  let lost = 0
  for (const receiver of receivers) if ((await chain.getBalance({ address: receiver })) !== parseEther('0.25')) lost += 1
  const duplicates = Math.max(0, sentAtWallet - receivers.length) + Math.max(0, sentOnChain - receivers.length)
  if (lost > 0) fail(`${receivers.length} sends`, `${lost} receivers without their 0.25 ETH`)
  if (duplicates > 0) fail(`${receivers.length} sends`, `${sentAtWallet} asked of the wallet, ${sentOnChain} by nonce`)
  if (sentOnChain < receivers.length) fail(`${receivers.length} sends`, `only ${sentOnChain} by nonce`)
  console.log(
    `restart: ${writeKills + fetchKills} kills (${writeKills} mid-write, ${fetchKills} mid-fetch), ${receivers.length} sends, ` +
      `${sentAtWallet} asked of the wallet, ${sentOnChain} by nonce, ${duplicates} duplicates, ${lost} lost, ${readsAnswered} reads answered after the restart`,
  )
  record({
    row: ROW,
    name: NAME,
    cases: writeKills + fetchKills,
    unit: `kills (${receivers.length} sends, ${duplicates} duplicates, ${lost} lost; ${readsAnswered}/${fetchKills} reads answered after the restart)`,
    failures: failures.length + (KILLS - writeKills - fetchKills),
    examples: failures.slice(0, 5),
    extra: { kills: writeKills + fetchKills, writeKills, fetchKills, sends: receivers.length, sentAtWallet, sentOnChain, duplicates, lost, readsAnswered },
  })
} finally {
  for (const core of cores) core.dispose()
  await sandbox.stop()
}
process.exit(failures.length === 0 ? 0 : 1)
