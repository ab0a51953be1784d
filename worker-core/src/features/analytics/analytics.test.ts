import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AnalyticsEvent, TrackParameters } from '@portico/shared-types'
import { ANALYTICS_FLUSH_MS, ANALYTICS_QUEUE_MAX } from '@portico/shared-types/constants'
import { ADDRESS, fakeUpstream, json, setupCore, testConfig } from '../../../test/fixtures.ts'

const EVENT = /^POST \/e$/
const CONFIG = /^GET \/getAnalyticsConfig$/

const track = (event: TrackParameters['event'], extra: Partial<TrackParameters> = {}): TrackParameters => ({
  event,
  url: 'http://dapp.test/page',
  domain: 'dapp.test',
  timestamp: 1_700_000_000_000,
  gpc: false,
  address: ADDRESS,
  ...extra,
})

/** A configured core whose sink accepts every event; `tweak` changes the sink's answers. */
async function configured(tweak?: (upstream: ReturnType<typeof fakeUpstream>) => void) {
  const upstream = fakeUpstream()
  upstream.on(EVENT, () => json({ ok: true }, { status: 202 }))
  upstream.on(CONFIG, () => json({ isAnalyticsEnabled: true }))
  tweak?.(upstream)
  const setup = setupCore({ upstream })
  await setup.core.configure(testConfig)
  return setup
}

const sent = (upstream: ReturnType<typeof fakeUpstream>) => upstream.calls.flatMap((c, i) => (EVENT.test(c) ? [upstream.bodies[i] as AnalyticsEvent] : []))

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }))
afterEach(() => vi.useRealTimers())

