import { historyResponseSchema, onrampUrlResponseSchema } from '@portico/shared-types'
import { createPublicClient, erc20Abi, http, parseEther, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { startSandbox, type SandboxHandle } from '../index.ts'
import { ACCOUNT_0, fetchError, fetchParsed, postJson, testSandboxOptions, withProject } from '../../test/helpers.ts'

let sandbox: SandboxHandle

beforeAll(async () => {
  sandbox = await startSandbox(testSandboxOptions(22540, { services: ['solana'] }))
})
afterAll(() => sandbox?.stop())

const api = (path: string) => withProject(`${sandbox.dataApi.url}${path}`)
const orderSchema = z.object({ id: z.string(), status: z.string(), amount: z.string().nullable(), hash: z.string().nullable(), asset: z.string(), chainId: z.string() })

async function checkoutUrl(body: unknown): Promise<string> {
  return (await fetchParsed(api('/v1/generators/onrampurl'), onrampUrlResponseSchema, postJson(body))).url
}

describe('onramp checkout', () => {
  it('opens a local provider page with no inline script or style', async () => {
    const url = await checkoutUrl({ destinationWallets: [{ address: ACCOUNT_0, blockchains: ['portico-local'], assets: ['ETH'] }], partnerUserId: 'visitor', presetFiatAmount: 150 })
    expect(url).toMatch(new RegExp(`^${sandbox.dataApi.url}/onramp/checkout/[0-9a-f-]{36}$`))
    const page = await fetch(url)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'")
    const html = await page.text()
    expect(html).toContain('<button type="submit">Confirm</button>')
    expect(html).toContain('value="150.00"')
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
    expect(html).not.toMatch(/<style|style="/)
    for (const asset of ['checkout.css', 'checkout.js']) {
      const res = await fetch(`${sandbox.dataApi.url}/onramp/assets/${asset}`)
      expect(res.status, asset).toBe(200)
    }
  })

  it('Confirm credits the wallet on the sandbox chain, and the history lists it as an onramp delivery', async () => {
    const chain = sandbox.chains[0]!
    const client = createPublicClient({ chain: chain.viemChain, transport: http(chain.rpcUrl) })
    const url = await checkoutUrl({ destinationWallets: [{ address: ACCOUNT_0 }], partnerUserId: 'visitor' })
    const before = await client.getBalance({ address: ACCOUNT_0 })
    const done = await fetchParsed(`${url}/confirm`, orderSchema, postJson({ amount: 300, method: 'card' }))
    expect(done).toMatchObject({ status: 'completed', asset: 'ETH', chainId: 'eip155:31337', hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) })
    // 300 USD less 2 % and 0.50 network fee, at 3000 USD per ETH.
    expect(done.amount).toBe(((300 - 6 - 0.5) / 3000).toFixed(6))
    expect((await client.getBalance({ address: ACCOUNT_0 })) - before).toBe(parseEther(done.amount ?? '0'))
    const page = await (await fetch(url)).text()
    expect(page).toContain(done.hash)
    expect(page).toContain('Payment complete')

    const onramp = await fetchParsed(api(`/v1/account/${ACCOUNT_0}/history?chainId=eip155:31337&onramp=coinbase`), historyResponseSchema)
    expect(onramp.data.map((t) => t.metadata.hash)).toEqual([done.hash])
    expect(onramp.data[0]).toMatchObject({ metadata: { operationType: 'receive' }, transfers: [{ direction: 'in', fungible_info: { symbol: 'ETH' } }] })
    expect(await fetchError(`${url}/confirm`, postJson({ amount: 300 }))).toEqual({ status: 400, error: 'Order is completed' })
  })

  it('a token purchase on the second chain works from the HTML form', async () => {
    const who = sandbox.devAccounts[2]!.address
    const url = await checkoutUrl({ destinationWallets: [{ address: who, assets: ['USDC'] }], defaultNetwork: 'eip155:31338', partnerUserId: 'visitor', presetCryptoAmount: 40 })
    const form = new URLSearchParams({ amount: '45', method: 'ach_bank_account' })
    const res = await fetch(`${url}/confirm`, { method: 'POST', body: form, redirect: 'manual' })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(new URL(url).pathname)
    const status = await fetchParsed(`${url}/status`, orderSchema)
    expect(status).toMatchObject({ status: 'completed', asset: 'USDC', chainId: 'eip155:31338' })
    expect(status.amount).toBe(((45 - 0.45 - 0.5) / 1).toFixed(6))
    const chain = sandbox.chains[1]!
    const client = createPublicClient({ chain: chain.viemChain, transport: http(chain.rpcUrl) })
    const logs = await client.getTransactionReceipt({ hash: status.hash as `0x${string}` })
    expect(logs.status).toBe('success')
    const balance = await client.readContract({ address: sandbox.contracts[31338]!.USDC!.address, abi: erc20Abi, functionName: 'balanceOf', args: [who] })
    expect(balance).toBeGreaterThanOrEqual(parseUnits(status.amount ?? '0', 6))
  })

  it('prices the checkout in the requested payment currency (USD when none is asked)', async () => {
    const statusSchema = orderSchema.extend({ currency: z.string(), fiat: z.number() })
    const wallet = { address: ACCOUNT_0, assets: ['ETH'] }
    const euroUrl = await checkoutUrl({ destinationWallets: [wallet], partnerUserId: 'visitor', paymentCurrency: 'eur', presetFiatAmount: 200 })
    const dollarUrl = await checkoutUrl({ destinationWallets: [wallet], partnerUserId: 'visitor', presetFiatAmount: 200 })
    expect(await fetchParsed(`${euroUrl}/status`, statusSchema)).toMatchObject({ currency: 'EUR', fiat: 200, status: 'pending' })
    expect(await fetchParsed(`${dollarUrl}/status`, statusSchema)).toMatchObject({ currency: 'USD', fiat: 200 })
    expect(await (await fetch(euroUrl)).text()).toContain('Amount (EUR)')
    expect(sandbox.onramp.orders().find((o) => euroUrl.endsWith(o.id))?.currency).toBe('EUR')
    // 200 EUR buys more ETH than 200 USD (ETH is 2700 EUR, 3000 USD).
    const euro = await fetchParsed(`${euroUrl}/confirm`, statusSchema, postJson({ amount: 200, method: 'card' }))
    const dollar = await fetchParsed(`${dollarUrl}/confirm`, statusSchema, postJson({ amount: 200, method: 'card' }))
    expect(euro.currency).toBe('EUR')
    expect(Number(euro.amount)).toBeGreaterThan(Number(dollar.amount))
    expect(await fetchError(api('/v1/generators/onrampurl'), postJson({ destinationWallets: [wallet], partnerUserId: 'v', paymentCurrency: 'GBP' }))).toEqual({
      status: 400,
      error: 'Unsupported payment currency: GBP',
    })
  })

  it('keeps to the payment method limits and says so', async () => {
    const url = await checkoutUrl({ destinationWallets: [{ address: ACCOUNT_0 }], partnerUserId: 'visitor' })
    expect(await fetchError(`${url}/confirm`, postJson({ amount: 8000, method: 'card' }))).toEqual({ status: 400, error: 'Amount must be between 10.00 and 7500.00 USD' })
    const html = await fetch(`${url}/confirm`, { method: 'POST', body: new URLSearchParams({ amount: '5' }) })
    expect(html.status).toBe(400)
    expect(await html.text()).toContain('role="alert">Amount must be between 10.00 and 7500.00 USD')
    expect(await fetchError(`${sandbox.dataApi.url}/onramp/checkout/nope/status`)).toEqual({ status: 404, error: 'Order not found' })
    expect(await fetchError(api('/v1/generators/onrampurl'), postJson({ destinationWallets: [{ address: ACCOUNT_0 }], defaultNetwork: 'ethereum', partnerUserId: 'v' }))).toEqual({
      status: 400,
      error: 'Unsupported network: ethereum',
    })
    expect(sandbox.onramp.orders().length).toBeGreaterThanOrEqual(3)
  })
})

describe('onramp on the Solana Localnet (the provider that serves solana, SPEC.md §9)', () => {
  it('lists SOL and USDC there, refuses a 0x destination, and Confirm pays a base58 address on chain', async () => {
    const { solanaService } = await import('../services/solana.ts')
    const solana = sandbox.service(solanaService)
    const optionsSchema = z.object({
      purchaseCurrencies: z.array(z.object({ symbol: z.string(), networks: z.array(z.object({ name: z.string(), chain_id: z.string(), contract_address: z.string() })) })),
    })
    const options = await fetchParsed(api('/v1/onramp/options'), optionsSchema)
    const usdc = solana.tokens.find((t) => t.symbol === 'USDC')!
    expect(options.purchaseCurrencies.find((c) => c.symbol === 'SOL')?.networks).toEqual([{ name: 'solana-localnet', chain_id: solana.caipNetworkId.slice('solana:'.length), contract_address: '' }])
    expect(options.purchaseCurrencies.find((c) => c.symbol === 'USDC')?.networks).toContainEqual({
      name: 'solana-localnet',
      chain_id: solana.caipNetworkId.slice('solana:'.length),
      contract_address: usdc.mint,
    })

    expect(
      (await fetchError(api('/v1/generators/onrampurl'), postJson({ destinationWallets: [{ address: ACCOUNT_0, blockchains: ['solana-localnet'], assets: ['SOL'] }], partnerUserId: 'v' }))).status,
    ).toBe(400)
    const receiver = solana.devAccounts[6]!.address
    const before = solana.balances(receiver)
    const url = await checkoutUrl({
      destinationWallets: [{ address: receiver, blockchains: ['solana-localnet'], assets: ['USDC'] }],
      defaultNetwork: 'solana-localnet',
      partnerUserId: receiver,
      presetFiatAmount: 100,
    })
    const done = await fetchParsed(`${url}/confirm`, orderSchema, postJson({ amount: 100, method: 'card' }))
    expect(done).toMatchObject({ status: 'completed', asset: 'USDC', chainId: solana.caipNetworkId })
    const held = (b: typeof before) => b.tokens.find((h) => h.token.symbol === 'USDC')?.amount ?? 0n
    expect(held(solana.balances(receiver)) - held(before)).toBe(parseUnits(done.amount!, 6))
  }, 60_000)
})
