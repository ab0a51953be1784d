import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { walletConnectPeerMetadataSchema, walletConnectPeerSchema, WALLET_CONNECT_PEER_DESCRIPTION_MAX, WALLET_CONNECT_PEER_ICONS_MAX, WALLET_CONNECT_PEER_NAME_MAX } from './walletConnect.ts'

const EMPTY = { name: '', description: '', url: '', icons: [] }

describe('walletConnectPeerMetadataSchema: the wallet’s own description of itself', () => {
  it('keeps an honest wallet’s metadata as it is', () => {
    const metadata = { name: 'Test phone', description: 'A wallet in a test', url: 'https://wallet.example', icons: ['https://wallet.example/icon.png'] }
    expect(walletConnectPeerMetadataSchema.parse(metadata)).toEqual({ ...metadata, url: 'https://wallet.example/' })
    expect(walletConnectPeerMetadataSchema.parse({ ...metadata, url: 'http://127.0.0.1:5173', icons: ['http://127.0.0.1:5173/i.png'] })).toMatchObject({
      url: 'http://127.0.0.1:5173/',
      icons: ['http://127.0.0.1:5173/i.png'],
    })
  })

  it('hostile fields become empty; the rest of the metadata stays', () => {
    const parsed = walletConnectPeerMetadataSchema.parse({
      name: '\u202eMetaMask\u0000\u0007 ' + 'x'.repeat(10_000),
      description: `<img src=x onerror=alert(1)>${'d'.repeat(10_000)}`,
      url: 'javascript:alert(document.cookie)',
      icons: [
        'javascript:alert(1)',
        'data:text/html,<script>alert(1)</script>',
        'data:image/svg+xml,<svg onload=alert(1)>',
        'vbscript:msgbox(1)',
        'blob:https://x.example/1',
        'file:///etc/passwd',
        'http://evil.example/i.png',
        42,
        null,
        { url: 'https://x' },
        'https://wallet.example/ok.png',
      ],
    })
    expect(parsed.name.startsWith('MetaMask x')).toBe(true)
    expect(parsed.name).toHaveLength(WALLET_CONNECT_PEER_NAME_MAX)
    expect(parsed.name).not.toMatch(/[\u0000-\u001f\u202e]/)
    expect(parsed.description).toHaveLength(WALLET_CONNECT_PEER_DESCRIPTION_MAX)
    expect(parsed.url).toBe('')
    expect(parsed.icons).toEqual(['https://wallet.example/ok.png'])
  })

  it('wrong types and missing fields give empty fields, never a failure', () => {
    expect(walletConnectPeerMetadataSchema.parse({ name: 7, description: ['x'], url: { href: 'https://x' }, icons: 'https://wallet.example/i.png' })).toEqual(EMPTY)
    expect(walletConnectPeerMetadataSchema.parse({})).toEqual(EMPTY)
    for (const junk of [undefined, null, 'metadata', 3, [], true]) expect(walletConnectPeerMetadataSchema.parse(junk)).toEqual(EMPTY)
    const many = Array.from({ length: 50 }, (_, i) => `https://wallet.example/${i}.png`)
    expect(walletConnectPeerMetadataSchema.parse({ icons: many }).icons).toEqual(many.slice(0, WALLET_CONNECT_PEER_ICONS_MAX))
  })

  it('whatever a wallet sends, the session’s peer parses and holds only gated URLs (fast-check)', () => {
    const field = fc.oneof(fc.string(), fc.webUrl(), fc.constantFrom('javascript:alert(1)', 'data:text/html,x', 'vbscript:x', 'blob:https://a/1', 'file:///x'), fc.anything())
    fc.assert(
      fc.property(fc.oneof(fc.record({ name: field, description: field, url: field, icons: fc.oneof(fc.array(field), field) }, { requiredKeys: [] }), fc.anything()), (metadata) => {
        const { name, url, icons } = walletConnectPeerMetadataSchema.parse(metadata)
        expect(walletConnectPeerSchema.parse({ name, url, icons })).toEqual({ name, url, icons })
        expect(name.length).toBeLessThanOrEqual(WALLET_CONNECT_PEER_NAME_MAX)
        for (const u of [url, ...icons].filter(Boolean)) expect(new URL(u).protocol).toMatch(/^https?:$/)
      }),
      { numRuns: 1000 },
    )
  })
})
