import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { safeHref, toSafeUrl, UnsafeUrlError } from './safeUrl.ts'
import { safeImageUrlOrNull } from './safeUrlSchema.ts'
import { fungiblePriceResponseSchema, historyResponseSchema, identityResponseSchema, nftHoldingsResponseSchema, swapTokensResponseSchema } from './api/data-api.ts'
import { balanceResponseSchema } from './balance.ts'
import { walletAssetsResponseSchema } from './wallet-assets.ts'
import { eip6963ProviderInfoSchema } from './eip1193.ts'

/** Image sources an attacker would serve: none may come out of the gate, whatever the options. */
const HOSTILE_IMAGES = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  '\u0000javascript:alert(1)',
  ' javascript:alert(1)',
  'vbscript:msgbox(1)',
  'VBSCRIPT:msgbox(1)',
  'data:text/html,<script>alert(1)</script>',
  'DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'data:text/html;image/png,<script>alert(1)</script>',
  'data:,image/png',
  'data:image/svg+xmlfoo,<svg/>',
  'data:image/pngx;base64,AAAA',
  'data:image/bmp;base64,Qk0=',
  'data:image/x-icon;base64,AAAA',
  'data:application/javascript,alert(1)',
  'data:image/svg+xml',
  ' data:image/png;base64,iVBORw0KGgo=',
  '\u0000data:image/png;base64,iVBORw0KGgo=',
  'data:image/svg+xml,<svg onload="alert(1)">\u0000</svg>',
  'data:image/svg+xml,<svg>\n<script>alert(1)</script></svg>',
  `data:image/png;base64,${'A'.repeat(600 * 1024)}`,
  // Under the bound as written, over it once its right-to-left overrides are percent-encoded.
  `data:image/svg+xml;base64,PHN2Zy8+${'\u202e'.repeat(100 * 1024)}`,
  'blob:https://dapp.example/0b7c5f3e-1111-2222-3333-444444444444',
  'file:///etc/passwd',
  'filesystem:https://dapp.example/temporary/x.png',
  'about:blank',
  'http://evil.example/logo.png',
  'http://127.0.0.1.evil.example/logo.png',
  'https://user:pw@cdn.example/logo.png',
  '//cdn.example/logo.png',
  '/logo.png',
  '',
]

describe('toSafeUrl: the image kind', () => {
  it.each(HOSTILE_IMAGES)('refuses %j as an image, with or without data images', (raw) => {
    for (const allowDataImage of [false, true]) {
      const refused = toSafeUrl(raw, { kind: 'image', allowLoopbackHttp: true, allowDataImage })
      expect(refused).toBeInstanceOf(UnsafeUrlError)
      expect((refused as UnsafeUrlError).details).toMatch(/^Refused URL \(/)
      expect(safeHref(raw, { kind: 'image', allowLoopbackHttp: true, allowDataImage })).toBeNull()
    }
  })

  it('takes https images, and http ones on a loopback host only where allowed', () => {
    expect(safeHref('https://cdn.example/tokens/eth.svg', { kind: 'image' })).toBe('https://cdn.example/tokens/eth.svg')
    expect(safeHref('http://127.0.0.1:8787/icons/ETH.svg', { kind: 'image', allowLoopbackHttp: true })).toBe('http://127.0.0.1:8787/icons/ETH.svg')
    expect(safeHref('http://127.0.0.1:8787/icons/ETH.svg', { kind: 'image' })).toBeNull()
    expect(safeHref('http://localhost/x.png', { kind: 'image', allowLoopbackHttp: true })).toBe('http://localhost/x.png')
  })

  it('takes data:image/(png|jpeg|gif|webp|svg+xml) only with allowDataImage (EIP-6963 icons)', () => {
    const icons = [
      'data:image/png;base64,iVBORw0KGgo=',
      'data:image/jpeg;base64,/9j/4AAQ',
      'data:image/gif;base64,R0lGODlh',
      'data:image/webp;base64,UklGRg==',
      'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"/>',
      'data:image/svg+xml;base64,PHN2Zy8+',
      'DATA:IMAGE/PNG;base64,iVBORw0KGgo=',
    ]
    for (const icon of icons) {
      expect(safeHref(icon, { kind: 'image', allowDataImage: true })).toBe(new URL(icon).href)
      expect(safeHref(icon, { kind: 'image' })).toBeNull()
      expect(safeHref(icon, { kind: 'web', allowDataImage: true })).toBeNull()
      expect(safeHref(icon, { kind: 'walletDeepLink', allowedScheme: 'data', allowDataImage: true })).toBeNull()
    }
  })

  it('whatever the string, an image source is https, loopback http, an allowed data image, or refused (fast-check)', () => {
    const disguised = fc
      .tuple(
        fc.constantFrom('javascript', 'vbscript', 'data', 'blob', 'file', 'data:image/png', 'data:image/svg+xml'),
        fc.constantFrom('', '\t', '\n', '\u0000', ' ', ';', ','),
        fc.constantFrom('', '\t', '\u0000', ' '),
        fc.string(),
      )
      .map(([scheme, inner, lead, rest]) => `${lead}${scheme}${inner}:${rest}`)
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), disguised), fc.boolean(), (raw, allowDataImage) => {
        const out = safeHref(raw, { kind: 'image', allowLoopbackHttp: true, allowDataImage })
        if (out === null) return
        const url = new URL(out)
        if (url.protocol === 'data:') {
          expect(allowDataImage).toBe(true)
          expect(out).toMatch(/^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i)
          // eslint-disable-next-line no-control-regex
          expect(out).not.toMatch(/[\u0000-\u001f]/)
        } else {
          expect(['https:', 'http:']).toContain(url.protocol)
          if (url.protocol === 'http:') expect(url.hostname).toMatch(/^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/)
        }
      }),
      { numRuns: 3000 },
    )
  })
})

