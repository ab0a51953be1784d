import type { WalletAnswer, WriteError, WriteIntent, WriteResult, WriteStep } from '@portico/shared-types/write'
import type { PorticoClient } from '../client/createClient.ts'
import type { Connector } from '../connectors/types.ts'

export type WriteParameters = {
  intent: WriteIntent
  /** The connector that holds the account of `intent` (the page's look-up by connector id). */
  connector: Connector
  /** Called before each wallet request, for progress ("step 1 of 2: approve"). */
  onStep?: ((step: WriteStep) => void) | undefined
}
export type WriteReturnType = Exclude<WriteResult, { status: 'step' }>

/** Whatever a wallet threw, as the plain EIP-1193 error the core classifies. */
function walletError(error: unknown): Extract<WalletAnswer, { ok: false }>['error'] {
  const e = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; message?: unknown; data?: unknown; shortMessage?: unknown; details?: unknown }
  const message = typeof e.details === 'string' && e.details ? e.details : typeof e.message === 'string' ? e.message : String(error)
  return { ...(typeof e.code === 'number' ? { code: e.code } : {}), message, ...(e.data !== undefined ? { data: e.data } : {}) }
}

/**
 * The one write path's page side: the core prepares and validates, the connector signs each step,
 * the core follows the result. Send, swap, buy, sign-in and names all go through here.
 * Answers the outcome: `done` (with the transaction hash or the signature) or `error` with a code
 * the page translates (`writeError_<CODE>`).
 *
 * @example
 * const outcome = await write(client, { intent: { kind: 'send', caipAddress, token, amount: '0.5', receiver }, connector })
 */
export async function write(client: Pick<PorticoClient, 'withCore'>, { intent, connector, onStep }: WriteParameters): Promise<WriteReturnType> {
  let result: WriteResult = await client.withCore<WriteResult>((api) => api.prepareWrite(intent))
  while (result.status === 'step') {
    const step = result
    onStep?.(step)
    const answer: WalletAnswer = await connector
      .getProvider(step.namespace)
      .then((provider) => provider.request({ method: step.request.method, params: step.request.params }))
      .then(
        (value): WalletAnswer => ({ ok: true, result: value }),
        (error: unknown): WalletAnswer => ({ ok: false, error: walletError(error) }),
      )
    result = await client.withCore<WriteResult>((api) => api.submitWriteResult(step.writeId, answer))
  }
  return result
}

/**
 * Validates a write in the core (SPEC.md §5) without asking the wallet, for a review step: answers
 * the first error, or null when the core would send it as it stands.
 */
export async function checkWrite(client: Pick<PorticoClient, 'withCore'>, intent: WriteIntent): Promise<WriteError | null> {
  const result = await client.withCore<WriteResult>((api) => api.prepareWrite(intent))
  if (result.status === 'error') return result.error
  // Valid: the flow ends here unsent; the wallet is asked only once the visitor confirms.
  if (result.status === 'step') await client.withCore<WriteResult>((api) => api.submitWriteResult(result.writeId, { ok: false, error: { code: 4001, message: 'Checked only' } }))
  return null
}
