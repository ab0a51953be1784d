import { formatUnits, numberToHex } from 'viem'
import { dropZeroDecimalTokens, parseCaipNetworkId, parseWith, SchemaValidationError, walletAssetsResponseSchema, type CaipNetworkId, type TokenBalance } from '@portico/shared-types'

export type ParseWalletAssetsParameters = { answer: unknown; caipNetworkId: CaipNetworkId }
export type ParseWalletAssetsReturnType = TokenBalance[]
export type ParseWalletAssetsErrorType = SchemaValidationError

const HEX_AMOUNT = /^0x[0-9a-fA-F]+$/
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const MAX_DECIMALS = 255

const invalid = (message: string) => new SchemaValidationError('wallet_getAssets', [{ code: 'custom', message, path: [], input: undefined }])

/**
 * Turns a wallet's ERC-7811 `wallet_getAssets` answer into the balances of one network. The whole
 * answer is rejected unless every asset passes SPEC.md §5; tokens with 0 decimals are dropped.
 *
 * @example
 * const balances = parseWalletAssets({ answer, caipNetworkId: 'eip155:1' })
 */
export function parseWalletAssets({ answer, caipNetworkId }: ParseWalletAssetsParameters): ParseWalletAssetsReturnType {
  const assets = parseWith(walletAssetsResponseSchema, answer, 'wallet_getAssets')
  const { namespace, reference } = parseCaipNetworkId(caipNetworkId)
  if (namespace !== 'eip155') throw invalid('wallet_getAssets answers only eip155 assets')
  const chainId = Number(reference)
  const forChain = assets[numberToHex(chainId)] ?? assets[reference] ?? []
  const balances = forChain.map((asset): TokenBalance => {
    const { name, symbol, decimals, price, iconUrl, value } = asset.metadata
    // An ERC-20's decimals are a uint8: more would only make formatUnits build a string of that length.
    if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) throw invalid(`Expected whole decimals for ${symbol}`)
    // SPEC.md §3: the balance is hex; BigInt alone would also take '500' or '0b101'.
    if (!HEX_AMOUNT.test(asset.balance)) throw invalid(`Expected a hex balance for ${symbol}`)
    const numeric = formatUnits(BigInt(asset.balance), decimals)
    const native = asset.type === 'NATIVE' || asset.address === 'native'
    // The balance's CAIP-10 address is made of it: anything but an EVM address would make a wrong one.
    if (!native && !EVM_ADDRESS.test(asset.address)) throw invalid(`Expected an address for ${symbol}`)
    const worth = value ?? price * Number(numeric)
    // A balance too large for a number would be worth Infinity: refused like any other wrong answer.
    if (!Number.isFinite(worth)) throw invalid(`Expected a finite value for ${symbol}`)
    return {
      name,
      symbol,
      chainId: caipNetworkId,
      ...(native ? {} : { address: `${caipNetworkId}:${asset.address}` as const }),
      value: worth,
      price,
      quantity: { decimals: String(decimals), numeric },
      iconUrl,
    }
  })
  return dropZeroDecimalTokens(balances)
}
