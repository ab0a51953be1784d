import { isHash, stringToHex } from 'viem'
import type { RpcClient } from '../rpc.ts'
import { PENDING_TRANSACTIONS_LIMIT } from '@portico/shared-types/constants'
import { parseCaipAddress, parseWith, type CaipAddress, type ProfileAccount, type SiwxSession } from '@portico/shared-types'
import {
  walletAnswerSchema,
  writeIntentSchema,
  type PendingTransaction,
  type WalletRequest,
  type WriteIntent,
  type WriteKind,
  type WriteErrorCode,
  type WriteResult,
  type WriteStep,
} from '@portico/shared-types/write'
import type { CoreContext, CoreEnv } from '../context.ts'
import { classifyError, classifyWalletError, WriteFailure } from './classifyError.ts'
import { prepareRegistration, submitRegistration } from './registerName.ts'
import type { GetSwapQuoteDeps } from '../actions/getSwapQuote.ts'
import { prepareSend, sendTransactionRequest } from './send.ts'
import { messageInput, preparedFromDapp, prepareSignIn, signedSession, verifySignIn } from './siwx.ts'
import { buildApprove, buildSwap, builtTransactionRequest, checkSwap } from './swap.ts'

/** A request a flow hands the wallet; the flow gets the wallet's answer back from `yield`. */
export type FlowStep = Pick<WriteStep, 'label' | 'total'> & {
  request: WalletRequest
  expects: 'hash' | 'signature' | 'dapp'
  target?: WriteStep['target']
  /** The write's error when the step is answered with a failure (a dapp step's own meaning); else the wallet's error, classified. */
  failure?: WriteErrorCode
}
/** What a flow ends with. */
export type FlowDone = { hash?: string; result?: unknown }
export type WriteFlow = AsyncGenerator<FlowStep, FlowDone, unknown>

