import { getAddress, type Address, type PublicClient } from 'viem'
import { collectibleAbi, tokenAbi } from '../contracts/abis.ts'
import type { ChainDeployment } from '../contracts/deploy.ts'

export type FungibleMeta = { name: string; symbol: string; decimals: number }
export type NftMeta = { name: string; symbol: string; spam: boolean }

const key = (chainId: number, address: Address): string => `${chainId}:${address.toLowerCase()}`

/**
 * Names, symbols, decimals and spam verdicts of the contracts the indexer meets: the sandbox's own
 * from its deployment table, any other read from the chain once and kept.
 */
export class AssetBook {
  readonly #fungible = new Map<string, FungibleMeta>()
  readonly #nft = new Map<string, NftMeta>()
  /** Collections judged spam beyond the sandbox's own (lower-case `chainId:address`). */
  readonly #spam = new Set<string>()

  registerDeployment(deployment: ChainDeployment): void {
    for (const t of Object.values(deployment.tokens)) {
      if (t) this.#fungible.set(key(deployment.chainId, t.address), { name: t.name, symbol: t.symbol, decimals: t.decimals })
    }
    for (const c of Object.values(deployment.collections)) {
      if (c) this.#nft.set(key(deployment.chainId, c.address), { name: c.name, symbol: c.symbol, spam: c.spam })
    }
  }

  /** Marks a collection as spam (also one the sandbox did not deploy). */
  markSpam(chainId: number, address: Address): void {
    this.#spam.add(key(chainId, address))
    const known = this.#nft.get(key(chainId, address))
    if (known) known.spam = true
  }

  fungible(chainId: number, address: Address): FungibleMeta | undefined {
    return this.#fungible.get(key(chainId, address))
  }

  nft(chainId: number, address: Address): NftMeta | undefined {
    return this.#nft.get(key(chainId, address))
  }

  /** Reads and keeps an unknown ERC-20's metadata; falls back to a placeholder if it has none. */
  async learnFungible(client: PublicClient, chainId: number, address: Address): Promise<void> {
    if (this.#fungible.has(key(chainId, address))) return
    const read = <T>(p: Promise<T>, fallback: T) => p.catch(() => fallback)
    const [name, symbol, decimals] = await Promise.all([
      read(client.readContract({ address, abi: tokenAbi, functionName: 'name' }), 'Unknown token'),
      read(client.readContract({ address, abi: tokenAbi, functionName: 'symbol' }), '???'),
      read(client.readContract({ address, abi: tokenAbi, functionName: 'decimals' }), 18),
    ])
    this.#fungible.set(key(chainId, address), { name, symbol, decimals })
  }

  async learnNft(client: PublicClient, chainId: number, address: Address): Promise<void> {
    if (this.#nft.has(key(chainId, address))) return
    const read = <T>(p: Promise<T>, fallback: T) => p.catch(() => fallback)
    const [name, symbol] = await Promise.all([
      read(client.readContract({ address, abi: collectibleAbi, functionName: 'name' }), `NFT ${getAddress(address).slice(0, 8)}`),
      read(client.readContract({ address, abi: collectibleAbi, functionName: 'symbol' }), 'NFT'),
    ])
    this.#nft.set(key(chainId, address), { name, symbol, spam: this.#spam.has(key(chainId, address)) })
  }
}
