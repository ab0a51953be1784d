import { ANALYTICS_FLUSH_MS, ANALYTICS_QUEUE_MAX } from '@portico/shared-types/constants'
import { analyticsConfigResponseSchema, HttpRequestError, TimeoutError, type AnalyticsEvent, type TrackParameters } from '@portico/shared-types'
import { z } from 'zod/mini'
import type { CoreContext } from '../../infra/context.ts'

/**
 * The page's address as analytics may carry it: origin and path only. A query or fragment can hold
 * tokens (a magic link's code, an OAuth state, a referral id); they never leave the browser. Anything
 * that is not an http(s) URL gives the empty string.
 *
 * @example
 * analyticsPageUrl('https://dapp.example/swap?token=secret#access_token=x') // 'https://dapp.example/swap'
 */
export function analyticsPageUrl(raw: string): string {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return ''
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return ''
  return `${url.origin}${url.pathname}`
}

export type Analytics = {
  track(params: TrackParameters): void
  /** Sends what waits, if the network is there and analytics is on. */
  flush(): Promise<void>
  /** Events waiting to go (tests and figures). */
  pending(): number
  dispose(): void
}

/**
 * The analytics queue of the core (SPEC.md §7): one per browser, fed by every tab. Nothing is asked
 * or sent until the first event (a visitor's action); `/getAnalyticsConfig` is asked once per session;
 * events wait, batched, until no other came for `ANALYTICS_FLUSH_MS`, or every tab is hidden, or the
 * network is back; at most `ANALYTICS_QUEUE_MAX` wait. A 403 (origin not allow-listed) ends sending
 * for the session and sets `analyticsBlocked` for the tabs to say so. An event carries the page's
 * origin and path only (`analyticsPageUrl`), whatever the tab sent.
 */
export function createAnalytics(ctx: CoreContext, { flushMs = ANALYTICS_FLUSH_MS, maxQueue = ANALYTICS_QUEUE_MAX } = {}): Analytics {
  const queue: AnalyticsEvent[] = []
  /** The sink's switch, asked once; null while unknown (not asked yet, or the network failed). */
  let remote: Promise<boolean | null> | null = null
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | null = null
  let flushing: Promise<void> | null = null

  const stop = () => {
    stopped = true
    queue.length = 0
  }

  function enabledRemotely(): Promise<boolean | null> {
    const catalogue = ctx.env()?.catalogue
    if (!catalogue) return Promise.resolve(false)
    remote ??= catalogue
      .get('/getAnalyticsConfig', { schema: analyticsConfigResponseSchema, what: 'analytics configuration' })
      .then((answer) => answer.isAnalyticsEnabled)
      .catch(() => {
        remote = null
        return null
      })
    return remote
  }

  /**
   * Posts one event through the HTTP layer, once (the queue keeps what failed for the next flush);
   * answers whether it is done with (sent, or refused for good). A 403 here ends analytics for the
   * session; it says nothing of the origin's other calls.
   */
  async function post(event: AnalyticsEvent): Promise<'sent' | 'retry' | 'forbidden'> {
    const catalogue = ctx.env()?.catalogue
    if (!catalogue) return 'sent'
    try {
      await catalogue.post('/e', { body: event, schema: z.unknown(), what: 'analytics event', retries: 0, keepalive: true, reportForbidden: false })
      return 'sent'
    } catch (error) {
      if (error instanceof HttpRequestError && error.status === 403) return 'forbidden'
      const again = error instanceof TimeoutError || (error instanceof HttpRequestError && (error.status === undefined || error.status === 429 || error.status >= 500))
      // Any other answer was received (a 4xx, a body that is not JSON): the event is not sent again.
      return again ? 'retry' : 'sent'
    }
  }

  async function send(): Promise<void> {
    if (stopped || queue.length === 0 || !ctx.online.isOnline()) return
    const enabled = await enabledRemotely()
    if (enabled === null) return
    if (!enabled) return stop()
    while (queue.length > 0 && ctx.online.isOnline() && !stopped) {
      const outcome = await post(queue[0]!)
      if (outcome === 'retry') return
      if (outcome === 'forbidden') {
        stop()
        ctx.store.set({ analyticsBlocked: true })
        return
      }
      queue.shift()
    }
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer)
    timer = null
    flushing ??= send().finally(() => {
      flushing = null
    })
    return flushing
  }

  const offOnline = ctx.online.subscribe((online) => {
    if (online) void flush()
  })
  const offFocus = ctx.focus.subscribe((focused) => {
    if (!focused) void flush()
  })

  return {
    track(params) {
      const env = ctx.env()
      if (params.gpc || stopped || !env?.catalogue || !env.config.projectId) return
      if (params.event === 'MODAL_CREATED') return
      queue.push({
        eventId: crypto.randomUUID(),
        url: analyticsPageUrl(params.url),
        domain: params.domain,
        timestamp: params.timestamp,
        props: {
          type: 'track',
          event: params.event,
          ...(params.address ? { address: params.address } : {}),
          ...(params.properties ? { properties: params.properties } : {}),
        },
      })
      while (queue.length > maxQueue) queue.shift()
      if (!ctx.focus.isFocused()) {
        void flush()
        return
      }
      if (timer) clearTimeout(timer)
      timer = setTimeout(() => void flush(), flushMs)
    },
    flush,
    pending: () => queue.length,
    dispose() {
      if (timer) clearTimeout(timer)
      offOnline()
      offFocus()
    },
  }
}
