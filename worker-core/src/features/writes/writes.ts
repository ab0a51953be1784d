import { formatUnits, hexToBigInt, isAddress, isHash, isHex, stringToHex } from 'viem'
import type { RpcClient, SolanaRpcClient } from '../../infra/rpc.ts'
import { solanaSignatureSchema } from '@portico/shared-types/solana'
import { EIP155_NATIVE_TOKEN_ADDRESS, PENDING_TRANSACTIONS_LIMIT } from '@portico/shared-types/constants'
import { parseCaipAddress, parseWith, type CaipAddress, type CaipNetworkId, type ProfileAccount, type SiwxSession } from '@portico/shared-types'
import {
  SENDING_METHODS,
  walletAnswerSchema,
  WRITE_OUTCOME_UNKNOWN_CODE,
  type InFlightWrite,
  writeIntentSchema,
  type PendingTransaction,
  type WalletRequest,
  type WriteIntent,
  type WriteKind,
  type WriteError,
  type WriteErrorCode,
  type WriteResult,
  type WriteStep,
  type SimulatedCall,
  type WriteCheck,
  type AssetChange,
  type Simulation,
  type SimulateCallsParameters,
} from '@portico/shared-types/write'
import type { CoreContext, CoreEnv } from '../../infra/context.ts'
import { classifyError, classifyWalletError, WriteFailure } from './classifyError.ts'
import { createInFlightWrites } from './inFlight.ts'
import { createPendingTransactions, type PendingTransactions, type Tracked } from './pending.ts'
import { createReconciler, sentTransaction } from './reconcile.ts'
import { prepareRegistration, submitRegistration } from './registerName.ts'
import type { GetSwapQuoteDeps } from '../swap/getSwapQuote.ts'
import { prepareSend, sendTransactionRequest } from './send.ts'
import { followUserOperation } from './userOperation.ts'
import { markSmartAccountRefusal, messageInput, preparedFromDapp, prepareSignIn, signedSession, verifySignIn, type PreparedSignIn } from './siwx.ts'
import { atomicBatchRequest, buildApprove, buildSwap, builtTransactionRequest, checkSwap } from './swap.ts'

/** A request a flow hands the wallet; the flow gets the wallet's answer back from `yield`. */
export type FlowStep = Pick<WriteStep, 'label' | 'total'> & {
  request: WalletRequest
  expects: 'hash' | 'signature' | 'dapp'
  target?: WriteStep['target']
  /** The write's error when the step is answered with a failure (a dapp step's own meaning); else the wallet's error, classified. */
  failure?: WriteErrorCode
  /** For a step that sends a transaction: the pending Activity row its hash becomes (recorded by the core, followed until mined). */
  tracks?: Tracked
  /** Says more about the write's error when the step is answered with a failure (a refused sign-in from a smart account). */
  refine?(error: WriteError): Promise<WriteError>
  /** Every call the write makes, when its first step does not ask for all of them (an approval mined before its swap): what a review simulates. */
  preview?: SimulatedCall[]
}
/** What a pending Activity row shows beyond its hash. */
export type { Tracked }
/** What a flow ends with. */
export type FlowDone = { hash?: string; result?: unknown }
export type WriteFlow = AsyncGenerator<FlowStep, FlowDone, unknown>

export type FlowContext = {
  env: CoreEnv
  client: RpcClient | null
  /** The account's Solana cluster, when the write is on one. */
  solana: SolanaRpcClient | null
  /** USD prices of CAIP-10 token addresses (the core's price read). */
  prices: GetSwapQuoteDeps['prices']
  /** The account is a smart account (SPEC.md §3): its sends are user operations, followed to their receipt through the bundler. */
  smartAccount: boolean
  /** Records a sent transaction as a pending Activity row (a user operation's, once its receipt names it). */
  track(hash: string, tracks: Tracked): void
  /** A smart account's user operation was mined: the account is deployed from then on. */
  deployed(caipAddress: CaipAddress): Promise<void>
  sleep(ms: number): Promise<void>
  /** A name the account registered: the core knows it at once (identity, names) in every tab. */
  nameRegistered(caipAddress: CaipAddress, account: ProfileAccount): Promise<void>
  /** A verified sign-in: the core keeps the session (IndexedDB) and pushes it to every tab. */
  signedIn(session: SiwxSession): Promise<void>
  now(): number
  /** The flow runs for a review only (`validateWrite`): it stops at its first step, and adds what the step alone does not show (`FlowStep.preview`). */
  previewing?: boolean
}

