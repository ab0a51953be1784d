import { UnansweredRequestError, WalletError, WalletUnavailableError } from '@portico/shared-types/errors'
import { WRITE_OUTCOME_UNKNOWN_CODE, type WalletAnswer, type WalletRequest, type WriteIntent, type WriteResult, type WriteStep } from '@portico/shared-types/write'
import type { Eip1193Provider } from '@portico/shared-types/eip1193'
import { parseWith } from '@portico/shared-types/parse'
import type { PorticoClient } from './createClient.ts'
import type { Connector } from '../connectors/types.ts'

/** Answers a step addressed to the dapp's own code in the page (a SIWX configuration's functions). */
export type DappAnswerer = (request: WalletRequest) => Promise<unknown>

export type WriteParameters = {
  intent: WriteIntent
  /** The connector that holds the account of `intent` (the page's look-up by connector id), or a look-up made when the wallet is first asked. */
  connector: Connector | (() => Connector | undefined)
  /** Called before each wallet request, for progress ("step 1 of 2: approve"). */
  onStep?: ((step: WriteStep) => void) | undefined
  /** Answers the steps the core addresses to the dapp (`target: 'dapp'`); without it such a step fails. */
  dapp?: DappAnswerer | undefined
}
export type WriteReturnType = Exclude<WriteResult, { status: 'step' }>

/** A write prepared up to its first wallet request: `resume` asks the wallet, `cancel` ends it unsent. */
export type StartedWrite = {
  status: 'ready'
  step: WriteStep
  resume(): Promise<WriteReturnType>
  cancel(): Promise<void>
}

/** Whatever a wallet threw, as the plain EIP-1193 error the core classifies. */
function walletError(error: unknown): Extract<WalletAnswer, { ok: false }>['error'] {
  const e = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; message?: unknown; data?: unknown; shortMessage?: unknown; details?: unknown }
  const message = typeof e.details === 'string' && e.details ? e.details : typeof e.message === 'string' ? e.message : String(error)
  return { ...(typeof e.code === 'number' ? { code: e.code } : {}), message, ...(e.data !== undefined ? { data: e.data } : {}) }
}

/** How often a batch's status is asked while it runs, and for how long at most. */
export const CALLS_STATUS_POLL_MS = 500
export const CALLS_STATUS_TIMEOUT_MS = 120_000

/**
 * An EIP-5792 batch step through the connector's seam (`callsOf`): sent, then followed with
 * `wallet_getCallsStatus` until it settles. Answers the hash of the transaction that ran it (the last
 * receipt's), which the core tracks like any sent transaction; a batch that failed before any
 * transaction (status 400) is the wallet's error.
 */
async function sendBatch(connector: Connector, request: unknown): Promise<string> {
  const { callsOf } = await import('../connectors/calls.ts')
  const { callsSettled } = await import('@portico/shared-types/eip5792')
  const calls = await callsOf(connector)
  const { id } = await calls.sendCalls(request)
  // From here the wallet has the batch: a status it cannot give is an unknown outcome, never a failure to retry.
  const unknown = (why: string) => new WalletError(`The wallet took the batch ${id}, but ${why}`, { code: WRITE_OUTCOME_UNKNOWN_CODE })
  const deadline = Date.now() + CALLS_STATUS_TIMEOUT_MS
  while (Date.now() < deadline) {
    const status = await calls.getCallsStatus(id).catch((error: unknown) => {
      throw unknown(`its status could not be read: ${error instanceof Error ? error.message : String(error)}`)
    })
    if (callsSettled(status)) {
      const hash = status.receipts?.at(-1)?.transactionHash
      if (!hash) throw new WalletError(`The batch ${id} failed before it was sent (status ${status.status})`, { code: -32603 })
      return hash
    }
    await new Promise((resolve) => setTimeout(resolve, CALLS_STATUS_POLL_MS))
  }
  throw unknown('it was not confirmed in time')
}

/** Whether a wallet refused a request for not knowing its method (EIP-1193 4200, JSON-RPC -32601, or says so). */
function unsupportedMethod(error: unknown): boolean {
  const { code, message } = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; message?: unknown }
  return code === 4200 || code === -32601 || (typeof message === 'string' && /not supported|unsupported|not found|missing or invalid/i.test(message))
}

