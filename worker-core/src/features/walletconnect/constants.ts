/** The methods and events Portico asks a wallet for on eip155 (SPEC.md §7 wallet methods). */
export const EIP155_METHODS = ['personal_sign', 'eth_sendTransaction', 'eth_signTypedData_v4', 'wallet_switchEthereumChain', 'wallet_addEthereumChain'] as const
export const EIP155_EVENTS = ['chainChanged', 'accountsChanged'] as const
/** EIP-5792 (SPEC.md §7): asked as optional, so a wallet that has them approves them and one that does not still connects. */
export const EIP5792_METHODS = ['wallet_getCapabilities', 'wallet_sendCalls', 'wallet_getCallsStatus'] as const