/** personal_sign (EIP-191) of a text by `address`: the one signature request of every flow that signs a message. */
export function signMessageStep(address: string, message: string): FlowStep {
  return { label: 'sign', total: 1, request: { method: 'personal_sign', params: [stringToHex(message), address] }, expects: 'signature' }
}

/** The wallet's answer to a signature request, checked to be hex. */
function signatureOf(answer: unknown): string {
  if (typeof answer !== 'string' || !/^0x[0-9a-fA-F]+$/.test(answer)) throw new WriteFailure('SOMETHING_WENT_WRONG', { details: 'The wallet answered no signature' })
  return answer
}

/** The wallet's answer to `eth_sendTransaction`: a transaction hash, or the flow stops. */
function sentHash(answer: unknown): `0x${string}` {
  if (typeof answer !== 'string' || !isHash(answer)) throw new WriteFailure('SOMETHING_WENT_WRONG', { details: 'The wallet answered no transaction hash' })
  return answer
}

/**
 * What a Solana wallet answers `solana_signAndSendTransaction`: `{ signature }` (base58), the
 * transaction's id; anything else stops the flow.
 */
function sentSignature(answer: unknown): string {
  const signature = typeof answer === 'object' && answer !== null && 'signature' in answer ? answer.signature : undefined
  const parsed = solanaSignatureSchema.safeParse(signature)
  if (!parsed.success) throw new WriteFailure('SOMETHING_WENT_WRONG', { details: 'The wallet answered no transaction signature' })
  return parsed.data
}

/**
 * A SOL or SPL send: the core builds the unsigned transaction (its Solana code loaded only now), the
 * wallet signs and sends it, and the signature is followed until confirmed like an EVM hash.
 */
async function* solanaSend(flow: FlowContext, rpc: SolanaRpcClient, intent: Extract<WriteIntent, { kind: 'send' }>): WriteFlow {
  const { prepareSolanaSend } = await import('./solanaSend.ts')
  const prepared = await prepareSolanaSend(rpc, intent)
  const { caipNetworkId } = parseCaipAddress(intent.caipAddress)
  const request: WalletRequest = { method: 'solana_signAndSendTransaction', params: [{ transaction: prepared.transaction }] }
  // SPEC.md §8: a Solana send the wallet or the network did not take is 'Failed to send transaction. Please try again.' (a refusal stays one).
  const refine = async (error: WriteError): Promise<WriteError> => (error.code === 'USER_REJECTED' ? error : { code: 'SOLANA_SEND_FAILED', ...(error.details ? { details: error.details } : {}) })
  const signature = sentSignature(yield { label: 'send', total: 1, request, expects: 'hash', refine })
  flow.track(signature, { caipNetworkId, from: prepared.from, to: prepared.receiver, kind: 'send', amount: prepared.amount, symbol: prepared.symbol })
  return { hash: signature }
}

