import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createInPageCore } from '@portico/worker-core/in-page'
import { createClient, PorticoProvider } from '../index.ts'
import type { SpawnedCore } from '../client/spawnCore.ts'

const network = {
  id: 31337,
  caipNetworkId: 'eip155:31337' as const,
  chainNamespace: 'eip155' as const,
  name: 'Portico Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
}
const base = { projectId: 'p', networks: [network], metadata: { name: 'T', url: 'http://localhost' }, apiUrl: 'http://api.test' }

async function connectOn(chain: string, extra: object) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response('{"balances":[]}')))
  const core = createInPageCore({ dbName: `unsupported-${Math.random()}` })
  const config = { ...base, ...extra }
  const client = createClient({ config, spawn: () => ({ api: core as unknown as SpawnedCore['api'], kind: 'dedicated', close: () => core.dispose() }) })
  render(<PorticoProvider config={config} client={client} />)
  await act(async () => {
    await client.start()
    await core.setConnected({ caipAddress: `${chain}:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266` as `eip155:${string}:${string}`, connectorId: 'x', connectorName: 'X' })
  })
  return client
}

afterEach(() => vi.unstubAllGlobals())

describe('UnsupportedChain (SPEC.md §2)', () => {
  it('opens when the wallet is on a network the dapp does not list', async () => {
    const client = await connectOn('eip155:999', {})
    expect(await screen.findByRole('dialog', { name: 'Switch Network' })).toBeTruthy()
    expect(screen.getByRole('button', { name: /Portico Local/ })).toBeTruthy()
    client.destroy()
  })

  it('stays closed on a listed network', async () => {
    const client = await connectOn('eip155:31337', {})
    await act(async () => new Promise((r) => setTimeout(r, 50)))
    expect(screen.queryByRole('dialog')).toBeNull()
    client.destroy()
  })

  it.each([
    ['network switching is disabled', { enableNetworkSwitch: false }],
    ['unsupported chains are allowed', { allowUnsupportedChain: true }],
    ['basic WalletConnect mode is on', { basic: true }],
  ])('stays closed when %s', async (_, extra) => {
    const client = await connectOn('eip155:999', extra)
    await act(async () => new Promise((r) => setTimeout(r, 50)))
    expect(screen.queryByRole('dialog')).toBeNull()
    client.destroy()
  })
})
