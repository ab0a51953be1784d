/**
 * The Sandbox Wallet's browser entry: loading this module installs the wallet into the page with
 * its defaults. Development and tests only; never part of a package.
 */
import './zod-jitless.ts' // first: before any zod object schema is built
import { installSandboxWallet } from './install.ts'

export { installSandboxWallet, SANDBOX_WALLET_NAME, SANDBOX_WALLET_RDNS, type SandboxWallet, type SandboxWalletOptions } from './install.ts'
export type { SandboxChain } from './types.ts'

installSandboxWallet()
