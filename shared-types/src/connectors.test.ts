import { describe, expect, it } from 'vitest'
import type { WalletListing } from './api/catalogue.ts'
import { orderConnectors, walletImageUrl, type ConnectorInfo } from './connectors.ts'
import { formatUnits } from './wallet-assets.ts'

const listing = (id: string, rdns: string | null = `com.${id}`): WalletListing => ({
  id,
  name: id,
  image_id: null,
  rdns,
  chains: [],
  mobile_link: null,
  desktop_link: null,
  webapp_link: null,
})

describe('orderConnectors (SPEC.md §1 order)', () => {
  it('orders walletConnect, recent, injected, featured, custom, external, recommended', () => {
    const connectors: ConnectorInfo[] = [
      { id: 'ext', name: 'Coinbase SDK', type: 'EXTERNAL' },
      { id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', rdns: 'io.metamask' },
      { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT' },
      { id: 'auth', name: 'Email', type: 'AUTH' },
    ]
    const items = orderConnectors({
      connectors,
      recent: [listing('rainbow')],
      featured: [listing('trust')],
      custom: [{ id: 'mine', name: 'My wallet' }],
      recommended: [listing('zerion')],
    })
    expect(items.map((i) => `${i.kind}:${i.id}`)).toEqual([
      'walletConnect:walletConnect',
      'recent:rainbow',
      'injected:io.metamask',
      'featured:trust',
      'custom:mine',
      'external:ext',
      'recommended:zerion',
    ])
  })

  it('shows each wallet once: installed beats recent, recent beats featured and recommended, by rdns or id', () => {
    const items = orderConnectors({
      connectors: [{ id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', rdns: 'io.metamask', explorerId: 'mm' }],
      recent: [listing('mm', 'io.metamask'), listing('rainbow')],
      featured: [listing('rainbow'), listing('trust'), listing('mm', null)],
      recommended: [listing('trust'), listing('zerion'), listing('other', 'me.rainbow'), listing('x')],
      excludeWalletIds: ['x'],
    })
    expect(items.map((i) => `${i.kind}:${i.id}`)).toEqual(['recent:rainbow', 'injected:io.metamask', 'featured:trust', 'recommended:zerion', 'recommended:other'])
  })
})

describe('catalogue helpers', () => {
  it('builds wallet image URLs with the project fields', () => {
    expect(walletImageUrl({ catalogueUrl: 'http://127.0.0.1:8788', projectId: 'p', imageId: 'a b' })).toBe(
      'http://127.0.0.1:8788/getWalletImage/a%20b?projectId=p&st=portico&sv=react-portico-0.1.0',
    )
  })

  it('formats units without floating point', () => {
    expect(formatUnits(1_500_000n, 6)).toBe('1.5')
    expect(formatUnits(10n ** 18n, 18)).toBe('1')
    expect(formatUnits(1n, 18)).toBe('0.000000000000000001')
    expect(formatUnits(123n, 0)).toBe('123')
    expect(formatUnits(-25n, 1)).toBe('-2.5')
  })
})
