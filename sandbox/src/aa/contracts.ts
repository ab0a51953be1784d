import { SIMPLE_ACCOUNT_1271_FACTORY as FRAME_ACCOUNT_FACTORY } from '@portico/frame-service/smart-account.ts'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { concat, encodeAbiParameters, getAddress, getContractAddress, isHex, type Abi, type Address, type Hex } from 'viem'
import { z } from 'zod'

const require = createRequire(import.meta.url)

/** The ERC-4337 v0.8 EntryPoint at its canonical address (the bundler tells versions apart by it). */
export const ENTRY_POINT_V08: Address = '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108'
/** The canonical SimpleAccountFactory of v0.8 (permissionless' default for a v0.8 SimpleAccount). */
export const SIMPLE_ACCOUNT_FACTORY_V08: Address = '0x13E9ed32155810FDbd067D4522C492D6f68E5944'
/** The canonical v0.8 `Simple7702Account`: the code an EOA delegates to (EIP-7702) to run batches (the Sandbox Wallet's EIP-5792). */
export const SIMPLE_7702_ACCOUNT_V08: Address = '0xe6Cae83BdE06E4c305530e199D7217f42808555B'
/**
 * The embedded wallet's account factory (contracts/aa/SimpleAccount1271.sol): the v0.8 SimpleAccount
 * with ERC-1271, its factory callable by anyone (EIP-6492). Deployed by the sandbox through the
 * deterministic deployer with `ACCOUNT_FACTORY_SALT`, so at this address on every chain and start for
 * the locked solc and @account-abstraction/@openzeppelin sources (checked in `accountFactoryDeployment`).
 */
export const SIMPLE_ACCOUNT_1271_FACTORY: Address = FRAME_ACCOUNT_FACTORY
/** The CREATE2 deployer every anvil and hardhat node holds at genesis (and most public chains). */
export const DETERMINISTIC_DEPLOYER: Address = '0x4e59b44847b379578588920ca78fbf26c0b4956c'

/**
 * The salts the canonical addresses were deployed with, through the deterministic deployer, from the
 * published artifacts' creation code: the sandbox's deployment lands at the same addresses (checked
 * in `canonicalAddresses`, so a different artifact fails loudly instead of landing elsewhere).
 */
const ENTRY_POINT_SALT: Hex = '0x0a59dbff790c23c976a548690c27297883cc66b4c67024f9117b0238995e35e9'
const FACTORY_SALT: Hex = `0x${'00'.repeat(32)}`
/** The sandbox paymaster's salt: any fixed value, so its address is the same on every chain and start. */
const PAYMASTER_SALT: Hex = `0x${'00'.repeat(31)}01`
const ACCOUNT_FACTORY_SALT: Hex = `0x${'00'.repeat(31)}02`

const artifactSchema = z.object({
  abi: z.array(z.record(z.string(), z.unknown())),
  bytecode: z.string().refine((v): v is Hex => isHex(v) && v.length > 2, 'Expected creation code'),
})
export type AaArtifact = { abi: Abi; bytecode: Hex }

/** An artifact of the published `@account-abstraction/contracts` package (its `artifacts/` folder). */
export async function accountAbstractionArtifact(name: 'EntryPoint' | 'SimpleAccountFactory' | 'SimpleAccount' | 'Simple7702Account'): Promise<AaArtifact> {
  const root = dirname(require.resolve('@account-abstraction/contracts/package.json'))
  const parsed = artifactSchema.parse(JSON.parse(await readFile(join(root, 'artifacts', `${name}.json`), 'utf8')))
  return { abi: parsed.abi as unknown as Abi, bytecode: parsed.bytecode }
}

/** Calldata for the deterministic deployer: salt, then creation code (with constructor arguments). */
export type Create2Deployment = { address: Address; data: Hex }

function create2(salt: Hex, initCode: Hex): Create2Deployment {
  return { address: getContractAddress({ opcode: 'CREATE2', from: DETERMINISTIC_DEPLOYER, salt, bytecode: initCode }), data: concat([salt, initCode]) }
}

export function entryPointDeployment(entryPoint: AaArtifact): Create2Deployment {
  const d = create2(ENTRY_POINT_SALT, entryPoint.bytecode)
  if (getAddress(d.address) !== ENTRY_POINT_V08) throw new Error(`The EntryPoint artifact would deploy at ${d.address}, not the canonical ${ENTRY_POINT_V08}: not the published v0.8 build`)
  return d
}

export function factoryDeployment(factory: AaArtifact): Create2Deployment {
  const d = create2(FACTORY_SALT, concat([factory.bytecode, encodeAbiParameters([{ type: 'address' }], [ENTRY_POINT_V08])]))
  if (getAddress(d.address) !== SIMPLE_ACCOUNT_FACTORY_V08) throw new Error(`The SimpleAccountFactory artifact would deploy at ${d.address}, not the canonical ${SIMPLE_ACCOUNT_FACTORY_V08}`)
  return d
}

export function simple7702AccountDeployment(account: AaArtifact): Create2Deployment {
  const d = create2(FACTORY_SALT, account.bytecode)
  if (getAddress(d.address) !== SIMPLE_7702_ACCOUNT_V08) throw new Error(`The Simple7702Account artifact would deploy at ${d.address}, not the canonical ${SIMPLE_7702_ACCOUNT_V08}`)
  return d
}

/** The sandbox paymaster (contracts/aa/SandboxPaymaster.sol) for the EntryPoint and a sponsor key. */
export function paymasterDeployment(bytecode: Hex, sponsorSigner: Address): Create2Deployment {
  return create2(PAYMASTER_SALT, concat([bytecode, encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [ENTRY_POINT_V08, sponsorSigner])]))
}

/** The SimpleAccount1271Factory (contracts/aa/SimpleAccount1271.sol) for the EntryPoint, at `SIMPLE_ACCOUNT_1271_FACTORY`. */
export function accountFactoryDeployment(bytecode: Hex): Create2Deployment {
  const d = create2(ACCOUNT_FACTORY_SALT, concat([bytecode, encodeAbiParameters([{ type: 'address' }], [ENTRY_POINT_V08])]))
  if (getAddress(d.address) !== SIMPLE_ACCOUNT_1271_FACTORY)
    throw new Error(`The SimpleAccount1271Factory would deploy at ${d.address}, not ${SIMPLE_ACCOUNT_1271_FACTORY}: its sources or compiler changed; update SIMPLE_ACCOUNT_1271_FACTORY`)
  return d
}
