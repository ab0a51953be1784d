import { describe, expect, it } from 'vitest'
import { porticoConfigSchema } from './config.ts'
import { parseSiwxTime, siwxCacaoMismatch, siwxConfigSchema, siwxInputSchema, siwxOptions, siwxTimeProblem, type SiwxCacao } from './siwx.ts'

const dappConfig = {
  createMessage: async () => ({ accountAddress: '0x1', chainId: 'eip155:1' as const, toString: () => 'm' }),
  addSession: async () => undefined,
  getSessions: async () => [],
  revokeSession: async () => undefined,
  getRequired: () => true,
}

describe('siwx configuration', () => {
  it('takes siwx or the older siweConfig, with defaults, and rejects both at once', () => {
    const options = siwxConfigSchema.parse({ required: true })
    expect(options).toEqual({ required: true, expiresInMs: 24 * 60 * 60 * 1000 })
    expect(siwxOptions({ siwx: options })).toBe(options)
    expect(siwxOptions({ siweConfig: options })).toBe(options)
    expect(siwxOptions({})).toBeNull()
    expect(() => siwxOptions({ siwx: options, siweConfig: options })).toThrow('Set either siwx or siweConfig, not both')
  })

  it("takes a dapp's own SIWX configuration, keeping its functions; both it and siweConfig is rejected", () => {
    const parsed = siwxInputSchema.parse(dappConfig)
    expect(parsed).toMatchObject({ createMessage: dappConfig.createMessage, getRequired: dappConfig.getRequired, signOutOnDisconnect: true })
    expect(siwxInputSchema.parse({ required: true })).toEqual({ required: true, expiresInMs: 24 * 60 * 60 * 1000 })
    const base = { networks: [{ id: 1, caipNetworkId: 'eip155:1', chainNamespace: 'eip155', name: 'E', nativeCurrency: { name: 'E', symbol: 'E', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:1'] } } }], metadata: { name: 'd', url: 'http://127.0.0.1/' }, apiUrl: 'http://127.0.0.1:2' }
    const config = porticoConfigSchema.parse({ ...base, siwx: dappConfig })
    expect(config.siwx).toMatchObject({ addSession: dappConfig.addSession })
    expect(() => siwxOptions(porticoConfigSchema.parse({ ...base, siwx: dappConfig, siweConfig: {} }))).toThrow('Set either siwx or siweConfig, not both')
  })

  it('refuses a dapp configuration given in part, naming what is missing or not a function', () => {
    const { revokeSession: _missing, ...partial } = dappConfig
    expect(siwxInputSchema.safeParse(partial).error?.issues[0]).toMatchObject({ path: ['revokeSession'], message: 'siwx.revokeSession must be a function' })
    expect(siwxInputSchema.safeParse({ ...dappConfig, getSessions: 'no' }).error?.issues[0]?.message).toBe('siwx.getSessions must be a function')
  })
})

describe('SIWX times and CACAOs', () => {
  it('reads RFC 3339 date-times only; an unparseable expiry or not-before is a problem, never "no expiry"', () => {
    expect(parseSiwxTime('2026-11-25T10:00:00.000Z')).toBe(Date.UTC(2026, 10, 25, 10))
    expect(parseSiwxTime('2026-11-25T12:00:00+02:00')).toBe(Date.UTC(2026, 10, 25, 10))
    for (const bad of ['never', '2026-11-25', '2026', 'Wed, 25 Nov 2026 10:00:00 GMT', '2026-13-45T99:00:00Z', '']) expect(parseSiwxTime(bad), bad).toBeNull()
    const now = Date.UTC(2026, 10, 25, 10)
    expect(siwxTimeProblem({ issuedAt: '2026-11-25T09:00:00Z', expirationTime: '2026-11-25T11:00:00Z' }, now)).toBeNull()
    expect(siwxTimeProblem({ expirationTime: 'tomorrow' }, now)).toBe('Expiration Time is not an RFC 3339 date-time')
    expect(siwxTimeProblem({ notBefore: 'soon' }, now)).toBe('Not Before is not an RFC 3339 date-time')
    expect(siwxTimeProblem({ issuedAt: 'today' }, now)).toBe('Issued At is not an RFC 3339 date-time')
    expect(siwxTimeProblem({ expirationTime: '2026-11-25T10:00:00Z' }, now)).toBe('Expired')
    expect(siwxTimeProblem({ notBefore: '2026-11-25T10:00:01Z' }, now)).toBe('Not yet valid')
  })

  it('a CACAO matches only the message and signature it claims', () => {
    const address = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'
    const fields = { address, chainId: 1, domain: 'dapp.example', uri: 'https://dapp.example/', version: '1', nonce: 'abcdef0123456789', statement: 'Hi', issuedAt: new Date('2026-11-25T10:00:00.000Z'), expirationTime: new Date('2026-11-26T10:00:00.000Z') }
    const cacao: SiwxCacao = {
      h: { t: 'caip122' },
      p: { domain: 'dapp.example', aud: 'https://dapp.example/', iss: `did:pkh:eip155:1:${address.toLowerCase()}`, version: '1', nonce: 'abcdef0123456789', iat: '2026-11-25T10:00:00Z', exp: '2026-11-26T10:00:00.000Z', statement: 'Hi' },
      s: { t: 'eip191', s: '0xabcd' },
    }
    expect(siwxCacaoMismatch(cacao, fields, '0xABCD')).toBeNull()
    expect(siwxCacaoMismatch(cacao, fields, '0xabce')).toBe("the CACAO's signature is not the session's signature")
    expect(siwxCacaoMismatch(cacao, { ...fields, chainId: 2 }, '0xabcd')).toMatch(/issuer/)
    expect(siwxCacaoMismatch(cacao, { ...fields, domain: 'evil.example' }, '0xabcd')).toMatch(/domain/)
    expect(siwxCacaoMismatch(cacao, { ...fields, uri: 'https://evil.example/' }, '0xabcd')).toMatch(/aud/)
    expect(siwxCacaoMismatch(cacao, { ...fields, nonce: 'zzzzzzzzzz' }, '0xabcd')).toMatch(/nonce/)
    expect(siwxCacaoMismatch(cacao, { ...fields, expirationTime: undefined }, '0xabcd')).toMatch(/exp/)
    expect(siwxCacaoMismatch({ ...cacao, p: { ...cacao.p, exp: 'never' } }, fields, '0xabcd')).toMatch(/exp/)
    expect(siwxCacaoMismatch(cacao, { ...fields, notBefore: new Date() }, '0xabcd')).toMatch(/nbf/)
    expect(siwxCacaoMismatch(cacao, { ...fields, statement: 'Other' }, '0xabcd')).toMatch(/statement/)
    expect(siwxCacaoMismatch({ ...cacao, s: { t: 'none', s: '0xabcd' } }, fields, '0xabcd')).toMatch(/signature type/)
    // WalletConnect appends its ReCap sentence to the statement when the resources carry a ReCap.
    const recap = { ...cacao, p: { ...cacao.p, resources: ['urn:recap:eyJhdHQiOnt9fQ'] } }
    expect(siwxCacaoMismatch(recap, { ...fields, statement: 'Hi I further authorize the stated URI', resources: ['urn:recap:eyJhdHQiOnt9fQ'] }, '0xabcd')).toBeNull()
    expect(siwxCacaoMismatch(recap, { ...fields, resources: [] }, '0xabcd')).toMatch(/resources/)
  })
})