export type FlowContext = {
  env: CoreEnv
  client: RpcClient | null
  /** USD prices of CAIP-10 token addresses (the core's price read). */
  prices: GetSwapQuoteDeps['prices']
  /** Records a sent transaction: shown at once, followed until mined, then balances and Activity refresh. */
  track(pending: Omit<PendingTransaction, 'status' | 'submittedAt'>): void
  smartAccount: boolean
  /** A name the account registered: the core knows it at once (identity, names) in every tab. */
  nameRegistered(caipAddress: CaipAddress, account: ProfileAccount): Promise<void>
  /** A verified sign-in: the core keeps the session (IndexedDB) and pushes it to every tab. */
  signedIn(session: SiwxSession): Promise<void>
  now(): number
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

/** Each kind of write, as a flow of wallet requests. Swap, buy, sign-in and names add one line each. */
const FLOWS: { [K in WriteKind]: (flow: FlowContext, intent: Extract<WriteIntent, { kind: K }>) => WriteFlow } = {
  async *send(flow, intent) {
    if (!flow.client) throw new WriteFailure('UNSUPPORTED_NAMESPACE')
    const { reference } = parseCaipAddress(intent.caipAddress)
    const prepared = await prepareSend({ client: flow.client, api: flow.env.api, smartAccount: flow.smartAccount }, intent)
    const hash = sentHash(yield { label: 'send', total: 1, request: sendTransactionRequest(prepared, Number(reference)), expects: 'hash' })
    flow.track({ hash, caipNetworkId: parseCaipAddress(intent.caipAddress).caipNetworkId, from: prepared.from, to: prepared.receiver, kind: 'send', amount: prepared.amount, symbol: prepared.symbol })
    return { hash }
  },
  async *swap(flow, intent) {
    const client = flow.client
    if (!client) throw new WriteFailure('UNSUPPORTED_NAMESPACE')
    const { caipNetworkId, address } = parseCaipAddress(intent.caipAddress)
    const { amount, needsApproval } = await checkSwap({ env: flow.env, client, prices: flow.prices }, intent)
    const total = needsApproval ? 2 : 1
    if (needsApproval) {
      // The token to pay lets the AMM take exactly the amount, mined before the swap is built.
      const approval = await buildApprove(flow.env, intent, amount)
      const hash = sentHash(yield { label: 'approve', total, request: builtTransactionRequest(approval), expects: 'hash' })
      flow.track({ hash, caipNetworkId, from: address, to: parseCaipAddress(approval.to).address, kind: 'approve', symbol: intent.from.symbol })
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 500 })
      if (receipt.status !== 'success') throw new WriteFailure('EXECUTION_REVERTED', { details: 'The approval was mined but failed' })
    }
    const swap = await buildSwap(flow.env, intent, amount)
    const hash = sentHash(yield { label: 'swap', total, request: builtTransactionRequest(swap), expects: 'hash' })
    flow.track({ hash, caipNetworkId, from: address, to: parseCaipAddress(swap.to).address, kind: 'swap', amount: intent.amount, symbol: intent.from.symbol })
    return { hash }
  },
  async *signMessage(_flow, intent) {
    const { address } = parseCaipAddress(intent.caipAddress)
    return { result: signatureOf(yield signMessageStep(address, intent.message)) }
  },
  /** SPEC.md §4 SIWX: an EIP-4361 message with the verifier's nonce, signed by the account, verified by the server, kept as a session. */
  async *siwx(flow, intent) {
    const { address } = parseCaipAddress(intent.caipAddress)
    if (intent.via === 'dapp') {
      // The dapp's own configuration, in the page: it makes the message, then checks and keeps the session.
      const created = yield { label: 'createMessage', total: 1, target: 'dapp', expects: 'dapp', failure: 'SIWX_INIT_FAILED', request: { method: 'siwx_createMessage', params: [messageInput(intent)] } }
      const prepared = preparedFromDapp(intent, created)
      const session = signedSession(prepared, signatureOf(yield signMessageStep(address, prepared.message)))
      yield { label: 'addSession', total: 1, target: 'dapp', expects: 'dapp', failure: 'SIWX_VERIFY_FAILED', request: { method: 'siwx_addSession', params: [session] } }
      await flow.signedIn(session)
      return { result: session }
    }
    const prepared = await prepareSignIn(flow.env.api, intent, flow.now())
    const session = await verifySignIn(flow.env.api, prepared, signatureOf(yield signMessageStep(address, prepared.message)))
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

export type WritesFeature = {
  prepare(intent: unknown): Promise<WriteResult>
  submit(writeId: string, answer: unknown): Promise<WriteResult>
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
}

/**
 * The one write path's core side: `prepare` validates and builds the first wallet request of a flow,
 * `submit` takes the wallet's answer and gives the next request or the outcome. Sent transactions
 * are kept in `state.pendingTransactions` (99 at most) and followed until mined.
 */
export function createWrites(ctx: CoreContext, { onMined, isSmartAccount, prices, onNameRegistered = async () => undefined, onSignedIn = async () => undefined }: CreateWritesParameters): WritesFeature {
  const open = new Map<string, { flow: WriteFlow; kind: WriteKind; caipAddress: WriteIntent['caipAddress']; index: number; failure?: WriteErrorCode | undefined }>()
  let nextId = 1

  function track(pending: Omit<PendingTransaction, 'status' | 'submittedAt'>) {
    const entry: PendingTransaction = { ...pending, status: 'pending', submittedAt: ctx.now() }
    ctx.store.set((s) => ({ pendingTransactions: [entry, ...s.pendingTransactions.filter((p) => p.hash !== entry.hash)].slice(0, PENDING_TRANSACTIONS_LIMIT) }))
    const client = ctx.env()?.rpc.client(pending.caipNetworkId)
    if (!client) return
    void client
      .waitForTransactionReceipt({ hash: pending.hash as `0x${string}`, pollingInterval: 500 })
      .then((receipt) => (receipt.status === 'success' ? 'confirmed' : 'failed'))
      .catch(() => 'failed' as const)
      .then(async (status) => {
        const done: PendingTransaction = { ...entry, status }
        ctx.store.set((s) => ({ pendingTransactions: s.pendingTransactions.map((p) => (p.hash === entry.hash ? done : p)) }))
        await onMined(done)
        // Activity now lists it (the data API indexed the block); the pending row has served its purpose.
        ctx.store.set((s) => ({ pendingTransactions: s.pendingTransactions.filter((p) => p.hash !== entry.hash) }))
      })
  }

  async function advance(writeId: string, input: unknown): Promise<WriteResult> {
    const entry = open.get(writeId)
    if (!entry) return { status: 'error', writeId, error: { code: 'WRITE_NOT_FOUND' } }
    try {
      const next = await entry.flow.next(input)
      if (next.done) {
        open.delete(writeId)
        return { status: 'done', writeId, ...next.value }
      }
      entry.index += 1
      entry.failure = next.value.failure
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
      return { status: 'error', writeId, error: classifyError(error) }
    }
  }

  return {
    async prepare(input) {
      await ctx.ready
      const parsed = writeIntentSchema.safeParse(input)
      if (!parsed.success) return { status: 'error', writeId: null, error: { code: 'SOMETHING_WENT_WRONG', details: parsed.error.issues[0]?.message } }
      const intent = parsed.data
      const env = ctx.env()
      if (!env || ctx.activeAccount() !== intent.caipAddress) return { status: 'error', writeId: null, error: { code: 'NOT_CONNECTED' } }
      if (!ctx.online.isOnline()) return { status: 'error', writeId: null, error: { code: 'OFFLINE' } }
      if (intent.kind !== 'signMessage' && ctx.store.get().pendingTransactions.filter((p) => p.status === 'pending').length >= PENDING_TRANSACTIONS_LIMIT) {
        return { status: 'error', writeId: null, error: { code: 'PENDING_LIMIT' } }
      }
      const { namespace, caipNetworkId } = parseCaipAddress(intent.caipAddress)
      if (namespace !== 'eip155') return { status: 'error', writeId: null, error: { code: 'UNSUPPORTED_NAMESPACE' } }
      const flowContext: FlowContext = { env, client: env.rpc.client(caipNetworkId), track, smartAccount: isSmartAccount(intent), prices, nameRegistered: onNameRegistered, signedIn: onSignedIn, now: ctx.now }
      const flow = (FLOWS[intent.kind] as (f: FlowContext, i: WriteIntent) => WriteFlow)(flowContext, intent)
      const writeId = `w${nextId++}`
      open.set(writeId, { flow, kind: intent.kind, caipAddress: intent.caipAddress, index: 0 })
      return advance(writeId, undefined)
    },
    async submit(writeId, input) {
      const entry = open.get(writeId)
      if (!entry) return { status: 'error', writeId, error: { code: 'WRITE_NOT_FOUND' } }
      const answer = parseWith(walletAnswerSchema, input, 'wallet answer')
      if (!answer.ok) {
        open.delete(writeId)
        await entry.flow.return({}).catch(() => undefined)
        return { status: 'error', writeId, error: entry.failure ? { code: entry.failure, details: answer.error.message } : classifyWalletError(answer.error) }
      }
      return advance(writeId, answer.result)
    },
  }
}