/** Each kind of write, as a flow of wallet requests. Swap, buy, sign-in and names add one line each. */
const FLOWS: { [K in WriteKind]: (flow: FlowContext, intent: Extract<WriteIntent, { kind: K }>) => WriteFlow } = {
  async *send(flow, intent) {
    if (flow.solana) return yield* solanaSend(flow, flow.solana, intent)
    if (!flow.client) throw new WriteFailure('UNSUPPORTED_NAMESPACE')
    const { reference } = parseCaipAddress(intent.caipAddress)
    const prepared = await prepareSend({ client: flow.client, api: flow.env.api, smartAccount: flow.smartAccount }, intent)
    const caipNetworkId = parseCaipAddress(intent.caipAddress).caipNetworkId
    const tracks: Tracked = { caipNetworkId, from: prepared.from, to: prepared.receiver, kind: 'send', amount: prepared.amount, symbol: prepared.symbol }
    if (!flow.smartAccount) {
      const hash = sentHash(yield { label: 'send', total: 1, request: sendTransactionRequest(prepared, Number(reference)), expects: 'hash', tracks })
      return { hash }
    }
    // A smart account answers the user operation's hash: followed to its receipt (the bundler call,
    // else the wallet), whose transaction is the Activity row.
    const userOpHash = sentHash(yield { label: 'send', total: 1, request: sendTransactionRequest(prepared, Number(reference)), expects: 'hash' })
    const { receipt, from } = yield* followUserOperation({ env: flow.env, caipNetworkId, now: flow.now, sleep: flow.sleep }, userOpHash)
    flow.track(receipt.receipt.transactionHash, tracks)
    await flow.deployed(intent.caipAddress)
    if (!receipt.success) throw new WriteFailure('EXECUTION_REVERTED', { details: `The user operation ${userOpHash} was mined but failed` })
    return { hash: receipt.receipt.transactionHash, result: { userOperationHash: userOpHash, receiptFrom: from } }
  },
  async *swap(flow, intent) {
    const client = flow.client
    if (!client) throw new WriteFailure('UNSUPPORTED_NAMESPACE')
    const { caipNetworkId, address } = parseCaipAddress(intent.caipAddress)
    const { amount, needsApproval } = await checkSwap({ env: flow.env, client, prices: flow.prices, smartAccount: flow.smartAccount }, intent)
    if (needsApproval && intent.atomic) {
      // One approval for both (EIP-5792): the wallet runs the approval and the swap in one atomic batch,
      // answered (by the page, once the batch ran) with the hash of the transaction that ran it.
      const [approval, swap] = await Promise.all([buildApprove(flow.env, intent, amount), buildSwap(flow.env, intent, amount, { afterApproval: true })])
      const tracks: Tracked = { caipNetworkId, from: address, to: parseCaipAddress(swap.to).address, kind: 'swap', amount: intent.amount, symbol: intent.from.symbol }
      const hash = sentHash(yield { label: 'swap', total: 1, request: atomicBatchRequest([approval, swap]), expects: 'hash', tracks })
      return { hash }
    }
    const total = needsApproval ? 2 : 1
    if (needsApproval) {
      // The token to pay lets the AMM take exactly the amount, mined before the swap is built.
      const approval = await buildApprove(flow.env, intent, amount)
      const tracks: Tracked = { caipNetworkId, from: address, to: parseCaipAddress(approval.to).address, kind: 'approve', symbol: intent.from.symbol }
      // A review shows what the approval and the swap do together: the swap as it will be built once the approval is mined.
      const preview = flow.previewing ? builtCalls([approval, await buildSwap(flow.env, intent, amount, { afterApproval: true })]) : undefined
      const hash = sentHash(yield { label: 'approve', total, request: builtTransactionRequest(approval), expects: 'hash', tracks, ...(preview ? { preview } : {}) })
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 500 })
      if (receipt.status !== 'success') throw new WriteFailure('EXECUTION_REVERTED', { details: 'The approval was mined but failed' })
    }
    const swap = await buildSwap(flow.env, intent, amount)
    const tracks: Tracked = { caipNetworkId, from: address, to: parseCaipAddress(swap.to).address, kind: 'swap', amount: intent.amount, symbol: intent.from.symbol }
    const hash = sentHash(yield { label: 'swap', total, request: builtTransactionRequest(swap), expects: 'hash', tracks })
    return { hash }
  },
  async *signMessage(_flow, intent) {
    const { address } = parseCaipAddress(intent.caipAddress)
    return { result: signatureOf(yield signMessageStep(address, intent.message)) }
  },
  /**
   * SPEC.md §4 SIWX: a CAIP-122 message with the verifier's nonce (EIP-4361 for eip155, Sign In With
   * Solana for solana), signed by the account, verified by the server, kept as a session.
   */
  async *siwx(flow, intent) {
    const { address, namespace } = parseCaipAddress(intent.caipAddress)
    // A Solana sign-in's code (its wallet request and the checks of what the wallet signed) loads only now.
    const solana = namespace === 'solana' ? await import('./solanaSiwx.ts') : null
    const sign = async function* (prepared: PreparedSignIn, exact: boolean): AsyncGenerator<FlowStep, { prepared: PreparedSignIn; signature: string }, unknown> {
      if (solana) return solana.solanaSignedSignIn(address, prepared, yield solana.solanaSignInStep(address, prepared, exact), exact)
      return { prepared, signature: signatureOf(yield signMessageStep(address, prepared.message)) }
    }
    if (intent.via === 'dapp') {
      // The dapp's own configuration, in the page: it makes the message, then checks and keeps the session.
      const created = yield {
        label: 'createMessage',
        total: 1,
        target: 'dapp',
        expects: 'dapp',
        failure: 'SIWX_INIT_FAILED',
        request: { method: 'siwx_createMessage', params: [messageInput(intent)] },
      }
      const signed = yield* sign(await preparedFromDapp(intent, created), true)
      const session = signedSession(signed.prepared, signed.signature)
      // A dapp verifier that refuses a smart account's signature: said as such (SPEC.md §8 'This application might not support Smart Accounts').
      const refine = (error: WriteError) => markSmartAccountRefusal(flow.client, signed.prepared, session.signature, error)
      yield { label: 'addSession', total: 1, target: 'dapp', expects: 'dapp', failure: 'SIWX_VERIFY_FAILED', refine, request: { method: 'siwx_addSession', params: [session] } }
      await flow.signedIn(session)
      return { result: session }
    }
    const signed = yield* sign(await prepareSignIn(flow.env.api, intent, flow.now()), false)
    const session = await verifySignIn(flow.env.api, signed.prepared, signed.signature, flow.client)
    await flow.signedIn(session)
    return { result: session }
  },
  /** SPEC.md §5 names: checked and found free, signed by the account, verified and stored by the names API. */
  async *registerName(flow, intent) {
    const prepared = await prepareRegistration(flow.env.api, intent, flow.now())
    const signature = signatureOf(yield signMessageStep(prepared.address, prepared.message))
    const account = await submitRegistration(flow.env.api, prepared, signature)
    await flow.nameRegistered(intent.caipAddress, account)
    return { result: account.name }
  },
}

