import {
  apiErrorSchema,
  balanceResponseSchema,
  buildApproveResponseSchema,
  buildTransactionResponseSchema,
  fungiblePriceResponseSchema,
  gasPriceResponseSchema,
  historyResponseSchema,
  identityResponseSchema,
  nameSuggestionsResponseSchema,
  nftHoldingsResponseSchema,
  onrampOptionsResponseSchema,
  onrampQuoteResponseSchema,
  onrampUrlResponseSchema,
  profileAccountSchema,
  profileReverseResponseSchema,
  smartSessionSchema,
  supportedChainsResponseSchema,
  swapAllowanceResponseSchema,
  swapQuotesResponseSchema,
  swapTokensResponseSchema,
} from '@portico/shared-types'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { NATIVE_TOKEN_ADDRESS } from '../contracts/pools.ts'
import { SOLANA_LOCALNET_CAIP_ID } from '../solana/localnet.ts'
import { startSandbox, type SandboxHandle } from '../index.ts'
import { SEEDED_SESSION_PCI } from '../chain-services.ts'
import { ACCOUNT_0, fetchError, fetchParsed, postJson, testSandboxOptions, withProject } from '../../test/helpers.ts'

/**
 * Contract tests: every SPEC.md §7 call of the data API over HTTP, each answer parsed with the
 * shared-types schema the client uses; the project fields, unknown chains and bad addresses.
 */
let sandbox: SandboxHandle
const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const A = 'eip155:31337'

beforeAll(async () => {
  sandbox = await startSandbox(testSandboxOptions(22500, { services: ['solana'] }))
})
afterAll(() => sandbox?.stop())

const api = (path: string) => withProject(`${sandbox.dataApi.url}${path}`)
const usdc = () => `${A}:${sandbox.contracts[31337]!.USDC!.address}`
const native = `${A}:${NATIVE_TOKEN_ADDRESS}`

/** `unread`: fields the real API answers that Portico does not read (the schema drops them). */
type Call = { name: string; path: () => string; init?: () => RequestInit; schema: z.core.$ZodType; unread?: RegExp }

const CALLS: Call[] = [
  { name: 'supported chains', path: () => '/v1/supported-chains', schema: supportedChainsResponseSchema },
  { name: 'identity', path: () => `/v1/identity/${ACCOUNT_1}?sender=${ACCOUNT_0}`, schema: identityResponseSchema },
  { name: 'history', path: () => `/v1/account/${ACCOUNT_0}/history?chainId=${A}`, schema: historyResponseSchema },
  { name: 'balance', path: () => `/v1/account/${ACCOUNT_0}/balance?currency=eur&chainId=${A}&forceUpdate=true`, schema: balanceResponseSchema },
  { name: 'nft holdings', path: () => `/v1/account/${ACCOUNT_0}/nfts?chainId=${A}`, schema: nftHoldingsResponseSchema },
  { name: 'fungible price', path: () => '/v1/fungible/price', init: () => postJson({ currency: 'usd', addresses: [native, usdc()], projectId: 'test-project' }), schema: fungiblePriceResponseSchema },
  { name: 'convert tokens', path: () => `/v1/convert/tokens?chainId=${A}`, schema: swapTokensResponseSchema },
  {
    name: 'convert quotes',
    path: () => `/v1/convert/quotes?amount=1000000000000000000&userAddress=${A}:${ACCOUNT_0}&from=${native}&to=${usdc()}&gasPrice=1`,
    schema: swapQuotesResponseSchema,
    unread: /^\$\.quotes\[\d+\]\.eip155(\.|$)/,
  },
  { name: 'convert allowance', path: () => `/v1/convert/allowance?tokenAddress=${usdc()}&userAddress=${A}:${ACCOUNT_0}`, schema: swapAllowanceResponseSchema },
  { name: 'convert gas price', path: () => `/v1/convert/gas-price?chainId=${A}`, schema: gasPriceResponseSchema },
  { name: 'convert build approve', path: () => `/v1/convert/build-approve?userAddress=${A}:${ACCOUNT_0}&from=${usdc()}&to=${native}`, schema: buildApproveResponseSchema },
  {
    name: 'convert build transaction',
    path: () => '/v1/convert/build-transaction',
    init: () => postJson({ amount: '10000000000000000', eip155: { slippage: '1' }, from: native, to: usdc(), userAddress: `${A}:${ACCOUNT_0}`, disableEstimate: false }),
    schema: buildTransactionResponseSchema,
  },
  { name: 'profile account', path: () => '/v1/profile/account/alice.reown.id', schema: profileAccountSchema },
  { name: 'profile reverse', path: () => `/v1/profile/reverse/${ACCOUNT_1}`, schema: profileReverseResponseSchema },
  { name: 'profile suggestions', path: () => '/v1/profile/suggestions/alice', schema: nameSuggestionsResponseSchema },
  {
    name: 'onramp url',
    path: () => '/v1/generators/onrampurl',
    init: () => postJson({ destinationWallets: [{ address: ACCOUNT_0, blockchains: ['portico-local'], assets: ['ETH'] }], partnerUserId: 'visitor-1', defaultExperience: 'buy', presetFiatAmount: 50 }),
    schema: onrampUrlResponseSchema,
  },
  { name: 'onramp options', path: () => '/v1/onramp/options', schema: onrampOptionsResponseSchema },
  {
    name: 'onramp quote',
    path: () => '/v1/onramp/quote',
    init: () => postJson({ purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '100.00', network: 'portico-local' }),
    schema: onrampQuoteResponseSchema,
  },
  { name: 'smart session', path: () => `/v1/sessions/${SEEDED_SESSION_PCI}`, schema: smartSessionSchema },
]

