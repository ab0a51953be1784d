/** `@portico/simulation/solana`: a Solana transaction's balance changes, simulated on the network's own RPC. */
export {
  activeAddresses,
  ADDRESS_LOOKUP_TABLE_PROGRAM,
  decodeLookupTable,
  readAccounts,
  readLookupTables,
  SolanaRpcCallError,
  METHOD_NOT_FOUND,
  type AddressLookupTable,
  type RpcAccount,
  type SolanaNode,
} from './chain.ts'
export { solanaAccountKeys, type CompiledMessage, type SolanaAccountKeys, type SolanaLookupTables } from './keys.ts'
export {
  simulateSolanaTransaction,
  solanaBalanceChanges,
  solanaErrorReason,
  SOLANA_SIMULATION_TIMEOUT_MS,
  type SimulateSolanaOptions,
  type SolanaAssetChange,
  type SolanaSimulation,
} from './simulate.ts'
