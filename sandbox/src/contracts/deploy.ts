import { encodeDeployData, getContractAddress, parseUnits, type Address } from 'viem'
import type { SeedSender } from '../chain/seed-sender.ts'
import { DEPLOYER_INDEX, FUNDED_ACCOUNT_INDEXES, REGISTRAR_INDEX, devAccount } from '../dev-accounts.ts'
import type { ContractArtifacts } from './artifacts.ts'
import { COLLECTION_DEFINITIONS, type CollectionKey } from './collections.ts'
import { TOKEN_DEFINITIONS, type TokenDefinition, type TokenKey } from './tokens.ts'

export type DeployedToken = { key: TokenKey; name: string; symbol: string; decimals: number; address: Address }
/** The tokens deployed on one chain, by key (USDC, PTK, PTS; FRZ on chain 31337). */
export type ChainContracts = Partial<Record<TokenKey, DeployedToken>>
export type DeployedCollection = { key: CollectionKey; name: string; symbol: string; spam: boolean; address: Address }

/** Everything the sandbox deployed on one chain. */
export type ChainDeployment = {
  chainId: number
  tokens: ChainContracts
  collections: Partial<Record<CollectionKey, DeployedCollection>>
  /** PorticoAmm: the swap contract (and the spender wallets approve). */
  amm: Address
  /** PorticoNames, on the chain that keeps account names only. */
  names: Address | undefined
  /** SandboxDrainer (contracts/Drainer.sol): the demonstration of a request a wallet must warn about. */
  drainer: Address
}

const DEPLOY_GAS = 3_000_000n

function artifact(artifacts: ContractArtifacts, name: string) {
  const found = artifacts[name]
  if (!found) throw new Error(`No compiled artifact for contract ${name}`)
  return found
}

/**
 * Deploys, from the deployer (dev account 9) and in this order, the tokens, the NFT collections, the
 * AMM, (on the names chain) the name registry, the tokens marked `deployLast`, then the Sandbox
 * Drainer (last, so every older address stays where it was). On a fresh node
 * the deployer's nonces start at 0, so the addresses are the same on every start and on both chains.
 * The transactions are queued on `sender`; the caller mines them.
 */
export async function deployContracts(sender: SeedSender, artifacts: ContractArtifacts, withNames: boolean): Promise<ChainDeployment> {
  const deployer = devAccount(DEPLOYER_INDEX)
  const deploy = async (name: string, args: readonly unknown[]): Promise<Address> => {
    const nonce = await sender.peekNonce(deployer.address)
    const { abi, bytecode } = artifact(artifacts, name)
    await sender.send(deployer, { data: encodeDeployData({ abi, bytecode, args }), gas: DEPLOY_GAS })
    return getContractAddress({ from: deployer.address, nonce: BigInt(nonce) })
  }

  const tokens: ChainContracts = {}
  const deployToken = async (def: TokenDefinition): Promise<void> => {
    const amount = def.mint[sender.chain.key]
    if (amount === undefined) return
    const perAccount = parseUnits(amount, def.decimals)
    const recipients = (def.holders ?? FUNDED_ACCOUNT_INDEXES).map((i) => devAccount(i).address)
    const address = await deploy(def.contract, [def.name, def.symbol, def.decimals, recipients, recipients.map(() => perAccount)])
    tokens[def.key] = { key: def.key, name: def.name, symbol: def.symbol, decimals: def.decimals, address }
  }
  for (const def of TOKEN_DEFINITIONS) if (!def.deployLast) await deployToken(def)
  const collections: ChainDeployment['collections'] = {}
  for (const def of COLLECTION_DEFINITIONS) {
    const address = await deploy('PorticoCollectible', [def.name, def.symbol])
    collections[def.key] = { key: def.key, name: def.name, symbol: def.symbol, spam: def.spam, address }
  }
  const amm = await deploy('PorticoAmm', [])
  const names = withNames ? await deploy('PorticoNames', [devAccount(REGISTRAR_INDEX).address]) : undefined
  for (const def of TOKEN_DEFINITIONS) if (def.deployLast) await deployToken(def)
  const drainer = await deploy('SandboxDrainer', [])
  return { chainId: sender.chain.chainId, tokens, collections, amm, names, drainer }
}