/** The paths of every object field and array item in a JSON value, sorted. */
function fieldPaths(value: unknown, at = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => [`${at}[${i}]`, ...fieldPaths(item, `${at}[${i}]`)])
  if (typeof value === 'object' && value !== null)
    return Object.entries(value)
      .flatMap(([key, item]) => [`${at}.${key}`, ...fieldPaths(item, `${at}.${key}`)])
      .sort()
  return []
}

describe('every call answers the shape of its shared-types schema', () => {
  for (const call of CALLS) {
    it(call.name, async () => {
      const res = await fetch(api(call.path()), call.init?.())
      const body: unknown = await res.json()
      expect(res.status, JSON.stringify(body)).toBe(200)
      const parsed: unknown = z.parse(call.schema, body)
      // Every field the sandbox answers is one the schema reads: the client drops nothing unseen.
      expect(fieldPaths(parsed)).toEqual(fieldPaths(body).filter((path) => !call.unread?.test(path)))
    })
  }

  it('revokes a smart session signed by its account (and refuses another signer)', async () => {
    const session = sandbox.sessions.create({ account: `${A}:${ACCOUNT_0}` })
    const wrong = await privateKeyToAccount(sandbox.devAccounts[1]!.privateKey).signMessage({ message: session.pci })
    expect(await fetchError(api(`/v1/sessions/${session.pci}/revoke`), postJson({ pci: session.pci, signature: wrong }))).toEqual({ status: 401, error: 'Invalid signature' })
    const signature = await privateKeyToAccount(sandbox.devAccounts[0]!.privateKey).signMessage({ message: session.pci })
    const revoked = await fetchParsed(api(`/v1/sessions/${session.pci}/revoke`), smartSessionSchema, postJson({ pci: session.pci, signature }))
    expect(revoked.revokedAt).toEqual(expect.any(Number))
    expect((await fetchParsed(api(`/v1/sessions/${session.pci}`), smartSessionSchema)).revokedAt).toBe(revoked.revokedAt)
    expect(await fetchError(api('/v1/sessions/unknown'))).toEqual({ status: 404, error: 'Session not found' })
    expect((await fetchError(api(`/v1/sessions/${session.pci}/revoke`), postJson({ pci: 'other', signature }))).status).toBe(400)
  })
})