/** Transactions the convert API built, as the calls a simulation runs. */
function builtCalls(txs: readonly { to: string; data: string; value: string }[]): SimulatedCall[] {
  return txs.map((tx) => ({ to: parseCaipAddress(tx.to as CaipAddress).address as `0x${string}`, data: tx.data as `0x${string}`, value: BigInt(tx.value) }))
}

const hexQuantity = (value: unknown): bigint | undefined => (isHex(value) && value !== '0x' ? hexToBigInt(value) : undefined)
const hexData = (value: unknown): `0x${string}` | undefined => (isHex(value) && value.length % 2 === 0 ? value : undefined)
const address = (value: unknown): `0x${string}` | undefined => (typeof value === 'string' && isAddress(value, { strict: false }) ? value : undefined)

/** A Solana step's transaction (unsigned, base64), or undefined. */
function solanaTransactionOf(step: FlowStep): string | undefined {
  if (step.request.method !== 'solana_signAndSendTransaction') return undefined
  const [first] = step.request.params as [{ transaction?: unknown } | undefined]
  return typeof first?.transaction === 'string' ? first.transaction : undefined
}

/** The calls a flow's first step makes: an `eth_sendTransaction`'s one, a `wallet_sendCalls` batch's, or what the flow says it all makes; none for a signature. */
export function callsOfStep(step: FlowStep): SimulatedCall[] {
  if (step.preview) return step.preview
  const [first] = step.request.params as [Record<string, unknown> | undefined]
  const call = (c: Record<string, unknown>): SimulatedCall => ({ to: address(c.to), value: hexQuantity(c.value), data: hexData(c.data) })
  if (step.request.method === 'eth_sendTransaction' && first) return [call(first)]
  if (step.request.method === 'wallet_sendCalls' && first && Array.isArray(first.calls)) return (first.calls as Record<string, unknown>[]).map(call)
  return []
}

export type WritesFeature = {
  prepare(intent: unknown): Promise<WriteResult>
  /** Validates a write and builds the calls it would make, for its review: its flow runs to its first step and stops there (nothing recorded, nothing asked). */
  validate(intent: unknown): Promise<WriteCheck>
  /** What calls would do to the connected account (`@portico/simulation` on the network's node), with USD values where prices are known. */
  simulate(params: SimulateCallsParameters): Promise<Simulation>
  /** Records the write's current step as asked, before the page hands it to the wallet; false for a write this core does not know. */
  markAsked(writeId: string): Promise<boolean>
  submit(writeId: string, answer: unknown): Promise<WriteResult>
  /**
   * After a reload or a restart: follows the restored pending transactions again, and looks on chain
   * for the transaction of each write whose wallet request was out when the last core stopped.
   */
  resume(): Promise<void>
  /** Stops following and looking for transactions (the core is going away; a new one takes over from IndexedDB). */
  dispose(): void
}

