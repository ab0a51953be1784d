import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { loadModal } from '../modal/load.ts'
import { announceWallet, createTestClient, renderPortico, testConfig, type FakeWallet } from '../../test/harness.tsx'
import { createClient } from './createClient.ts'

let wallet: FakeWallet | undefined
afterEach(() => wallet?.cleanup())

describe('ahead of the first open', () => {
  it('prepare() parses the configuration and lists the announced wallets, and starts no worker', async () => {
    wallet = announceWallet({ name: 'Early Wallet', rdns: 'dev.early.wallet' })
    const spawn = vi.fn(() => {
      throw new Error('no worker before the visitor acts')
    })
    const client = createClient({ config: testConfig(), spawn })
    expect(client.getSnapshot().config).toBeNull()
    await client.prepare()
    expect(client.getSnapshot().config).toMatchObject({ projectId: testConfig().projectId, networks: [{ caipNetworkId: 'eip155:31337' }, { caipNetworkId: 'eip155:31338' }] })
    expect(client.getSnapshot().connectors.map((c) => [c.id, c.type])).toEqual([['dev.early.wallet', 'ANNOUNCED']])
    expect(spawn).not.toHaveBeenCalled()
    client.destroy()
  })

  it('offline, prepare() still parses the configuration ahead (its schemas come with the session’s code, without the parts of the idle load)', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const client = createClient({
      config: testConfig(),
      spawn: () => {
        throw new Error('no worker before the visitor acts')
      },
    })
    await client.prepare()
    expect(client.getSnapshot().config).toMatchObject({ projectId: testConfig().projectId })
    client.destroy()
    vi.restoreAllMocks()
  })

  it('a bad configuration is not an error until the session starts, and then it is the schema’s message', async () => {
    const client = createClient({
      config: { projectId: 'p', networks: [] } as never,
      spawn: () => {
        throw new Error('not reached')
      },
    })
    await expect(client.prepare()).resolves.toBeUndefined()
    expect(client.getSnapshot().config).toBeNull()
    await expect(client.start()).rejects.toThrow('At least one network is required')
    client.destroy()
  })

  it('a configuration that is no object is not a crash ahead of the first open, and then it is the schema’s message', async () => {
    const client = createClient({
      config: null as never,
      spawn: () => {
        throw new Error('not reached')
      },
    })
    await expect(client.prepare()).resolves.toBeUndefined()
    expect(client.getSnapshot().config).toBeNull()
    await expect(client.start()).rejects.toMatchObject({ name: 'SchemaValidationError' })
    client.destroy()
  })

  it('the session takes over the wallets listed ahead with the same connector objects', async () => {
    wallet = announceWallet()
    const { client } = createTestClient()
    await client.prepare()
    const early = client.getSnapshot().connectors.find((c) => c.id === 'dev.test.wallet')
    expect(early).toBeDefined()
    await client.start()
    expect(client.getSnapshot().connectors.find((c) => c.id === 'dev.test.wallet')).toBe(early)
    client.destroy()
  })

  it('the modal is rendered hidden while closed (no dialog for assistive technology, no request), and an open shows it in the same render', async () => {
    wallet = announceWallet()
    const portico = createTestClient()
    await portico.client.prepare()
    await loadModal()
    renderPortico(portico)
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50))
    })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.querySelector('.portico-modal')).not.toBeNull()
    expect(portico.fetch).not.toHaveBeenCalled()
    act(() => portico.client.open())
    screen.getByRole('dialog', { name: 'Connect Wallet' })
    screen.getByRole('button', { name: /Test Wallet/ })
    act(() => portico.client.close())
    expect(screen.queryByRole('dialog')).toBeNull()
    portico.client.destroy()
  })
})
