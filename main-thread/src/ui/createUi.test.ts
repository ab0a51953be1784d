import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createClient } from '../client/createClient.ts'
import { createUi } from './createUi.ts'

const config = {
  projectId: 'p',
  networks: [
    {
      id: 1,
      caipNetworkId: 'eip155:1' as const,
      chainNamespace: 'eip155' as const,
      name: 'Ethereum',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://x'] } },
    },
  ],
  metadata: { name: 'T', url: 'http://localhost' },
  apiUrl: 'http://api.test',
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('createUi', () => {
  it('closes an open notification and shows the next one after 150 ms', () => {
    const ui = createUi(createClient({ config }))
    ui.notify('loading', 'Sending')
    expect(ui.getSnapshot().notification).toMatchObject({ variant: 'loading', message: 'Sending' })
    ui.notify('success', 'Transaction started')
    expect(ui.getSnapshot().notification).toBeNull()
    vi.advanceTimersByTime(149)
    expect(ui.getSnapshot().notification).toBeNull()
    vi.advanceTimersByTime(1)
    expect(ui.getSnapshot().notification).toMatchObject({ variant: 'success', message: 'Transaction started' })
    vi.advanceTimersByTime(4000)
    expect(ui.getSnapshot().notification).toBeNull()
  })

  it('lets the latest notification win when another arrives during the 150 ms gap', () => {
    const ui = createUi(createClient({ config }))
    ui.notify('loading', 'Sending')
    ui.notify('error', 'Rejected')
    vi.advanceTimersByTime(50)
    ui.notify('success', 'Sent')
    expect(ui.getSnapshot().notification).toBeNull()
    vi.advanceTimersByTime(100)
    expect(ui.getSnapshot().notification).toMatchObject({ variant: 'success', message: 'Sent' })
    vi.advanceTimersByTime(1000)
    expect(ui.getSnapshot().notification).toMatchObject({ variant: 'success', message: 'Sent' })
  })

  it('merges theme variables over the configured ones', () => {
    const ui = createUi(createClient({ config: { ...config, themeVariables: { '--portico-accent': 'red', '--portico-font-size-master': '10px' } } }))
    ui.setThemeVariables({ '--portico-accent': 'blue' })
    expect(ui.getSnapshot().themeVariables).toEqual({ '--portico-accent': 'blue', '--portico-font-size-master': '10px' })
  })

  it('shakes for 500 ms', () => {
    const ui = createUi(createClient({ config }))
    ui.shake()
    expect(ui.getSnapshot().shaking).toBe(true)
    vi.advanceTimersByTime(499)
    expect(ui.getSnapshot().shaking).toBe(true)
    vi.advanceTimersByTime(1)
    expect(ui.getSnapshot().shaking).toBe(false)
  })

  it('emits modal open and close events', () => {
    const client = createClient({ config })
    const ui = createUi(client)
    const events: string[] = []
    ui.onEvent((e) => events.push(e.type))
    client.open({ name: 'Connect' })
    client.close()
    expect(events).toEqual(['MODAL_OPEN', 'MODAL_CLOSE'])
    client.destroy()
  })
})
