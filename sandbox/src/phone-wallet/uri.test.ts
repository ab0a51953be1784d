import { describe, expect, it } from 'vitest'
import { URI_MESSAGES, checkPairingUri, uriFromLocation } from './uri.ts'

const TOPIC = 'a'.repeat(64)
const KEY = 'b'.repeat(64)
const NOW = 1_800_000_000_000
const uri = (query: string, version = '2', topic = TOPIC) => `wc:${topic}@${version}?${query}`

describe('checkPairingUri', () => {
  it('accepts a v2 pairing URI as the dapps give it, trimmed', () => {
    const text = uri(`relay-protocol=irn&symKey=${KEY}&expiryTimestamp=${NOW / 1000 + 300}`)
    expect(checkPairingUri(`  ${text}\n`, NOW)).toEqual({
      ok: true,
      uri: text,
      pairing: { topic: TOPIC, symKey: KEY, relayProtocol: 'irn', expiresAt: NOW + 300_000 },
    })
    expect(checkPairingUri(uri(`symKey=${KEY}&relay-protocol=irn&methods=wc_sessionPropose`), NOW).ok).toBe(true)
  })

  it.each([
    ['', URI_MESSAGES.empty],
    ['hello', URI_MESSAGES.notWalletConnect],
    ['https://example.com/wc?uri=x', URI_MESSAGES.notWalletConnect],
    [`wc:${TOPIC}@1?bridge=https%3A%2F%2Fbridge&key=${KEY}`, URI_MESSAGES.version1],
    ['wc:', URI_MESSAGES.damaged],
    [uri('relay-protocol=irn'), URI_MESSAGES.damaged],
    [uri(`relay-protocol=irn&symKey=${KEY.slice(2)}`), URI_MESSAGES.damaged],
    [uri(`symKey=${KEY}`), URI_MESSAGES.damaged],
    [uri(`relay-protocol=irn&symKey=${KEY}`, '3'), URI_MESSAGES.damaged],
    [uri(`relay-protocol=irn&symKey=${KEY}`, '2', 'xyz'), URI_MESSAGES.damaged],
    [uri(`relay-protocol=irn&symKey=${KEY}&expiryTimestamp=soon`), URI_MESSAGES.damaged],
    [uri(`relay-protocol=irn&symKey=${KEY}&expiryTimestamp=${NOW / 1000 - 1}`), URI_MESSAGES.expired],
    [uri(`relay-protocol=irn&symKey=${KEY}&expiryTimestamp=${NOW / 1000}`), URI_MESSAGES.expired],
  ])('%j: %s', (input, message) => {
    expect(checkPairingUri(input, NOW)).toEqual({ ok: false, message })
  })
})

describe('uriFromLocation', () => {
  it('reads the deep link’s uri parameter, decoded', () => {
    const wc = uri(`relay-protocol=irn&symKey=${KEY}`)
    expect(uriFromLocation(`http://127.0.0.1:8791/wc?uri=${encodeURIComponent(wc)}`)).toBe(wc)
    expect(uriFromLocation('http://127.0.0.1:8791/wc')).toBeUndefined()
    expect(uriFromLocation('http://127.0.0.1:8791/wc?uri=%20')).toBeUndefined()
    expect(uriFromLocation('not a url')).toBeUndefined()
  })
})
