/** Valid samples of every payload the fuzzers mutate (each is checked to pass its schema first). */
const A = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955'
const B = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const TOKEN = '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35'
export const ADDRESSES = { A, B, TOKEN } as const
const CAIP = `eip155:31337:${A}`

export const tokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:31337',
  value: 2250.45,
  price: 2250.45,
  quantity: { decimals: '18', numeric: '1.0' },
  iconUrl: 'http://127.0.0.1:8787/v1/icons/eth.svg',
}
export const usdcBalance = { ...tokenBalance, name: 'USD Coin', symbol: 'USDC', address: `eip155:31337:${TOKEN}`, quantity: { decimals: '6', numeric: '12.5' } }

export const transaction = {
  id: '0xabc',
  metadata: {
    operationType: 'send',
    hash: '0xabc',
    minedAt: '2026-11-20T10:00:00.000Z',
    sentFrom: A,
    sentTo: B,
    status: 'confirmed',
    nonce: 3,
    chain: 'eip155:31337',
  },
  transfers: [
    { fungible_info: { name: 'Ether', symbol: 'ETH', icon: { url: 'http://127.0.0.1:8787/i.svg' } }, direction: 'out', quantity: { numeric: '0.5' }, value: 1125, price: 2250 },
    { nft_info: { name: 'Portico Punk #1', content: { preview: { url: 'http://127.0.0.1:8787/n.svg' } }, flags: { is_spam: false } }, direction: 'in', quantity: { numeric: '1' } },
  ],
}

export const nftHolding = {
  chain: 'eip155:31337',
  contract: TOKEN,
  tokenId: '7',
  name: 'Portico Punk #7',
  collection: { name: 'Portico Punks' },
  imageUrl: 'http://127.0.0.1:8787/nft/7.svg',
  flags: { is_spam: false },
}

export const walletListing = {
  id: 'sandbox-wallet',
  name: 'Sandbox Wallet',
  image_id: 'sandbox-wallet',
  rdns: 'dev.portico.sandbox-wallet',
  chains: ['eip155:31337', 'eip155:31338'],
  mobile_link: 'sandboxwallet://',
  desktop_link: null,
  webapp_link: 'http://127.0.0.1:8791',
  homepage: 'https://example.org',
  badge_type: 'certified',
}

export const profileAccount = {
  name: 'alice.reown.id',
  registered: 1_700_000_000,
  updated: 1_700_000_100,
  addresses: { '60': { address: A, created: 1_700_000_000 }, '2147514985': { address: A } },
  attributes: { avatar: 'http://127.0.0.1:8787/a.svg', bio: 'hi' },
}

const builtTx = { from: CAIP, to: `eip155:31337:${TOKEN}`, data: '0x095ea7b3', value: '0', eip155: { gas: '60000', gasPrice: '1000000000' } }

export const onrampOptions = {
  paymentCurrencies: [{ id: 'USD', payment_method_limits: [{ id: 'card', min: '10.00', max: '7500.00' }] }],
  purchaseCurrencies: [{ id: 'eth', name: 'Ether', symbol: 'ETH', networks: [{ name: 'portico-local', display_name: 'Portico Local', chain_id: '31337', contract_address: '' }] }],
}
const money = (value: string, currency = 'USD') => ({ value, currency })
export const onrampQuote = {
  paymentTotal: money('50.00'),
  paymentSubtotal: money('48.50'),
  purchaseAmount: money('0.016166', 'ETH'),
  coinbaseFee: money('1.00'),
  networkFee: money('0.50'),
  quoteId: '5f0c2a8e-0000-4000-8000-000000000001',
}

export const siwxData = {
  accountAddress: A,
  chainId: 'eip155:31337',
  domain: '127.0.0.1:5173',
  uri: 'http://127.0.0.1:5173',
  version: '1',
  nonce: 'abcdefgh1234',
  issuedAt: '2026-11-25T10:00:00.000Z',
  expirationTime: '2026-11-26T10:00:00.000Z',
  statement: 'Sign in',
}
export const siwxSession = { data: siwxData, message: 'example.org wants you to sign in', signature: '0xdeadbeef' }

/** The HTTP answers of the data API (names, onramp, SIWX included) and the catalogue, by the schema the core reads them with. */
export const HTTP_SAMPLES = {
  supportedChains: [{ http: ['eip155:31337', 'eip155:31338'], ws: [] }],
  identity: [
    { name: 'alice.reown.id', avatar: null },
    { name: null, avatar: 'http://127.0.0.1:8787/a.svg' },
  ],
  balance: [{ balances: [tokenBalance, usdcBalance] }],
  history: [
    { data: [transaction], next: 'cursor-2' },
    { data: [], next: null },
  ],
  fungiblePrice: [{ fungibles: [{ name: 'Ether', symbol: 'ETH', iconUrl: 'http://127.0.0.1:8787/i.svg', price: 2250.45, address: `eip155:31337:${TOKEN}` }] }],
  swapTokens: [{ tokens: [{ name: 'USD Coin', symbol: 'USDC', chainId: 'eip155:31337', address: `eip155:31337:${TOKEN}`, decimals: 6, logoUri: 'http://127.0.0.1:8787/u.svg' }] }],
  nftHoldings: [{ data: [nftHolding] }],
  swapQuotes: [{ quotes: [{ fromAmount: '1000000', fromAccount: `eip155:31337:${TOKEN}`, toAmount: '500000000000000', toAccount: 'eip155:31337:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE' }] }],
  swapAllowance: [{ allowance: '0' }, { allowance: '115792089237316195423570985008687907853269984665640564039457584007913129639935' }],
  gasPrice: [{ standard: '1000000000', fast: '1500000000', instant: '2000000000' }],
  buildTransaction: [{ tx: builtTx }],
  buildApprove: [{ tx: { ...builtTx, eip155: undefined } }],
  profileAccount: [profileAccount],
  profileReverse: [[profileAccount], []],
  nameSuggestions: [
    {
      suggestions: [
        { name: 'alice1.reown.id', registered: false },
        { name: 'alice.reown.id', registered: true },
      ],
    },
  ],
  onrampOptions: [onrampOptions],
  onrampQuote: [onrampQuote],
  onrampUrl: [{ url: 'http://127.0.0.1:8787/onramp/checkout?session=abc' }],
  smartSession: [{ pci: 'pci-1', account: CAIP, expiry: 1_900_000_000, revokedAt: null, permissions: [{ type: 'native-token-recurring-allowance', data: { allowance: '0x1' } }] }],
  getWallets: [{ count: 1, data: [walletListing] }],
  analyticsConfig: [{ isAnalyticsEnabled: true }],
  siwxNonce: [{ nonce: 'abcdefgh1234' }],
  siwxSession: [{ session: { address: A, chainId: 31337, domain: '127.0.0.1:5173', uri: 'http://127.0.0.1:5173', nonce: 'abcdefgh1234', issuedAt: '2026-11-25T10:00:00.000Z', expirationTime: null } }],
  siwxSignOut: [{ ok: true }],
} as const