describe('analytics in the core (SPEC.md §7)', () => {
  it('asks and sends nothing before the first event', async () => {
    const { upstream } = await configured()
    await vi.advanceTimersByTimeAsync(10 * ANALYTICS_FLUSH_MS)
    expect(upstream.count(CONFIG) + upstream.count(EVENT)).toBe(0)
  })

  it('batches events, asks the sink config once, and posts each with eventId, url, domain, timestamp, address and the project query', async () => {
    const { core, upstream } = await configured()
    await core.track(track('CONNECT_SUCCESS', { properties: { connector: 'Test Wallet' } }))
    await core.track(track('SWITCH_NETWORK', { properties: { network: 'eip155:31338' } }))
    expect(upstream.count(EVENT)).toBe(0)
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS)
    const events = sent(upstream)
    expect(events.map((e) => e.props.event)).toEqual(['CONNECT_SUCCESS', 'SWITCH_NETWORK'])
    expect(events[0]).toMatchObject({
      url: 'http://dapp.test/page',
      domain: 'dapp.test',
      timestamp: 1_700_000_000_000,
      props: { type: 'track', address: ADDRESS, properties: { connector: 'Test Wallet' } },
    })
    expect(events[0]!.eventId).toMatch(/^[0-9a-f-]{36}$/)
    const url = upstream.urls[upstream.calls.findIndex((c) => EVENT.test(c))]!
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ projectId: 'test-project', st: 'portico' })
    await core.track(track('DISCONNECT_SUCCESS'))
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS)
    expect(upstream.count(CONFIG)).toBe(1)
    expect(upstream.count(EVENT)).toBe(3)
  })

  it('sends the page’s origin and path only: a query or fragment (tokens) never leaves, whatever the tab sent', async () => {
    const { core, upstream } = await configured()
    await core.track(track('MODAL_OPEN', { url: 'https://dapp.test/login/callback?code=secret-code&state=s#access_token=secret-token' }))
    await core.track(track('MODAL_CLOSE', { url: 'https://dapp.test#secret-fragment' }))
    await core.track(track('MODAL_OPEN', { url: 'javascript:alert(1)//?secret' }))
    await core.track(track('MODAL_CLOSE', { url: 'not a url' }))
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS)
    const events = sent(upstream)
    expect(events.map((e) => e.url)).toEqual(['https://dapp.test/login/callback', 'https://dapp.test/', '', ''])
    expect(JSON.stringify(upstream.bodies)).not.toContain('secret')
  })

  it('never sends MODAL_CREATED, nor an event of a tab with Global Privacy Control on', async () => {
    const { core, upstream } = await configured()
    await core.track(track('MODAL_CREATED'))
    await core.track(track('MODAL_OPEN', { gpc: true }))
    await vi.advanceTimersByTimeAsync(2 * ANALYTICS_FLUSH_MS)
    expect(upstream.count(EVENT) + upstream.count(CONFIG)).toBe(0)
  })

  it('sends nothing when the sink says analytics is off', async () => {
    const { core, upstream } = await configured((u) => u.on(CONFIG, () => json({ isAnalyticsEnabled: false })))
    await core.track(track('MODAL_OPEN'))
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS)
    await core.track(track('MODAL_CLOSE'))
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS)
    expect(upstream.count(EVENT)).toBe(0)
    expect(upstream.count(CONFIG)).toBe(1)
  })

  it('a 403 sets analyticsBlocked and ends sending for the session', async () => {
    const { core, upstream } = await configured((u) => u.on(EVENT, () => json({ error: 'Origin not allowlisted' }, { status: 403 })))
    await core.track(track('MODAL_OPEN'))
    await core.track(track('MODAL_CLOSE'))
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS)
    expect(upstream.count(EVENT)).toBe(1)
    expect((await core.getState()).analyticsBlocked).toBe(true)
    // The sink's refusal ends analytics only: it is not the service refusing the origin.
    expect((await core.getState()).originRejected).toBe(false)
    await core.track(track('MODAL_OPEN'))
    await vi.advanceTimersByTimeAsync(2 * ANALYTICS_FLUSH_MS)
    expect(upstream.count(EVENT)).toBe(1)
  })

  it('keeps events made offline (at most ANALYTICS_QUEUE_MAX, the newest) and sends them when the network returns', async () => {
    const { core, upstream } = await configured()
    await core.setOnline(false)
    for (let i = 0; i < ANALYTICS_QUEUE_MAX + 5; i++) await core.track(track('MODAL_OPEN', { properties: { n: i } }))
    await vi.advanceTimersByTimeAsync(2 * ANALYTICS_FLUSH_MS)
    expect(upstream.count(EVENT) + upstream.count(CONFIG)).toBe(0)
    await core.setOnline(true)
    await vi.advanceTimersByTimeAsync(0)
    const events = sent(upstream)
    expect(events).toHaveLength(ANALYTICS_QUEUE_MAX)
    expect(events[0]!.props.properties).toEqual({ n: 5 })
  })

  it('keeps an event whose post failed on the network, and sends it once back online', async () => {
    let down = true
    const { core, upstream } = await configured((u) => u.on(EVENT, () => (down ? Promise.reject(new TypeError('Failed to fetch')) : json({ ok: true }, { status: 202 }))))
    await core.track(track('MODAL_OPEN'))
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS)
    down = false
    await core.setOnline(false)
    await core.setOnline(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(upstream.count(EVENT)).toBe(2)
  })

  it('sends at once when every tab is hidden (the tab may be closing)', async () => {
    const { core, upstream } = await configured()
    await core.setVisibility('tab-1', true)
    await core.track(track('MODAL_CLOSE'))
    await core.setVisibility('tab-1', false)
    await vi.advanceTimersByTimeAsync(0)
    expect(upstream.count(EVENT)).toBe(1)
  })

  it('sends nothing without a catalogue', async () => {
    const upstream = fakeUpstream()
    const { core } = setupCore({ upstream })
    await core.configure({ ...testConfig, catalogueUrl: undefined })
    await core.track(track('MODAL_OPEN'))
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS)
    expect(upstream.calls).toEqual([])
  })
})

describe('startup ping (SPEC.md §7)', () => {
  beforeEach(() => vi.useRealTimers())
  it('makes one JSON-RPC call to the active network when asked, and only once', async () => {
    const { core, upstream } = await configured()
    expect(upstream.calls).toEqual([])
    await core.ping()
    await core.ping()
    expect(upstream.calls).toEqual(['POST /'])
    expect(JSON.stringify(upstream.bodies[0])).toContain('"method":"eth_chainId"')
  })
})
