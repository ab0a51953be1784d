import type { CaipAddress } from '@portico/shared-types/light'
import type { WriteError, WriteIntent } from '@portico/shared-types/write'
import type { DappAnswerer, StartedWrite, WriteReturnType } from '../write.ts'
import type { Connector } from '../../connectors/types.ts'
import type { PorticoClient } from '../createClient.ts'

/** A prepared message older than this is made again before the wallet is asked (the sandbox verifier keeps a nonce 10 min). */
export const SIWX_PREPARED_MAX_AGE_MS = 5 * 60 * 1000

/** The sign-in this tab prepared for the connected account, as the sign view reads it. */
export type SiwxSignInState = {
  caipAddress: CaipAddress
  /**
   * checking: the dapp's `getSessions` is asked whether the account is signed in already (the sign
   * view waits); initialising: the nonce (or the dapp's message) is being fetched; ready: one click
   * asks the wallet; failed: it could not start (`error`).
   */
  status: 'checking' | 'initialising' | 'ready' | 'failed'
  error: WriteError | null
  /** Asks the wallet to sign the prepared message, after the initialisation if it still runs. One call, one wallet request. */
  sign(): Promise<WriteReturnType>
  /** Ends the prepared sign-in unsigned (the visitor set it aside or left). */
  cancel(): void
}

export type CreateSiwxSignInParameters = {
  client: Pick<PorticoClient, 'withCore'>
  /** Publishes the state for the sign view (the tab's snapshot). */
  publish(state: SiwxSignInState | null): void
  /** The sign-in write of an account (the page's domain and URI, the dapp's options). */
  intent(caipAddress: CaipAddress): WriteIntent
  /** The connector holding the account, looked up when the wallet is asked. */
  connector(): Connector | undefined
  /** Answers the steps the core addresses to the dapp (a SIWX configuration's own functions). */
  dapp?: DappAnswerer | undefined
  /**
   * Runs first on connect, before anything is prepared: answers true when the account turns out to be
   * signed in already (a dapp's `getSessions`), so nothing is prepared. A throw is an initialisation failure.
   */
  signedInAlready?(caipAddress: CaipAddress): Promise<boolean>
  now?: () => number
}

type Attempt = { caipAddress: CaipAddress; startedAt: number; write: Promise<StartedWrite | WriteReturnType | null> }

const initFailed = (details?: string): WriteReturnType => ({ status: 'error', writeId: null, error: { code: 'SIWX_INIT_FAILED', ...(details ? { details } : {}) } })

/**
 * SPEC.md §4 "It initialises on connect": as soon as an account must sign in, this tab asks the core
 * to prepare the sign-in write (the verifier's nonce, or the dapp's `createMessage`) and holds it at
 * its wallet request, so pressing Sign is one wallet request. A failure is kept as `failed` for the
 * sign view, which says 'A problem occurred while trying initialize authentication' and disconnects.
 * After a declined or refused signature a fresh one is prepared for the next try.
 */
export function createSiwxSignIn({ client, publish, intent, connector, dapp, signedInAlready, now = Date.now }: CreateSiwxSignInParameters) {
  let current: Attempt | null = null

  function state(attempt: Attempt, status: SiwxSignInState['status'], error: WriteError | null = null): SiwxSignInState {
    return { caipAddress: attempt.caipAddress, status, error, sign: () => sign(attempt), cancel: () => drop(attempt) }
  }

  function begin(caipAddress: CaipAddress): Attempt {
    const attempt: Attempt = { caipAddress, startedAt: now(), write: Promise.resolve(null) }
    attempt.write = (async () => {
      if (signedInAlready) {
        if (await signedInAlready(caipAddress)) return null
        if (current === attempt) publish(state(attempt, 'initialising'))
      }
      // The write path's page side loads with the first sign-in, not with the session.
      const { startWrite } = await import('../write.ts')
      return startWrite(client, { intent: intent(caipAddress), connector, dapp })
    })().catch((cause: unknown) => initFailed(cause instanceof Error ? cause.message : String(cause)))
    current = attempt
    publish(state(attempt, signedInAlready ? 'checking' : 'initialising'))
    void attempt.write.then((started) => {
      if (current !== attempt) {
        if (started?.status === 'ready') void started.cancel()
        return
      }
      if (started === null || started.status === 'done') {
        // Signed in already: the core's push of the session closes the sign view.
        current = null
        publish(null)
      } else if (started.status === 'ready') publish(state(attempt, 'ready'))
      else publish(state(attempt, 'failed', { ...started.error, code: 'SIWX_INIT_FAILED' }))
    })
    return attempt
  }

  function drop(attempt: Attempt) {
    if (current !== attempt) return
    current = null
    void attempt.write.then((started) => (started?.status === 'ready' ? started.cancel() : undefined))
    publish(null)
  }

  async function sign(attempt: Attempt): Promise<WriteReturnType> {
    if (current !== attempt) return { status: 'error', writeId: null, error: { code: 'NOT_CONNECTED' } }
    let mine = attempt
    let started = await mine.write
    if (started?.status === 'ready' && now() - mine.startedAt > SIWX_PREPARED_MAX_AGE_MS && current === mine) {
      void started.cancel()
      mine = begin(mine.caipAddress)
      started = await mine.write
    }
    if (started === null) return { status: 'done', writeId: '' }
    if (started.status !== 'ready') return started.status === 'error' ? { ...started, error: { ...started.error, code: 'SIWX_INIT_FAILED' } } : started
    const outcome = await started.resume()
    // Declined or refused: the next click signs a fresh message, prepared now.
    if (outcome.status === 'error' && current === mine) begin(mine.caipAddress)
    return outcome
  }

  return {
    /** Follows the account that must sign in now (null: none), starting its initialisation once. */
    update(toAsk: CaipAddress | null) {
      if (toAsk !== null && current?.caipAddress === toAsk) return
      if (current) drop(current)
      if (toAsk !== null) begin(toAsk)
    },
    destroy() {
      if (current) drop(current)
    },
  }
}

export type SiwxSignIn = ReturnType<typeof createSiwxSignIn>
