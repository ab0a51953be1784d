import { describe, expect, it, vi } from 'vitest'
import { startWalletAssets } from './session/walletAssets.ts'
import { createWalletAssetsReader, offersAssetDiscovery } from './walletAssets.ts'

const ACCOUNT = 'eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const

describe('wallet assets (ERC-7811) from the page wallet', () => {
  it('reads EIP-5792 capabilities per chain', () => {
    expect(offersAssetDiscovery({ '0x1': { assetDiscovery: { supported: true } } }, '0x1')).toBe(true)
    expect(offersAssetDiscovery({ '0x0': { assetDiscovery: { supported: true } } }, '0x1')).toBe(true)
    expect(offersAssetDiscovery({ '0x1': { assetDiscovery: { supported: false } } }, '0x1')).toBe(false)
    expect(offersAssetDiscovery(null, '0x1')).toBe(false)
  })

  it('asks a wallet that offers assets, and asks about capabilities once', async () => {
    const request = vi.fn(async ({ method }: { method: string }) => {
      if (method === 'wallet_getCapabilities') return { '0x1': { assetDiscovery: { supported: true } } }
      if (method === 'wallet_getAssets') return { '0x1': [] }
      throw new Error('unexpected')
    })
    const reader = createWalletAssetsReader()
    const provider = { request }
    expect(await reader.read(provider, ACCOUNT)).toEqual({ '0x1': [] })
    await reader.read(provider, ACCOUNT)
    expect(request.mock.calls.map(([a]) => a.method)).toEqual(['wallet_getCapabilities', 'wallet_getAssets', 'wallet_getAssets'])
    expect(request.mock.calls[1]![0]).toEqual({ method: 'wallet_getAssets', params: [{ account: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', chainFilter: ['0x1'] }] })
  })

  it('never asks for assets a wallet that does not offer them', async () => {
    const request = vi.fn(async () => {
      throw { code: 4200, message: 'Unsupported method' }
    })
    const reader = createWalletAssetsReader()
    const provider = { request }
    expect(await reader.read(provider, ACCOUNT)).toBeNull()
    expect(await reader.read(provider, ACCOUNT)).toBeNull()
    expect(await reader.read(provider, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv')).toBeNull()
    expect(request).toHaveBeenCalledTimes(1)
  })

  it('the session asks the connected wallet online, and not at all offline (its answer would need the network)', async () => {
    const request = vi.fn(async ({ method }: { method: string }) => (method === 'wallet_getCapabilities' ? { '0x1': { assetDiscovery: { supported: true } } } : { '0x1': [] }))
    const snapshot = {
      core: { activeNamespace: 'eip155', connections: { eip155: { status: 'connected', caipAddress: ACCOUNT, connectorId: 'w' } } },
      connectors: [{ id: 'w', getProvider: async () => ({ request }) }],
    }
    const setWalletAssets = vi.fn(async () => true)
    const feature = startWalletAssets({ client: { get: () => snapshot } as never, api: { setWalletAssets } as never })
    const onLine = vi.spyOn(navigator, 'onLine', 'get')
    try {
      onLine.mockReturnValue(false)
      await feature.handOver()
      expect(request).not.toHaveBeenCalled()
      onLine.mockReturnValue(true)
      await feature.handOver()
      expect(request.mock.calls.map(([a]) => a.method)).toEqual(['wallet_getCapabilities', 'wallet_getAssets'])
      expect(setWalletAssets).toHaveBeenCalledWith(ACCOUNT, { '0x1': [] })
    } finally {
      onLine.mockRestore()
    }
  })
})
