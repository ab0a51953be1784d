/**
 * The Sandbox Wallet's EIP-6963 name and rdns, defined once: the wallet announces them in the page
 * and the sandbox's wallet catalogue lists them (src/catalogue/sandbox-wallets.ts). No imports, so
 * Node code can take them without the wallet's browser modules.
 */
export const SANDBOX_WALLET_NAME = 'Sandbox Wallet'
export const SANDBOX_WALLET_RDNS = 'dev.portico.sandbox-wallet'
