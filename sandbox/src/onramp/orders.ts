import { randomUUID } from 'node:crypto'
import { encodeFunctionData, parseUnits, type Address } from 'viem'
import type { LiveSender } from '../chain/live-sender.ts'
import { tokenAbi } from '../contracts/abis.ts'
import { priceOf } from '../prices.ts'
import { DEFAULT_FIAT_AMOUNT, FEE_RATES, type OnrampNetwork, type PaymentCurrency, type PaymentMethod, type Purchasable } from './catalogue.ts'
import { limitsOf, priceOnramp, type OnrampPrice } from './quote.ts'

export type OnrampOrder = {
  id: string
  createdAt: number
  partnerUserId: string
  /** The destination: a 0x address, or a base58 one for a Solana purchase. */
  address: string
  item: Purchasable
  currency: PaymentCurrency
  /** The fiat amount the page starts with. */
  fiat: number
  status: 'pending' | 'processing' | 'completed' | 'failed'
  method?: PaymentMethod
  price?: OnrampPrice
  /** The delivery's transaction hash (a Solana signature for a Solana purchase). */
  hash?: string
  error?: string
}

/** Thrown for a confirmation the order cannot take (the checkout shows the message). */
export class OnrampOrderError extends Error {
  override name = 'OnrampOrderError'
}

/** The fiat amount that buys about `crypto` of `item` after the card fee and network fee. */
function fiatFor(item: Purchasable, crypto: number, currency: PaymentCurrency): number {
  const unit = priceOf(item.symbol, currency === 'USD' ? 'usd' : 'eur')
  const gross = (crypto * unit + 0.5) / (1 - FEE_RATES.card)
  return Math.ceil(gross * 100) / 100
}

/**
 * The onramp provider's orders: created by POST /v1/generators/onrampurl, confirmed on the checkout
 * page, paid out from the treasury (dev account 7) on the sandbox chain. The hashes it paid out are
 * the "onramp" transactions of the history call.
 */
export class OnrampOrders {
  readonly #orders = new Map<string, OnrampOrder>()
  readonly #credited = new Set<string>()

  constructor(
    readonly networks: readonly OnrampNetwork[],
    private readonly treasuries: ReadonlyMap<number, LiveSender>,
  ) {}

  create(input: {
    address: string
    item: Purchasable
    partnerUserId: string
    presetFiatAmount?: number | undefined
    presetCryptoAmount?: number | undefined
    currency?: PaymentCurrency
  }): OnrampOrder {
    const currency = input.currency ?? 'USD'
    const limits = limitsOf('card')
    const wanted = input.presetCryptoAmount !== undefined ? fiatFor(input.item, input.presetCryptoAmount, currency) : (input.presetFiatAmount ?? DEFAULT_FIAT_AMOUNT)
    const fiat = Math.min(Math.max(wanted, limits.min), limits.max)
    const order: OnrampOrder = { id: randomUUID(), createdAt: Date.now(), partnerUserId: input.partnerUserId, address: input.address, item: input.item, currency, fiat, status: 'pending' }
    this.#orders.set(order.id, order)
    return order
  }

  get(id: string): OnrampOrder | undefined {
    return this.#orders.get(id)
  }

  list(): OnrampOrder[] {
    return [...this.#orders.values()]
  }

  isOnrampTransaction(hash: string): boolean {
    return this.#credited.has(hash.toLowerCase())
  }

  /** Pays the order out on its chain; resolves once the transfer is mined. */
  async confirm(id: string, fiat: number, method: PaymentMethod): Promise<OnrampOrder> {
    const order = this.#orders.get(id)
    if (!order) throw new OnrampOrderError('Order not found')
    if (order.status !== 'pending' && order.status !== 'failed') throw new OnrampOrderError(`Order is ${order.status}`)
    const limits = limitsOf(method)
    if (!(fiat >= limits.min && fiat <= limits.max)) {
      throw new OnrampOrderError(`Amount must be between ${limits.min.toFixed(2)} and ${limits.max.toFixed(2)} ${order.currency}`)
    }
    const network = order.item.network
    const treasury = 'kind' in network ? undefined : this.treasuries.get(network.chain.chainId)
    if (!('kind' in network) && !treasury) throw new OnrampOrderError('This network has no treasury')
    const price = priceOnramp(order.item, fiat, order.currency, method)
    Object.assign(order, { status: 'processing', method, price, fiat })
    try {
      const amount = parseUnits(price.crypto, order.item.decimals)
      if ('kind' in network) {
        // Solana: paid from the faucet over the chain's RPC (its code loads with the first Solana order).
        const { deliverOnSolana } = await import('./solana.ts')
        const signature = await deliverOnSolana(network, order.address, order.item.address, amount, order.item.decimals)
        this.#credited.add(signature.toLowerCase())
        Object.assign(order, { status: 'completed', hash: signature })
        return order
      }
      if (!treasury) throw new OnrampOrderError('This network has no treasury')
      const tx = order.item.address
        ? { to: order.item.address as Address, data: encodeFunctionData({ abi: tokenAbi, functionName: 'transfer', args: [order.address as Address, amount] }) }
        : { to: order.address as Address, value: amount }
      const receipt = await treasury.send(tx)
      if (receipt.status !== 'success') throw new Error(`Transfer reverted (${receipt.transactionHash})`)
      this.#credited.add(receipt.transactionHash.toLowerCase())
      Object.assign(order, { status: 'completed', hash: receipt.transactionHash })
    } catch (err) {
      Object.assign(order, { status: 'failed', error: err instanceof Error ? err.message : String(err) })
    }
    return order
  }
}