/**
 * Sign In With Solana through a wallet that has no `solana_signIn` (WalletConnect, an embedded
 * wallet): `solana_signMessage` of the same text (as base58, WalletConnect's shape), answered
 * `{ signature }`. A refusal or any other failure is the wallet's answer as it is.
 */
async function solanaSignIn(provider: Eip1193Provider, params: unknown[]): Promise<unknown> {
  try {
    return await provider.request({ method: 'solana_signIn', params })
  } catch (error) {
    if (!unsupportedMethod(error)) throw error
    const [{ solanaSignInParamsSchema }, { getBase58Decoder }] = await Promise.all([import('@portico/shared-types/solana'), import('@solana/codecs-strings')])
    const [{ input, message }] = parseWith(solanaSignInParamsSchema, params, 'solana_signIn')
    return provider.request({ method: 'solana_signMessage', params: [{ message: getBase58Decoder().decode(new TextEncoder().encode(message)), pubkey: input.address }] })
  }
}

const settle = (run: () => Promise<unknown>): Promise<WalletAnswer> =>
  run().then(
    (value): WalletAnswer => ({ ok: true, result: value }),
    (error: unknown): WalletAnswer => ({ ok: false, error: walletError(error) }),
  )

/** Answers every dapp step in turn, up to the first wallet request or the outcome. */
async function answerDappSteps(client: Pick<PorticoClient, 'withCore'>, first: WriteResult, dapp: DappAnswerer | undefined): Promise<WriteResult> {
  let result = first
  while (result.status === 'step' && result.target === 'dapp') {
    const step = result
    const answer = await settle(async () => {
      if (!dapp) throw new UnansweredRequestError(step.request.method)
      return dapp(step.request)
    })
    result = await client.withCore<WriteResult>((api) => api.submitWriteResult(step.writeId, answer))
  }
  return result
}

/**
 * The one write path's page side, first half: the core prepares and validates, the dapp's steps are
 * answered, and the write stops before its first wallet request. Answers `ready` (ask the wallet
 * with `resume()` when the visitor confirms), or the outcome when no wallet request was needed.
 * Sign-in uses it to initialise on connect, so the visitor's one click is one wallet request.
 */
export async function startWrite(client: Pick<PorticoClient, 'withCore'>, { intent, connector, onStep, dapp }: WriteParameters): Promise<StartedWrite | WriteReturnType> {
  const prepared = await client.withCore<WriteResult>((api) => api.prepareWrite(intent))
  const first = await answerDappSteps(client, prepared, dapp)
  if (first.status !== 'step') return first
  const lookUp = typeof connector === 'function' ? connector : () => connector
  let used = false
  return {
    status: 'ready',
    step: first,
    async resume() {
      if (used) return { status: 'error', writeId: first.writeId, error: { code: 'WRITE_NOT_FOUND' } }
      used = true
      let result: WriteResult = first
      while (result.status === 'step') {
        const step = result
        onStep?.(step)
        // The core records the write as asked before the wallet sees it: a core that restarts meanwhile
        // never asks again. A core that does not know the write (it never recorded it) stops it here.
        const recorded = await client.withCore<boolean>((api) => api.markWriteAsked(step.writeId))
        if (!recorded) return { status: 'error', writeId: step.writeId, error: { code: 'WRITE_NOT_FOUND' } }
        const answer = await settle(async () => {
          const wallet = lookUp()
          if (!wallet) throw new WalletUnavailableError()
          if (step.request.method === 'wallet_sendCalls') return sendBatch(wallet, step.request.params[0])
          const provider = await wallet.getProvider(step.namespace)
          if (step.request.method === 'solana_signIn') return solanaSignIn(provider, step.request.params)
          return provider.request({ method: step.request.method, params: step.request.params })
        })
        result = await answerDappSteps(client, await client.withCore<WriteResult>((api) => api.submitWriteResult(step.writeId, answer)), dapp)
      }
      return result
    },
    async cancel() {
      if (used) return
      used = true
      await client.withCore<WriteResult>((api) => api.submitWriteResult(first.writeId, { ok: false, error: { code: 4001, message: 'Called off' } })).catch(() => undefined)
    },
  }
}
