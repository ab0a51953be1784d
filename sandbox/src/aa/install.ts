import { createPublicClient, createWalletClient, http, parseAbi, parseEther, type Address, type Hex, type PublicClient } from 'viem'
import { SANDBOX_RPC_TIMEOUT_MS } from '../chain/rpc-timeout.ts'
import { privateKeyToAccount } from 'viem/accounts'
import { rpc } from '../chain/rpc.ts'
import type { SandboxChain } from '../chain/sandbox-chain.ts'
import { CONTRACTS_DIR, compileContracts } from '../contracts/compile.ts'
import {
  DETERMINISTIC_DEPLOYER,
  ENTRY_POINT_V08,
  SIMPLE_ACCOUNT_1271_FACTORY,
  SIMPLE_ACCOUNT_FACTORY_V08,
  accountAbstractionArtifact,
  accountFactoryDeployment,
  entryPointDeployment,
  factoryDeployment,
  paymasterDeployment,
  simple7702AccountDeployment,
  type Create2Deployment,
} from './contracts.ts'
import { aaKey } from './keys.ts'

/** Where ERC-4337 lives on one chain. */
export type AaChainDeployment = {
  chainId: number
  entryPoint: Address
  factory: Address
  /** The embedded wallet's SimpleAccount1271Factory (ERC-1271 accounts, EIP-6492-deployable). */
  accountFactory: Address
  paymaster: Address
  /** Signs the paymaster's approvals (the data API's sponsor key). */
  sponsorSigner: Address
}

/** What the paymaster holds at the EntryPoint after install (it pays every sponsored operation out of it). */
export const PAYMASTER_DEPOSIT = parseEther('1000')
/** Native coin given to the bundler's executor and utility wallets and to the installer (in whole units). */
const WALLET_FUNDING = parseEther('10000')

const paymasterAbi = parseAbi(['function deposit() payable', 'function getDeposit() view returns (uint256)', 'function sponsorSigner() view returns (address)'])

/** The sandbox's own ERC-4337 contracts' creation code: the paymaster and the embedded wallet's account factory. */
export type AaSandboxCode = { paymaster: Hex; accountFactory: Hex }

/** Compiles contracts/aa (solc-js, cached like the other contracts). */
async function sandboxAaCode(cacheDir: string | undefined): Promise<AaSandboxCode> {
  const { artifacts } = await compileContracts({ ...(cacheDir ? { cacheDir } : {}), contractsDir: `${CONTRACTS_DIR}/aa` })
  const code = (name: string): Hex => {
    const bytecode = artifacts[name]?.bytecode
    if (!bytecode) throw new Error(`${name} did not compile`)
    return (bytecode.startsWith('0x') ? bytecode : `0x${bytecode}`) as Hex
  }
  return { paymaster: code('SandboxPaymaster'), accountFactory: code('SimpleAccount1271Factory') }
}

async function hasCode(client: PublicClient, address: Address): Promise<boolean> {
  const code = await client.getCode({ address })
  return code !== undefined && code !== '0x'
}

/** Gives `address` native coin by the node's own cheat call (anvil, hardhat); false when it has none. */
async function fund(client: PublicClient, address: Address): Promise<boolean> {
  for (const method of ['anvil_setBalance', 'hardhat_setBalance']) {
    const ok = await rpc(client, method, [address, `0x${WALLET_FUNDING.toString(16)}`]).then(
      () => true,
      () => false,
    )
    if (ok) return true
  }
  return false
}

/** Compiles the sandbox's ERC-4337 contracts once for every chain of a start. */
export function compileSandboxAaContracts(cacheDir: string | undefined): Promise<AaSandboxCode> {
  return sandboxAaCode(cacheDir)
}

