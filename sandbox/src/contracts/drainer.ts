import { encodeFunctionData, maxUint256, parseAbi, type Address, type Hex } from 'viem'

/**
 * The Sandbox Drainer (contracts/Drainer.sol): a demonstration, on the sandbox's chains only, of a
 * request a wallet must warn about. This file is what a page needs to ask for it (the demo's **Try a
 * malicious request**): the contracts' addresses on each sandbox chain and the calls, built with viem
 * alone, so it loads in a browser as well as in the sandbox.
 */

/** What the drainer calls itself (its `name()`). */
export const DRAINER_NAME = 'Sandbox Drainer'

export const drainerAbi = parseAbi([
  'function name() view returns (string)',
  'function owner() view returns (address)',
  'function drain(address token) returns (uint256)',
  'function drainFrom(address token, address holder) returns (uint256)',
  'function drainAll(address collection) returns (uint256)',
  'function drainAllFrom(address collection, address holder) returns (uint256)',
  'event Drained(address indexed token, address indexed from, uint256 amount)',
  'event DrainedNft(address indexed collection, address indexed from, uint256 indexed tokenId)',
])

const approveAbi = parseAbi(['function approve(address spender, uint256 value) returns (bool)'])
const approveAllAbi = parseAbi(['function setApprovalForAll(address operator, bool approved)'])

/** What the demonstration asks for on one chain: the USDC it would take, the NFT collection, the drainer. */
export type DrainerTargets = { usdc: Address; collection: Address; drainer: Address }

/**
 * The addresses the sandbox deploys them at (the deployer's nonces, deploy.ts): USDC and the Portico
 * Pioneers collection are at the same address on both chains; the drainer, deployed last, is not
 * (chain 31337 deploys the name registry and the Frozen Token before it). Checked against a real
 * deployment in drainer.sandbox.test.ts.
 */
export const SANDBOX_DRAINER_TARGETS: Readonly<Record<number, DrainerTargets>> = {
  31337: { usdc: '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35', collection: '0x8ce361602B935680E8DeC218b820ff5056BeB7af', drainer: '0xf7Cd8fa9b94DB2Aa972023b379c7f72c65E4De9D' },
  31338: { usdc: '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35', collection: '0x8ce361602B935680E8DeC218b820ff5056BeB7af', drainer: '0x0C8E79F3534B00D9a3D4a856B665Bf4eBC22f2ba' },
}

export type DrainerCall = { to: Address; data: Hex }

/** `approve(drainer, 2^256 − 1)` on USDC: the unlimited allowance a drainer asks for. */
export function approveDrainerCall(targets: DrainerTargets): DrainerCall {
  return { to: targets.usdc, data: encodeFunctionData({ abi: approveAbi, functionName: 'approve', args: [targets.drainer, maxUint256] }) }
}

/** `drain(USDC)`: the drainer takes the caller's whole USDC balance (after the approval). */
export function drainCall(targets: DrainerTargets): DrainerCall {
  return { to: targets.drainer, data: encodeFunctionData({ abi: drainerAbi, functionName: 'drain', args: [targets.usdc] }) }
}

/** `setApprovalForAll(drainer, true)` on the collection: every NFT of it, now and later. */
export function approveAllToDrainerCall(targets: DrainerTargets): DrainerCall {
  return { to: targets.collection, data: encodeFunctionData({ abi: approveAllAbi, functionName: 'setApprovalForAll', args: [targets.drainer, true] }) }
}
