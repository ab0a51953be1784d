/**
 * The sandbox Farcaster wallet's accounts: custody keys from the public test mnemonic (as the phone
 * wallet's), each registered in the sandbox ID registry on first use. Shared by the service and the
 * wallet page (no Node imports).
 */
export const FARCASTER_WALLET_ACCOUNTS = [
  { username: 'alice', displayName: 'Alice', addressIndex: 20 },
  { username: 'bob', displayName: 'Bob', addressIndex: 21 },
] as const

/** Where Sign In With Farcaster reads a custody address's fid (`idOf`), on OP mainnet and here. */
export const FARCASTER_ID_REGISTRY_ADDRESS = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'
/** The Farcaster wallet's page on the frame service. */
export const FARCASTER_WALLET_PATH = '/farcaster/wallet'
/** The relay's base on the frame service (auth-client appends `/v1/…`). */
export const FARCASTER_RELAY_PATH = '/farcaster/relay'
