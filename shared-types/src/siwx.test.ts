import { describe, expect, it } from 'vitest'
import { porticoConfigSchema } from './config.ts'
import { createSignInMessageText, parseSignInMessageText } from '@solana/wallet-standard-util'
import { createSiwsMessage, parseSiwsMessage, siwsCacaoFields, type SiwsFields } from './siws.ts'
import { parseSiwxTime, siwxCacaoMismatch, siwxCacaoSchema, siwxConfigSchema, siwxInputSchema, siwxOptions, siwxTimeProblem, siwxVerifyRequestSchema, type SiwxCacao } from './siwx.ts'

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
    const base = {
      networks: [
        { id: 1, caipNetworkId: 'eip155:1', chainNamespace: 'eip155', name: 'E', nativeCurrency: { name: 'E', symbol: 'E', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:1'] } } },
      ],
      metadata: { name: 'd', url: 'http://127.0.0.1/' },
      apiUrl: 'http://127.0.0.1:2',
    }
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
    const fields = {
      address,
      chainId: 1,
      domain: 'dapp.example',
      uri: 'https://dapp.example/',
      version: '1',
      nonce: 'abcdef0123456789',
      statement: 'Hi',
      issuedAt: new Date('2026-11-25T10:00:00.000Z'),
      expirationTime: new Date('2026-11-26T10:00:00.000Z'),
    }
    const cacao: SiwxCacao = {
      h: { t: 'caip122' },
      p: {
        domain: 'dapp.example',
        aud: 'https://dapp.example/',
        iss: `did:pkh:eip155:1:${address.toLowerCase()}`,
        version: '1',
        nonce: 'abcdef0123456789',
        iat: '2026-11-25T10:00:00Z',
        exp: '2026-11-26T10:00:00.000Z',
        statement: 'Hi',
      },
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

describe('Sign In With Solana messages (CAIP-122)', () => {
  const ADDRESS = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
  const full: SiwsFields = {
    domain: 'dapp.example:5173',
    address: ADDRESS,
    statement: 'Sign in to the dapp',
    uri: 'https://dapp.example:5173',
    version: '1',
    chainId: 'CVKvLJxd3XizetK5FTJT3EZAi4RhiiK4',
    nonce: 'abcdef0123456789',
    issuedAt: '2026-11-25T10:00:00.000Z',
    expirationTime: '2026-11-26T10:00:00.000Z',
  }

  it('is written exactly as Wallet Standard wallets write it, and reads back what they write', () => {
    const text = createSiwsMessage(full)
    expect(text).toBe(createSignInMessageText(full))
    expect(text.split('\n').slice(0, 5)).toEqual(['dapp.example:5173 wants you to sign in with your Solana account:', ADDRESS, '', 'Sign in to the dapp', ''])
    expect(text).toContain('\nChain ID: CVKvLJxd3XizetK5FTJT3EZAi4RhiiK4\nNonce: abcdef0123456789\nIssued At: 2026-11-25T10:00:00.000Z\nExpiration Time: 2026-11-26T10:00:00.000Z')
    for (const fields of [
      full,
      { ...full, statement: undefined },
      { domain: 'd.example', address: ADDRESS },
      { ...full, notBefore: '2026-11-25T11:00:00Z', requestId: 'r-1', resources: ['https://a.example/1', 'ipfs://x'] },
    ]) {
      const written = createSignInMessageText(fields)
      const parsed = parseSiwsMessage(written)
      expect(parsed, written).not.toBeNull()
      expect(parsed).toEqual(JSON.parse(JSON.stringify(parseSignInMessageText(written))))
    }
  })

  it('refuses text that reads two ways or is not one: a repeated or reordered line, an unknown line, a trailing newline, another heading, a bad address', () => {
    const text = createSiwsMessage(full)
    expect(parseSiwsMessage(`${text}\nNonce: again`)).toBeNull()
    expect(parseSiwsMessage(text.replace('Version: 1\nChain ID', 'Chain ID').replace('\nNonce', '\nVersion: 1\nNonce'))).toBeNull()
    expect(parseSiwsMessage(`${text}\nWarning: x`)).toBeNull()
    expect(parseSiwsMessage(`${text}\n`)).toBeNull()
    expect(parseSiwsMessage(text.replace('Solana account', 'Ethereum account'))).toBeNull()
    expect(parseSiwsMessage(text.replace(ADDRESS, '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'))).toBeNull()
    expect(parseSiwsMessage(text.replace('Sign in to the dapp', 'Two\nlines'))).toBeNull()
    expect(parseSiwsMessage(text.replace('Nonce: abcdef0123456789', 'Nonce: '))).toBeNull()
  })

  it('a Solana CACAO (solana:ed25519) matches only its message and base58 signature, compared exactly', () => {
    const signature = '5'.repeat(87)
    const cacao: SiwxCacao = {
      h: { t: 'caip122' },
      p: {
        domain: full.domain,
        aud: full.uri!,
        iss: `did:pkh:solana:${full.chainId}:${ADDRESS}`,
        version: '1',
        nonce: full.nonce!,
        iat: full.issuedAt!,
        exp: full.expirationTime!,
        statement: full.statement!,
      },
      s: { t: 'solana:ed25519', s: signature },
    }
    expect(siwxCacaoSchema.safeParse(cacao).success).toBe(true)
    const fields = siwsCacaoFields(full)
    expect(siwxCacaoMismatch(cacao, fields, signature, 'solana')).toBeNull()
    expect(siwxCacaoMismatch(cacao, fields, signature.replace(/5$/, '6'), 'solana')).toMatch(/signature is not/)
    expect(siwxCacaoMismatch({ ...cacao, p: { ...cacao.p, iss: cacao.p.iss.toLowerCase() } }, fields, signature, 'solana')).toMatch(/issuer/)
    expect(siwxCacaoMismatch({ ...cacao, s: { t: 'eip191', s: signature } }, fields, signature, 'solana')).toMatch(/signature type/)
    expect(siwxCacaoMismatch(cacao, { ...fields, nonce: 'zzzzzzzzzz' }, signature, 'solana')).toMatch(/nonce/)
    expect(siwxCacaoMismatch(cacao, fields, signature)).toMatch(/signature type/)
  })

  it('the verify request takes a base58 signature with a Solana cluster reference, and a hex one with an eip155 chain id', () => {
    expect(siwxVerifyRequestSchema.safeParse({ message: 'm', signature: '5'.repeat(87), chainId: 'CVKvLJxd3XizetK5FTJT3EZAi4RhiiK4' }).success).toBe(true)
    expect(siwxVerifyRequestSchema.safeParse({ message: 'm', signature: '0xabcd', chainId: 1 }).success).toBe(true)
    expect(siwxVerifyRequestSchema.safeParse({ message: 'm', signature: 'not base58 0OIl', chainId: 1 }).success).toBe(false)
    expect(siwxVerifyRequestSchema.safeParse({ message: 'm', signature: '0xabcd', chainId: 'solana:CVKv' }).success).toBe(false)
  })
})
