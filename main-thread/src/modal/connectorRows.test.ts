import { describe, expect, it } from 'vitest'
import type { CatalogueWallet, WalletListing } from '@portico/shared-types'
import type { DiscoveredWallet } from '../connectors/eip6963.ts'
import { connectorRows } from './connectorRows.ts'

const listing = (id: string, rdns: string | null = null): CatalogueWallet => ({
  id,
  name: id,
  image_id: `img-${id}`,
  rdns,
  chains: [],
  mobile_link: null,
  desktop_link: null,
  webapp_link: null,
  imageUrl: `http://cat/${id}.svg`,
})
const injected = (rdns: string): DiscoveredWallet => ({
  info: { uuid: rdns, name: rdns, icon: 'data:image/svg+xml,', rdns },
  provider: { request: async () => null },
})

describe('connectorRows', () => {
  it('orders walletConnect, recent, injected, featured, custom, external, recommended, each wallet once', () => {
    const recent: WalletListing[] = [listing('r1'), listing('inj-b', 'b.wallet')]
    const rows = connectorRows({
      injected: [injected('a.wallet'), injected('b.wallet')],
      recent,
      featured: [listing('f1'), listing('dup-a', 'a.wallet'), listing('r1')],
      custom: [{ id: 'c1', name: 'Custom One', image_url: 'http://dapp/c1.svg' }, { id: 'c-dup', name: 'Dup', rdns: 'b.wallet' }],
      external: [injected('x.wallet'), injected('a.wallet')],
      recommended: [listing('rec1'), listing('f1'), listing('rec2')],
      imageUrl: (id) => (id ? `http://cat/${id}` : null),
    })
    expect(rows.map((r) => r.key)).toEqual([
      'walletConnect',
      'recent:r1',
      'recent:inj-b',
      'injected:a.wallet',
      'featured:f1',
      'custom:c1',
      'external:x.wallet',
      'recommended:rec1',
      'recommended:rec2',
    ])
    // A recent wallet that is on the page connects through the page (ConnectingExternal).
    expect(rows[2]).toMatchObject({ kind: 'injected', recent: true })
    expect(rows[1]).toMatchObject({ kind: 'catalogue', imageUrl: 'http://cat/img-r1', tag: 'recent' })
    expect(rows[5]).toMatchObject({ kind: 'catalogue', imageUrl: 'http://dapp/c1.svg', tag: 'custom', wallet: { id: 'c1', name: 'Custom One', rdns: null } })
  })
})
