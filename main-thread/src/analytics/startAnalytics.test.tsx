import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TrackParameters } from '@portico/shared-types'
import { ADDRESS, connectInCore, createTestClient, openModal, renderPortico, testConfig, type TestPortico } from '../../test/harness.tsx'

const clients: TestPortico[] = []
afterEach(() => {
  for (const portico of clients.splice(0)) portico.client.destroy()
  vi.restoreAllMocks()
  delete (Navigator.prototype as { globalPrivacyControl?: boolean }).globalPrivacyControl
})

async function setup(extra: Parameters<typeof testConfig>[0] = {}) {
  const portico = createTestClient({ config: testConfig(extra) })
  clients.push(portico)
  const track = vi.spyOn(portico.core, 'track')
  renderPortico(portico)
  return { portico, track, tracked: () => track.mock.calls.map(([params]) => params as TrackParameters) }
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 20)))

describe('the page hands the modal’s events to the core', () => {
  it('sends nothing at page load; then the open, the connection and the disconnect with the address, and the page’s origin and path only', async () => {
    const before = location.href
    history.replaceState(null, '', '/swap?token=secret-token#access_token=secret-fragment')
    const { portico, tracked } = await setup()
    await settle()
    expect(tracked()).toEqual([])
    await openModal(portico)
    await screen.findByRole('dialog')
    await connectInCore(portico, { connectorId: 'x' })
    await settle()
    await act(async () => portico.client.disconnect())
    await settle()
    const events = tracked()
    expect(events.map((e) => e.event)).toEqual(['MODAL_OPEN', 'CONNECT_SUCCESS', 'DISCONNECT_SUCCESS'])
    expect(events[1]).toMatchObject({ address: ADDRESS, properties: { connector: 'Test Wallet' }, gpc: false, domain: location.host, url: `${location.origin}/swap` })
    expect(JSON.stringify(events)).not.toContain('secret')
    // The address of the account that just went.
    expect(events[2]!.address).toBe(ADDRESS)
    history.replaceState(null, '', before)
  })

  it('sends nothing with features.analytics false', async () => {
    const { portico, tracked } = await setup({ features: { analytics: false } })
    await openModal(portico)
    await screen.findByRole('dialog')
    await connectInCore(portico, { connectorId: 'x' })
    await settle()
    expect(tracked()).toEqual([])
  })

  it('passes the Global Privacy Control signal, with which the core sends nothing', async () => {
    Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true, configurable: true })
    const { portico, tracked } = await setup()
    await openModal(portico)
    await screen.findByRole('dialog')
    await settle()
    expect(tracked().length).toBeGreaterThan(0)
    expect(tracked().every((e) => e.gpc)).toBe(true)
  })
})