export type CreateWritesParameters = {
  /** Refreshes what a mined transaction changed (balances, Activity) for every tab. */
  onMined(pending: PendingTransaction): Promise<void>
  /** Whether the connected account of a namespace is a smart account. */
  isSmartAccount(intent: WriteIntent): boolean
  /** USD prices of CAIP-10 token addresses, for swap quotes. */
  prices: GetSwapQuoteDeps['prices']
  /** Takes a name the account just registered into the identity and name caches, pushed to every tab. */
  onNameRegistered?(caipAddress: CaipAddress, account: ProfileAccount): Promise<void>
  /** Keeps a verified SIWX session (persisted, pushed to every tab). */
  onSignedIn?(session: SiwxSession): Promise<void>
  /** A smart account's first mined user operation deployed it (SPEC.md §3 `smartAccountDeployed`, pushed to every tab). */
  onSmartAccountDeployed?(caipAddress: CaipAddress): Promise<void>
  /** How often a restarted core looks at new blocks for a write's transaction. */
  reconcilePollMs?: number
}

type OpenWrite = {
  flow: WriteFlow
  kind: WriteKind
  caipAddress: WriteIntent['caipAddress']
  index: number
  step?: FlowStep | undefined
  failure?: WriteErrorCode | undefined
  /** The last answer taken and what it led to: the same answer again (a call sent twice) gets the same outcome. */
  last?: { answer: string; outcome: WriteResult } | undefined
}

type Settle = (writeId: string, outcome: WriteResult) => Promise<WriteResult>

/** Runs a write's flow one step on with `input` (the wallet's answer): its next wallet request, or its outcome (then it is no longer open). */
async function advance(open: Map<string, OpenWrite>, writeId: string, input: unknown, settle: Settle): Promise<WriteResult> {
  const entry = open.get(writeId)
  if (!entry) return { status: 'error', writeId, error: { code: 'WRITE_NOT_FOUND' } }
  try {
    const next = await entry.flow.next(input)
    if (next.done) {
      open.delete(writeId)
      return settle(writeId, { status: 'done', writeId, ...next.value })
    }
    entry.index += 1
    entry.failure = next.value.failure
    entry.step = next.value
    const { namespace, caipNetworkId } = parseCaipAddress(entry.caipAddress)
    return {
      status: 'step',
      writeId,
      kind: entry.kind,
      index: entry.index,
      total: next.value.total,
      label: next.value.label,
      namespace,
      caipNetworkId,
      target: next.value.target ?? 'wallet',
      request: next.value.request,
    }
  } catch (error) {
    open.delete(writeId)
    return settle(writeId, { status: 'error', writeId, error: classifyError(error) })
  }
}
/**
 * An answer for a write this core did not start (the core that asked has stopped): recorded against
 * the stored write. A sent transaction is tracked; a flow's further steps cannot go on.
 */
async function submitStored(write: InFlightWrite, input: unknown, { pending, settle }: { pending: PendingTransactions; settle: Settle }): Promise<WriteResult> {
  if (write.outcome) return write.outcome
  const writeId = write.id
  const answer = walletAnswerSchema.safeParse(input)
  if (!answer.success || !answer.data.ok) {
    const error = answer.success && !answer.data.ok ? answer.data.error : { message: 'The wallet answered nothing readable' }
    if (error.code === WRITE_OUTCOME_UNKNOWN_CODE) return { status: 'error', writeId, error: { code: 'WRITE_OUTCOME_UNKNOWN', details: error.message } }
    pending.set((all) => all.filter((p) => p.writeId !== writeId))
    return settle(writeId, { status: 'error', writeId, error: classifyWalletError(error) })
  }
  const { result } = answer.data
  const last = write.step.index === write.step.total
  if (SENDING_METHODS.includes(write.step.method)) {
    if (typeof result !== 'string' || !isHash(result)) return settle(writeId, { status: 'error', writeId, error: { code: 'SOMETHING_WENT_WRONG', details: 'The wallet answered no transaction hash' } })
    if (write.step.tracks) pending.track(result, write.step.tracks, writeId)
    if (last) return settle(writeId, { status: 'done', writeId, hash: result })
    return settle(writeId, {
      status: 'error',
      writeId,
      error: { code: 'SOMETHING_WENT_WRONG', details: `Step ${write.step.index} of ${write.step.total} was sent (${result}); the core restarted before the next` },
    })
  }
  if (write.kind === 'signMessage') return settle(writeId, { status: 'done', writeId, result })
  return settle(writeId, { status: 'error', writeId, error: { code: 'SOMETHING_WENT_WRONG', details: 'The core restarted during the write: start it again' } })
}