describe('the response schemas drop a refused image (the entity stays, without its image)', () => {
  const hostile = 'javascript:alert(document.domain)'
  const chain = 'eip155:1'
  const token = '0x' + 'a'.repeat(40)

  it('safeImageUrlOrNull: every hostile value becomes null, a good one stays', () => {
    for (const raw of HOSTILE_IMAGES) expect(safeImageUrlOrNull().parse(raw)).toBeNull()
    expect(safeImageUrlOrNull().parse(null)).toBeNull()
    expect(safeImageUrlOrNull().parse('https://cdn.example/a.png')).toBe('https://cdn.example/a.png')
    expect(safeImageUrlOrNull().parse('data:image/png;base64,iVBORw0KGgo=')).toBeNull()
    expect(safeImageUrlOrNull({ allowDataImage: true }).parse('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=')
  })

  it('identity: the name stays, the avatar is null', () => {
    expect(identityResponseSchema.parse({ name: 'alice.reown.id', avatar: 'data:text/html,<script>alert(1)</script>' })).toEqual({ name: 'alice.reown.id', avatar: null })
  })

  it('balances: the token stays, its icon is null; a stored null parses again', () => {
    const balance = { name: 'Ether', symbol: 'ETH', chainId: chain, value: 1, price: 1, quantity: { decimals: '18', numeric: '1' }, iconUrl: hostile }
    const [parsed] = balanceResponseSchema.parse({ balances: [balance, { ...balance, iconUrl: 'https://cdn.example/eth.svg' }] }).balances
    expect(parsed).toMatchObject({ symbol: 'ETH', iconUrl: null })
    expect(balanceResponseSchema.parse({ balances: [parsed] }).balances[0]!.iconUrl).toBeNull()
  })

  it('NFTs, history, prices, swap tokens and wallet assets', () => {
    const nft = { chain, contract: token, tokenId: '1', name: 'Punk', collection: { name: 'C' }, imageUrl: 'vbscript:msgbox(1)', flags: { is_spam: false } }
    expect(nftHoldingsResponseSchema.parse({ data: [nft] }).data).toEqual([{ ...nft, imageUrl: null }])

    const tx = {
      id: 't',
      metadata: { operationType: 'send', hash: '0x1', minedAt: '2026-01-01T00:00:00Z', sentFrom: token, sentTo: token, status: 'confirmed', nonce: 0, chain },
      transfers: [
        { fungible_info: { name: 'Ether', symbol: 'ETH', icon: { url: 'blob:https://x.example/1' } }, direction: 'out', quantity: { numeric: '1' } },
        { nft_info: { name: 'Punk', content: { preview: { url: 'file:///etc/passwd' } }, flags: { is_spam: false } }, direction: 'in', quantity: { numeric: '1' } },
      ],
    }
    const [parsedTx] = historyResponseSchema.parse({ data: [tx], next: null }).data
    expect(parsedTx!.transfers[0]!.fungible_info!.icon).toEqual({ url: null })
    expect(parsedTx!.transfers[1]!.nft_info!.content.preview).toEqual({ url: null })

    expect(fungiblePriceResponseSchema.parse({ fungibles: [{ name: 'USD Coin', symbol: 'USDC', iconUrl: hostile, price: 1 }] }).fungibles[0]).toMatchObject({ symbol: 'USDC', iconUrl: null })
    const swapToken = { name: 'USD Coin', symbol: 'USDC', chainId: chain, address: `${chain}:${token}`, decimals: 6, logoUri: 'data:text/html,x' }
    expect(swapTokensResponseSchema.parse({ tokens: [swapToken] }).tokens[0]).toMatchObject({ symbol: 'USDC', logoUri: null })

    const asset = { address: token, balance: '0x1', type: 'ERC20', metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6, price: 1, iconUrl: hostile } }
    expect(walletAssetsResponseSchema.parse({ '0x1': [asset] })['0x1']![0]!.metadata.iconUrl).toBeNull()
    expect(walletAssetsResponseSchema.safeParse({ '0x1': [{ ...asset, metadata: { ...asset.metadata, iconUrl: null } }] }).success).toBe(false)
  })

  it('EIP-6963: a data image icon stays; an icon the gate refuses becomes empty, the wallet stays', () => {
    const info = { uuid: 'u', name: 'Wallet', rdns: 'io.wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>' }
    expect(eip6963ProviderInfoSchema.parse(info).icon).toBe(info.icon)
    expect(eip6963ProviderInfoSchema.parse({ ...info, icon: 'data:image/bmp;base64,Qk0=' }).icon).toBe('')
    expect(eip6963ProviderInfoSchema.parse({ ...info, icon: 'data:image/svg+xml,<svg>\u0000</svg>' }).icon).toBe('')
    expect(eip6963ProviderInfoSchema.safeParse({ ...info, icon: 'data:text/html,<script>alert(1)</script>' }).success).toBe(false)
  })
})
