import type { WriteCheck, WriteIntent } from '@portico/shared-types/write'
import type { PorticoClient } from '../client/createClient.ts'
import { startWrite, type WriteParameters, type WriteReturnType } from '../client/write.ts'

/**
 * The one write path's page side: the core prepares and validates, the connector signs each step,
 * the core follows the result. Send, swap, buy, sign-in and names all go through here.
 * Answers the outcome: `done` (with the transaction hash or the signature) or `error` with a code
 * the page translates (`writeError_<CODE>`).
 *
 * @example
 * const outcome = await write(client, { intent: { kind: 'send', caipAddress, token, amount: '0.5', receiver }, connector })
 */
export async function write(client: Pick<PorticoClient, 'withCore'>, parameters: WriteParameters): Promise<WriteReturnType> {
  const started = await startWrite(client, parameters)
  return started.status === 'ready' ? started.resume() : started
}

/**
 * Validates a write in the core (SPEC.md §5) without asking the wallet, for a review step: answers
 * the first error, or the calls the write would make (for its simulated preview). Nothing is
 * recorded and no wallet is asked: the core runs the write's flow to its first request and stops.
 */
export async function checkWrite(client: Pick<PorticoClient, 'withCore'>, intent: WriteIntent): Promise<WriteCheck> {
  return client.withCore<WriteCheck>((api) => api.validateWrite(intent))
}