/**
 * The one write path's core side: `prepare` validates and builds the first wallet request of a flow,
 * `submit` takes the wallet's answer and gives the next request or the outcome. Sent transactions
 * are kept in `state.pendingTransactions` (99 at most, persisted) and followed until mined.
 *
 * Writes survive the core: each gets a unique id (`crypto.randomUUID`), and before a wallet request
 * is handed out the write is recorded in IndexedDB as asked (with what it sends). A restarted core (a
 * reload, a new worker, another leading tab) never asks the wallet again: an answer that reaches it
 * is recorded against the stored write (its hash tracked); a write whose answer never comes is looked
 * for on chain by what it sends, shown pending meanwhile, and reported as of unknown outcome when it
 * is not found within `WRITE_RECONCILE_MS`.
 */
export function createWrites(ctx: CoreContext, params: CreateWritesParameters): WritesFeature {
  const {
    onMined,
    isSmartAccount,
    prices,
    onNameRegistered = async () => undefined,
    onSignedIn = async () => undefined,
    onSmartAccountDeployed = async () => undefined,
    reconcilePollMs = 1000,
  } = params
  const open = new Map<string, OpenWrite>()
  const warnOf = (what: string, error: unknown) => ctx.warn(`Portico: ${what}: ${error instanceof Error ? error.message : String(error)}`)
  const inFlight = createInFlightWrites(ctx, warnOf)
  const pending = createPendingTransactions(ctx, { onMined, warn: warnOf })
  const settle = (writeId: string, outcome: WriteResult) => (reconciler.forget(writeId), inFlight.settle(writeId, outcome))
  const reconciler = createReconciler(ctx, { pending, settle, pollMs: reconcilePollMs, warn: warnOf })

  /** Records a step as asked, before the page hands it to the wallet: from here the wallet may have sent it. */
  async function recordAsked(writeId: string, entry: OpenWrite, step: FlowStep) {
    if (step.target === 'dapp') return
    const transaction = sentTransaction(step.request)
    await inFlight.asked({
      id: writeId,
      kind: entry.kind,
      caipAddress: entry.caipAddress,
      askedAt: ctx.now(),
      step: { index: entry.index, total: step.total, method: step.request.method, ...(transaction ? { transaction } : {}), ...(step.tracks ? { tracks: step.tracks } : {}) },
    })
  }

  /** Each change's USD value, signed like it, where the price API knows the asset (none when it does not answer). */
  async function valued(caipNetworkId: CaipNetworkId, changes: AssetChange[]): Promise<AssetChange[]> {
    const assetOf = (c: AssetChange): CaipAddress => `${caipNetworkId}:${c.kind === 'native' ? EIP155_NATIVE_TOKEN_ADDRESS : c.token}`
    const fungible = changes.filter((c) => c.kind === 'native' || (c.kind === 'erc20' && c.token && c.decimals !== undefined))
    if (fungible.length === 0) return changes
    const known = await prices(fungible.map(assetOf)).catch(() => [])
    return changes.map((c) => {
      const price = fungible.includes(c) ? known.find((p) => p.address?.toLowerCase() === assetOf(c).toLowerCase())?.price : undefined
      return typeof price === 'number' && c.decimals !== undefined ? { ...c, usd: Number(formatUnits(c.diff, c.decimals)) * price } : c
    })
  }

  /** A Solana transaction's changes (`@portico/simulation/solana` on the network's RPC), SPL tokens named and valued from the account's balances. */
  async function simulateSolana(env: CoreEnv, caipNetworkId: CaipNetworkId, address: string, transaction: string, rpc: SolanaRpcClient): Promise<Simulation> {
    const { simulateSolanaTransaction } = await import('@portico/simulation/solana')
    const network = env.config.networks.find((n) => n.caipNetworkId === caipNetworkId)
    const rows = (ctx.store.get().balances.data ?? []).filter((b) => b.chainId === caipNetworkId)
    const mintOf = (row: (typeof rows)[number]) => (row.address ? parseCaipAddress(row.address as CaipAddress).address : null)
    const tokens = Object.fromEntries(rows.flatMap((row) => (mintOf(row) ? [[mintOf(row)!, row.symbol]] : [])))
    const node = {
      name: network?.name ?? caipNetworkId,
      call: (method: string, params: unknown[], signal: AbortSignal) =>
        Promise.race([rpc.request(method, params), new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }))]),
    }
    const simulated = await simulateSolanaTransaction({ node, account: address, transaction, tokens })
    if (simulated.status !== 'simulated') return simulated.status === 'reverts' ? { status: 'reverts', call: 0, reason: simulated.reason } : simulated
    const priceOf = (mint: string | undefined) => rows.find((row) => (mint ? mintOf(row) === mint : !row.address))?.price
    const changes: AssetChange[] = simulated.changes.map((c) => {
      const price = priceOf(c.mint)
      const change: AssetChange =
        c.kind === 'sol'
          ? { kind: 'native', symbol: 'SOL', decimals: 9, diff: c.diff }
          : { kind: 'spl', token: c.mint, diff: c.diff, ...(c.symbol ? { symbol: c.symbol } : {}), ...(c.decimals !== undefined ? { decimals: c.decimals } : {}) }
      return typeof price === 'number' && change.decimals !== undefined ? { ...change, usd: Number(formatUnits(c.diff, change.decimals)) * price } : change
    })
    return { status: 'simulated', changes, approvals: [] }
  }

  /** A write's flow, checked and started (not yet run): the intent's schema, the connection, the network, the limits. */
  async function start(input: unknown, previewing: boolean): Promise<{ ok: true; writeId: string; intent: WriteIntent; flow: WriteFlow } | { ok: false; error: WriteError }> {
    await ctx.ready
    const parsed = writeIntentSchema.safeParse(input)
    if (!parsed.success) return { ok: false, error: { code: 'SOMETHING_WENT_WRONG', details: parsed.error.issues[0]?.message } }
    const intent = parsed.data
    const env = ctx.env()
    if (!env || ctx.activeAccount() !== intent.caipAddress) return { ok: false, error: { code: 'NOT_CONNECTED' } }
    if (!ctx.online.isOnline()) return { ok: false, error: { code: 'OFFLINE' } }
    if (intent.kind !== 'signMessage' && ctx.store.get().pendingTransactions.filter((p) => p.status === 'pending').length >= PENDING_TRANSACTIONS_LIMIT) {
      return { ok: false, error: { code: 'PENDING_LIMIT' } }
    }
    const { namespace, caipNetworkId } = parseCaipAddress(intent.caipAddress)
    // Solana sends its SOL and SPL tokens and signs in (Sign In With Solana); the other flows are eip155's (SPEC.md §9).
    const supported = namespace === 'eip155' || (namespace === 'solana' && (intent.kind === 'send' || intent.kind === 'siwx'))
    if (!supported) return { ok: false, error: { code: 'UNSUPPORTED_NAMESPACE' } }
    // Unique across restarts and tabs: a stored write is never mistaken for another.
    const writeId = crypto.randomUUID()
    const flowContext: FlowContext = {
      env,
      client: env.rpc.client(caipNetworkId),
      solana: namespace === 'solana' ? env.rpc.solana(caipNetworkId) : null,
      smartAccount: isSmartAccount(intent),
      track: (hash, tracks) => pending.track(hash, tracks, writeId),
      deployed: onSmartAccountDeployed,
      sleep: ctx.sleep,
      prices,
      nameRegistered: onNameRegistered,
      signedIn: onSignedIn,
      now: ctx.now,
      previewing,
    }
    const flow = (FLOWS[intent.kind] as (f: FlowContext, i: WriteIntent) => WriteFlow)(flowContext, intent)
    return { ok: true, writeId, intent, flow }
  }

  return {
    async prepare(input) {
      const started = await start(input, false)
      if (!started.ok) return { status: 'error', writeId: null, error: started.error }
      const { writeId, intent, flow } = started
      open.set(writeId, { flow, kind: intent.kind, caipAddress: intent.caipAddress, index: 0 })
      return advance(open, writeId, undefined, settle)
    },
    async simulate({ caipAddress, calls, transaction }) {
      await ctx.ready
      const env = ctx.env()
      const { namespace, caipNetworkId, address } = parseCaipAddress(caipAddress)
      if (namespace === 'solana' && transaction !== undefined) {
        const rpc = env && ctx.activeAccount() === caipAddress ? env.rpc.solana(caipNetworkId) : null
        if (!env || !rpc) return { status: 'unavailable', reason: 'Not connected to this account' }
        return simulateSolana(env, caipNetworkId, address, transaction, rpc)
      }
      const client = env && namespace === 'eip155' && ctx.activeAccount() === caipAddress ? env.rpc.client(caipNetworkId) : null
      if (!client) return { status: 'unavailable', reason: 'Not connected to this account' }
      const { simulateCalls } = await import('@portico/simulation')
      const simulation = await simulateCalls({ client, account: address as `0x${string}`, calls })
      return simulation.status === 'simulated' ? { ...simulation, changes: await valued(caipNetworkId, simulation.changes) } : simulation
    },
    async validate(input) {
      const started = await start(input, true)
      if (!started.ok) return { status: 'error', error: started.error }
      const { flow } = started
      try {
        const first = await flow.next()
        if (first.done) return { status: 'valid', calls: [] }
        // A Solana send's transaction, built by the core, is simulated as it is.
        const transaction = solanaTransactionOf(first.value)
        return { status: 'valid', calls: callsOfStep(first.value), ...(transaction ? { transaction } : {}) }
      } catch (error) {
        return { status: 'error', error: classifyError(error) }
      } finally {
        // The review ends here: the flow is closed without an answer (no wallet was asked).
        await flow.return({}).catch(() => undefined)
      }
    },
    async markAsked(writeId) {
      const entry = open.get(writeId)
      if (entry?.step) {
        await recordAsked(writeId, entry, entry.step)
        return true
      }
      // Asked of a core that has only the stored write (the one that recorded it stopped): the page has
      // not asked the wallet yet, so it may; its answer is recorded against the stored write.
      await inFlight.loaded
      return inFlight.list().some((w) => w.id === writeId && !w.outcome)
    },
    async submit(writeId, input) {
      const entry = open.get(writeId)
      if (!entry) {
        await inFlight.loaded
        const write = inFlight.find(writeId)
        return write ? submitStored(write, input, { pending, settle }) : { status: 'error', writeId, error: { code: 'WRITE_NOT_FOUND' } }
      }
      const key = JSON.stringify(input)
      if (entry.last?.answer === key) return entry.last.outcome
      const answer = parseWith(walletAnswerSchema, input, 'wallet answer')
      if (!answer.ok) {
        open.delete(writeId)
        await entry.flow.return({}).catch(() => undefined)
        if (answer.error.code === WRITE_OUTCOME_UNKNOWN_CODE) {
          // The wallet's request was cut off (the core it went through stopped): it may have been sent. Looked for on chain.
          const write = inFlight.find(writeId)
          if (write) void reconciler.reconcile(write)
          return { status: 'error', writeId, error: { code: 'WRITE_OUTCOME_UNKNOWN', details: answer.error.message } }
        }
        const failed: WriteError = entry.failure ? { code: entry.failure, details: answer.error.message } : classifyWalletError(answer.error)
        return settle(writeId, { status: 'error', writeId, error: entry.step?.refine ? await entry.step.refine(failed).catch(() => failed) : failed })
      }
      const step = entry.step
      if (step?.tracks && typeof answer.result === 'string' && isHash(answer.result)) pending.track(answer.result, step.tracks, writeId)
      const outcome = await advance(open, writeId, answer.result, settle)
      if (open.has(writeId)) entry.last = { answer: key, outcome }
      return outcome
    },
    dispose() {
      inFlight.dispose()
      pending.dispose()
      reconciler.dispose()
    },
    async resume() {
      await ctx.ready
      await inFlight.loaded
      const stored = inFlight.list()
      // A placeholder whose write is no longer looked for (its record pruned) has nothing to wait for.
      const lookedFor = new Set(stored.filter((w) => !w.outcome && w.step.transaction).map((w) => w.id))
      if (ctx.store.get().pendingTransactions.some((p) => p.writeId && !lookedFor.has(p.writeId))) pending.set((all) => all.filter((p) => !p.writeId || lookedFor.has(p.writeId)))
      for (const entry of ctx.store.get().pendingTransactions) if (!entry.writeId) pending.follow(entry)
      for (const write of stored) if (!write.outcome && write.step.transaction) void reconciler.reconcile(write)
    },
  }
}
