/**
 * The Sandbox Wallet's browser entry: loading this module installs the wallet into the page with
 * its defaults. Development and tests only; never part of a package.
 */
import './zod-jitless.ts' // first: before any zod object schema is built
import { installSandboxWallet } from './install.ts'

export { installSandboxWallet, SANDBOX_WALLET_NAME, SANDBOX_WALLET_RDNS, type SandboxWallet, type SandboxWalletOptions } from './install.ts'
export type { SandboxChain } from './types.ts'

/** `?sandboxAccount=N` picks account N of the test mnemonic (0 to 19; default 0), e.g. an account without a name. */
function addressIndexOf(search: string): number {
  const index = Number(new URLSearchParams(search).get('sandboxAccount') ?? '0')
  return Number.isInteger(index) && index >= 0 && index < 20 ? index : 0
}

/** `?sandboxWallet5792=off`: the wallet without EIP-5792 (no batches), as most extensions still are. */
const eip5792Of = (search: string): boolean => new URLSearchParams(search).get('sandboxWallet5792') !== 'off'

/**
 * `?solana=1` (the demo's Solana mode): the wallet's Solana side too, registered through Wallet
 * Standard on the sandbox's Solana Localnet (VITE_PORTICO_SOLANA_RPC, default http://127.0.0.1:8899).
 */
function solanaOf(search: string): { rpcUrl?: string | undefined } | false {
  if (!new URLSearchParams(search).has('solana')) return false
  const env = (import.meta as ImportMeta & { env?: Record<string, string | undefined> }).env
  return { rpcUrl: env?.VITE_PORTICO_SOLANA_RPC }
}

installSandboxWallet({ addressIndex: addressIndexOf(window.location.search), eip5792: eip5792Of(window.location.search), solana: solanaOf(window.location.search) })