/**
 * Puts ERC-4337 v0.8 on `chain`: the EntryPoint, the SimpleAccountFactory and the Simple7702Account
 * (EIP-7702 delegate) at their canonical addresses (the published artifacts through the deterministic deployer), the sandbox paymaster with
 * its deposit, the embedded wallet's SimpleAccount1271Factory at `SIMPLE_ACCOUNT_1271_FACTORY`, and native coin for the bundler's wallets. What is there already is left as it is, so
 * a second sandbox on the same outside node reuses it. Runs after the seed (automining on).
 */
export async function installAccountAbstraction(chain: SandboxChain, sandboxCode: Promise<AaSandboxCode>): Promise<AaChainDeployment> {
  const transport = http(chain.rpcUrl, { retryCount: 1, timeout: SANDBOX_RPC_TIMEOUT_MS })
  const client = createPublicClient({ chain: chain.viemChain, transport })
  const installer = aaKey('installer')
  const sponsorSigner = aaKey('sponsorSigner').address
  if (!(await hasCode(client, DETERMINISTIC_DEPLOYER)))
    throw new Error(`Chain ${chain.chainId} has no deterministic deployer at ${DETERMINISTIC_DEPLOYER}: ERC-4337 cannot be placed at its canonical addresses`)
  const funded = await Promise.all([installer, aaKey('bundlerExecutor'), aaKey('bundlerUtility')].map((k) => fund(client, k.address)))
  if (funded.some((ok) => !ok) && (await client.getBalance({ address: installer.address })) < PAYMASTER_DEPOSIT) {
    throw new Error(`Chain ${chain.chainId} has neither anvil_setBalance nor hardhat_setBalance, and ${installer.address} holds too little to install ERC-4337`)
  }

  const [entryPoint, factory, simple7702, code] = await Promise.all([
    accountAbstractionArtifact('EntryPoint'),
    accountAbstractionArtifact('SimpleAccountFactory'),
    accountAbstractionArtifact('Simple7702Account'),
    sandboxCode,
  ])
  // Simple7702Account: what an EOA delegates to (EIP-7702) to run a batch atomically (the Sandbox Wallet's wallet_sendCalls).
  const deployments: Create2Deployment[] = [entryPointDeployment(entryPoint), factoryDeployment(factory), simple7702AccountDeployment(simple7702)]
  const paymaster = paymasterDeployment(code.paymaster, sponsorSigner)
  deployments.push(paymaster, accountFactoryDeployment(code.accountFactory))

  const wallet = createWalletClient({ account: privateKeyToAccount(installer.privateKey), chain: chain.viemChain, transport })
  const hashes: Hex[] = []
  for (const d of deployments) {
    if (await hasCode(client, d.address)) continue
    // Creation through the deterministic deployer: explicit gas, as estimating a 5M-gas creation is slow.
    hashes.push(await wallet.sendTransaction({ to: DETERMINISTIC_DEPLOYER, data: d.data, gas: 8_000_000n }))
  }
  for (const hash of hashes) {
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    if (receipt.status !== 'success') throw new Error(`ERC-4337 install transaction ${hash} on chain ${chain.chainId} reverted`)
  }
  for (const d of deployments) {
    if (!(await hasCode(client, d.address))) throw new Error(`Nothing was deployed at ${d.address} on chain ${chain.chainId}`)
  }

  const deposit = await client.readContract({ address: paymaster.address, abi: paymasterAbi, functionName: 'getDeposit' })
  if (deposit < PAYMASTER_DEPOSIT) {
    const hash = await wallet.writeContract({ address: paymaster.address, abi: paymasterAbi, functionName: 'deposit', value: PAYMASTER_DEPOSIT - deposit })
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    if (receipt.status !== 'success') throw new Error(`The paymaster's deposit on chain ${chain.chainId} reverted`)
  }
  return { chainId: chain.chainId, entryPoint: ENTRY_POINT_V08, factory: SIMPLE_ACCOUNT_FACTORY_V08, accountFactory: SIMPLE_ACCOUNT_1271_FACTORY, paymaster: paymaster.address, sponsorSigner }
}
