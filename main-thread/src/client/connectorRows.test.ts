import { describe, expect, it } from 'vitest'
import type { CatalogueWallet, WalletListing } from '@portico/shared-types'
import type { Connector } from '../connectors/types.ts'
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
const unused = () => Promise.reject(new Error('not called'))
const connector = (id: string, type: Connector['type'] = 'ANNOUNCED', rdns: string | undefined = id): Connector => ({
  id,
  type,
  name: id,
  icon: 'data:image/svg+xml,',
  rdns,
  namespaces: ['eip155'],
  approval: 'wallet',
  connect: unused,
  disconnect: unused,
  getCaipAddress: unused,
  switchChain: unused,
  getProvider: unused,
  subscribe: () => () => undefined,
})

describe('connectorRows', () => {
  it('orders walletConnect, recent, injected, featured, custom, external, recommended, each wallet once', () => {
    const recent: WalletListing[] = [listing('r1'), listing('inj-b', 'b.wallet')]
    const rows = connectorRows({
      connectors: [connector('a.wallet'), connector('b.wallet'), connector('x.wallet', 'EXTERNAL'), connector('ext-a', 'EXTERNAL', 'a.wallet'), connector('email', 'AUTH', undefined)],
      recent,
      featured: [listing('f1'), listing('dup-a', 'a.wallet'), listing('r1')],
      custom: [
        { id: 'c1', name: 'Custom One', image_url: 'http://dapp/c1.svg' },
        { id: 'c-dup', name: 'Dup', rdns: 'b.wallet' },
      ],
      recommended: [listing('rec1'), listing('f1'), listing('rec2')],
      imageUrl: (id) => (id ? `http://cat/${id}` : null),
    })
    expect(rows.map((r) => r.key)).toEqual(['walletConnect', 'recent:r1', 'recent:inj-b', 'injected:a.wallet', 'featured:f1', 'custom:c1', 'external:x.wallet', 'recommended:rec1', 'recommended:rec2'])
    // A recent wallet that is on the page connects through the page (ConnectingExternal).
    expect(rows[2]).toMatchObject({ kind: 'connector', recent: true, connector: { id: 'b.wallet' } })
    expect(rows[6]).toMatchObject({ kind: 'connector', external: true, connector: { id: 'x.wallet' } })
    expect(rows[1]).toMatchObject({ kind: 'catalogue', imageUrl: 'http://cat/img-r1', tag: 'recent' })
    expect(rows[5]).toMatchObject({ kind: 'catalogue', imageUrl: 'http://dapp/c1.svg', tag: 'custom', wallet: { id: 'c1', name: 'Custom One', rdns: null } })
  })
})