describe('the answers carry the sandbox data', () => {
  it('supported chains are the two sandbox EVM chains and its Solana Localnet', async () => {
    expect(await fetchParsed(api('/v1/supported-chains'), supportedChainsResponseSchema)).toEqual({ http: ['eip155:31337', 'eip155:31338', SOLANA_LOCALNET_CAIP_ID], ws: [] })
  })

  it('identity names a registered account and has nulls for another', async () => {
    const named = await fetchParsed(api(`/v1/identity/${ACCOUNT_1}`), identityResponseSchema)
    expect(named.name).toBe('alice.reown.id')
    const avatar = await fetch(named.avatar ?? '')
    expect(avatar.headers.get('content-type')).toBe('image/svg+xml')
    expect((await fetchParsed(api(`/v1/identity/${ACCOUNT_0}`), identityResponseSchema)).name).toBe('portico-dev.reown.id')
    expect(await fetchParsed(api(`/v1/identity/${sandbox.devAccounts[6]!.address}`), identityResponseSchema)).toEqual({ name: null, avatar: null })
  })

  it('prices come from the table, in the currency asked; unknown addresses are left out', async () => {
    const body = { currency: 'eur', addresses: [native, usdc(), `${A}:0x000000000000000000000000000000000000dEaD`], projectId: 'p' }
    const { fungibles } = await fetchParsed(api('/v1/fungible/price'), fungiblePriceResponseSchema, postJson(body))
    expect(fungibles.map((f) => [f.symbol, f.price])).toEqual([
      ['ETH', 2700],
      ['USDC', 0.9],
    ])
    const balances = await fetchParsed(api(`/v1/account/${ACCOUNT_0}/balance?currency=eur&chainId=${A}`), balanceResponseSchema)
    expect(balances.balances[0]?.price).toBe(2700)
  })

  it('onramp options follow SPEC.md §9 limits in USD and EUR, for each sandbox chain', async () => {
    const options = await fetchParsed(api('/v1/onramp/options'), onrampOptionsResponseSchema)
    expect(options.paymentCurrencies.map((c) => c.id)).toEqual(['USD', 'EUR'])
    expect(options.paymentCurrencies[0]?.payment_method_limits).toEqual([
      { id: 'card', min: '10.00', max: '7500.00' },
      { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
    ])
    const eth = options.purchaseCurrencies.find((p) => p.symbol === 'ETH')
    expect(eth?.networks).toEqual([{ name: 'portico-local', display_name: 'Portico Local', chain_id: '31337', contract_address: '' }])
    // USDC on both EVM chains and on the Solana Localnet (its chain id the CAIP-2 reference); SOL on the Localnet only.
    expect(options.purchaseCurrencies.find((p) => p.symbol === 'USDC')?.networks.map((n) => n.chain_id)).toEqual(['31337', '31338', SOLANA_LOCALNET_CAIP_ID.slice('solana:'.length)])
    expect(options.purchaseCurrencies.find((p) => p.symbol === 'SOL')?.networks.map((n) => n.chain_id)).toEqual([SOLANA_LOCALNET_CAIP_ID.slice('solana:'.length)])
  })

  it('an onramp quote takes a 1–2 % fee and prices the rest', async () => {
    const quote = await fetchParsed(api('/v1/onramp/quote'), onrampQuoteResponseSchema, postJson({ purchaseCurrency: 'USDC', paymentCurrency: 'EUR', amount: '200', network: 'eip155:31338' }))
    expect(quote).toMatchObject({ paymentTotal: { value: '200.00', currency: 'EUR' }, coinbaseFee: { value: '4.00', currency: 'EUR' }, purchaseAmount: { currency: 'USDC' } })
    const fee = Number(quote.coinbaseFee.value) / Number(quote.paymentTotal.value)
    expect(fee).toBeGreaterThanOrEqual(0.01)
    expect(fee).toBeLessThanOrEqual(0.02)
    expect(Number(quote.purchaseAmount.value)).toBeCloseTo((200 - 4 - 0.45) / 0.9, 4)
  })
})

describe('errors a client can show', () => {
  const withoutProject = (path: string, drop: string) => {
    const url = new URL(api(path))
    url.searchParams.delete(drop)
    return url.toString()
  }

  for (const call of CALLS) {
    it(`${call.name}: 400 without projectId, st or sv`, async () => {
      for (const field of ['projectId', 'st', 'sv']) {
        const answer = await fetchError(withoutProject(call.path(), field), call.init?.())
        expect(answer).toEqual({ status: 400, error: `Missing required query parameter: ${field}` })
      }
    })
  }

  it('unknown chains: 400 Unsupported chain', async () => {
    const other = 'eip155:1'
    for (const path of [
      `/v1/account/${ACCOUNT_0}/balance?chainId=${other}`,
      `/v1/account/${ACCOUNT_0}/nfts?chainId=${other}`,
      `/v1/account/${ACCOUNT_0}/history?chainId=${other}`,
      `/v1/account/${ACCOUNT_0}/history?chainId=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`,
      `/v1/convert/tokens?chainId=${other}`,
      `/v1/convert/gas-price?chainId=${other}`,
      `/v1/convert/quotes?amount=1&userAddress=${ACCOUNT_0}&from=${other}:${NATIVE_TOKEN_ADDRESS}&to=${usdc()}`,
      `/v1/account/${other}:${ACCOUNT_0}/history`,
    ]) {
      expect(await fetchError(api(path)), path).toEqual({ status: 400, error: 'Unsupported chain' })
    }
    const price = await fetchError(api('/v1/fungible/price'), postJson({ currency: 'usd', addresses: [`${other}:${NATIVE_TOKEN_ADDRESS}`], projectId: 'p' }))
    expect(price).toEqual({ status: 400, error: 'Unsupported chain: eip155:1' })
  })

  it('bad addresses: 400 Invalid address', async () => {
    for (const path of [
      '/v1/account/0x1234/balance?chainId=eip155:31337',
      '/v1/account/0x1234/nfts?chainId=eip155:31337',
      '/v1/account/not-an-address/history',
      '/v1/identity/0xZZ',
      '/v1/profile/reverse/0x12',
      `/v1/convert/allowance?tokenAddress=${usdc()}&userAddress=0x12`,
    ]) {
      const answer = await fetchError(api(path))
      expect(answer.status, path).toBe(400)
      expect(answer.error, path).toMatch(/Invalid address/)
    }
    const onramp = await fetchError(api('/v1/generators/onrampurl'), postJson({ destinationWallets: [{ address: '0x12' }], partnerUserId: 'x' }))
    expect(onramp).toEqual({ status: 400, error: 'Invalid address' })
  })

  it('bad bodies and queries: 400 naming the field', async () => {
    expect(await fetchError(api('/v1/fungible/price'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' })).toEqual({ status: 400, error: 'Invalid JSON body' })
    expect(await fetchError(api('/v1/fungible/price'), postJson({ currency: 'usd', projectId: 'p' }))).toEqual({ status: 400, error: 'Missing required field: addresses' })
    expect(await fetchError(api('/v1/fungible/price'), postJson({ currency: 'gbp', addresses: [native], projectId: 'p' }))).toEqual({ status: 400, error: 'Unsupported currency: gbp' })
    expect(await fetchError(api('/v1/convert/tokens'))).toEqual({ status: 400, error: 'Missing required query parameter: chainId' })
    expect(await fetchError(api(`/v1/account/${ACCOUNT_0}/balance?chainId=31337`))).toEqual({ status: 400, error: 'chainId: Invalid CAIP network id' })
    expect(await fetchError(api(`/v1/account/${ACCOUNT_0}/history?cursor=nope`))).toEqual({ status: 400, error: 'Invalid cursor' })
    expect(await fetchError(api('/v1/onramp/quote'), postJson({ purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '5', network: 'portico-local' }))).toEqual({
      status: 400,
      error: 'Amount must be between 10.00 and 25000.00 USD',
    })
    expect(await fetchError(api('/v1/onramp/quote'), postJson({ purchaseCurrency: 'ETH', paymentCurrency: 'GBP', amount: '50', network: 'portico-local' }))).toEqual({
      status: 400,
      error: 'Unsupported payment currency: GBP',
    })
    expect(await fetchError(api('/v1/onramp/quote'), postJson({ purchaseCurrency: 'BEE', paymentCurrency: 'USD', amount: '50', network: 'portico-local' }))).toEqual({
      status: 400,
      error: 'BEE cannot be bought on Portico Local',
    })
    expect(await fetchError(api('/v1/profile/account/abc.reown.id'))).toEqual({ status: 400, error: 'Invalid name: use letters, digits and hyphens only, at least 4 characters' })
    expect(await fetchError(api('/v1/profile/account/nobody-here.reown.id'))).toEqual({ status: 404, error: 'Name nobody-here.reown.id is not registered' })
    expect(await fetchError(api('/v1/nope'))).toEqual({ status: 404, error: 'Not found' })
    const parsed = apiErrorSchema.safeParse(await (await fetch(api('/v1/nope'))).json())
    expect(parsed.success).toBe(true)
  })
})
