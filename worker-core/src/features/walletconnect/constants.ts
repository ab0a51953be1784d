/** The methods and events Portico asks a wallet for on eip155 (SPEC.md §7 wallet methods). */
export const EIP155_METHODS = ['personal_sign', 'eth_sendTransaction', 'eth_signTypedData_v4', 'wallet_switchEthereumChain', 'wallet_addEthereumChain'] as const
export const EIP155_EVENTS = ['chainChanged', 'accountsChanged'] as const
