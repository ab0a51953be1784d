import { createPublicClient, createWalletClient, getContractAddress, http, parseUnits, type Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { SandboxChain } from '../chain/sandbox-chain.ts'
import { DEPLOYER_INDEX, FUNDED_ACCOUNT_INDEXES, devAccount } from '../dev-accounts.ts'
import type { ContractArtifacts } from './artifacts.ts'
import { TOKEN_DEFINITIONS, type TokenKey } from './tokens.ts'

export type DeployedToken = { key: TokenKey; name: string; symbol: string; decimals: number; address: Address }
/** The tokens deployed on one chain, by key (USDC, PTK). */
export type ChainContracts = Partial<Record<TokenKey, DeployedToken>>

/**
 * Deploys every token of TOKEN_DEFINITIONS that has a mint entry for `chain`, from the deployer dev
 * account, one transaction each (the constructor mints to dev accounts 0..4). On a fresh anvil the
 * deployer's nonces start at 0, so the addresses are the same on every start.
 */
export async function deployTokens(chain: SandboxChain, artifacts: ContractArtifacts): Promise<ChainContracts> {
  const deployer = privateKeyToAccount(devAccount(DEPLOYER_INDEX).privateKey)
  const transport = http(chain.rpcUrl, { retryCount: 0 })
  const publicClient = createPublicClient({ chain: chain.viemChain, transport })
  const walletClient = createWalletClient({ account: deployer, chain: chain.viemChain, transport })
  const recipients = FUNDED_ACCOUNT_INDEXES.map((i) => devAccount(i).address)

  let nonce = await publicClient.getTransactionCount({ address: deployer.address, blockTag: 'pending' })
  const pending: Array<{ token: DeployedToken; hash: `0x${string}` }> = []
  for (const def of TOKEN_DEFINITIONS) {
    const amount = def.mint[chain.key]
    if (amount === undefined) continue
    const artifact = artifacts[def.contract]
    if (!artifact) throw new Error(`No compiled artifact for contract ${def.contract}`)
    const perAccount = parseUnits(amount, def.decimals)
    const hash = await walletClient.deployContract({
      abi: artifact.abi,
      bytecode: artifact.bytecode,
      args: [def.name, def.symbol, def.decimals, recipients, recipients.map(() => perAccount)],
      nonce,
    })
    const address = getContractAddress({ from: deployer.address, nonce: BigInt(nonce) })
    pending.push({ token: { key: def.key, name: def.name, symbol: def.symbol, decimals: def.decimals, address }, hash })
    nonce += 1
  }

  const contracts: ChainContracts = {}
  for (const { token, hash } of pending) {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    if (receipt.status !== 'success') throw new Error(`Deploying ${token.symbol} on chain ${chain.chainId} reverted (${hash})`)
    if (receipt.contractAddress?.toLowerCase() !== token.address.toLowerCase()) {
      throw new Error(`${token.symbol} landed at ${receipt.contractAddress}, expected ${token.address}`)
    }
    contracts[token.key] = token
  }
  return contracts
}
