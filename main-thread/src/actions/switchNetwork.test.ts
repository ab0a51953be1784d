import { describe, expect, it, vi } from 'vitest'
import { toHexChainId } from './switchNetwork.ts'
import { createClient } from '../client/createClient.ts'
import { switchNetwork } from './switchNetwork.ts'
import type { SpawnedCore } from '../client/spawnCore.ts'
import { createInPageCore } from '@portico/worker-core/in-page'

const net = (id: number, name: string) => ({
  id,
  caipNetworkId: `eip155:${id}` as const,
  chainNamespace: 'eip155' as const,
  name,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [`http://127.0.0.1:${id}`] } },
})

describe('switchNetwork', () => {
  it('sends the chain id in hex', () => {
    expect(toHexChainId(31337)).toBe('0x7a69')
    expect(toHexChainId('10')).toBe('0xa')
  })

  it('without a wallet only moves the core, and refuses unknown networks', async () => {
    const core = createInPageCore({ dbName: `switch-${Math.random()}` })
    const setActiveNetwork = vi.spyOn(core, 'setActiveNetwork')
    const api = core as unknown as SpawnedCore['api']
    const client = createClient({
      config: { projectId: 'p', networks: [net(1, 'One'), net(2, 'Two')], metadata: { name: 'T', url: 'http://localhost' }, apiUrl: 'http://api.test' },
      spawn: () => ({ api, kind: 'dedicated', close: () => {} }),
    })
    await switchNetwork(client, { caipNetworkId: 'eip155:2' })
    expect(setActiveNetwork).toHaveBeenCalledWith('eip155:2')
    expect((await core.getState()).activeCaipNetworkId).toBe('eip155:2')
    await expect(switchNetwork(client, { caipNetworkId: 'eip155:3' })).rejects.toThrow("Failed to switch to chain 'eip155:3'")
    client.destroy()
  })
})
