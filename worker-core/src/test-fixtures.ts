import type { CoreConfig, TokenBalance } from '@portico/shared-types'

export const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const CAIP_ADDRESS = `eip155:31337:${ADDRESS}` as const

export const testConfig: CoreConfig = {
  projectId: 'test-project',
  apiUrl: 'http://api.test',
  networks: [
    {
      id: 31337,
      caipNetworkId: 'eip155:31337',
      chainNamespace: 'eip155',
      name: 'Portico Local',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
    },
  ],
}

export function balance(partial: Partial<TokenBalance> = {}): TokenBalance {
  return {
    name: 'Ether',
    symbol: 'ETH',
    chainId: 'eip155:31337',
    value: 3000,
    price: 3000,
    quantity: { decimals: '18', numeric: '1' },
    iconUrl: 'http://api.test/icons/eth.svg',
    ...partial,
  }
}
