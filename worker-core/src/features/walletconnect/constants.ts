/** The methods and events Portico asks a wallet for on eip155 (SPEC.md §7 wallet methods). */
export const EIP155_METHODS = ['personal_sign', 'eth_sendTransaction', 'eth_signTypedData_v4', 'wallet_switchEthereumChain', 'wallet_addEthereumChain'] as const
export const EIP155_EVENTS = ['chainChanged', 'accountsChanged'] as const

/** SPEC.md §8, the connection library's messages. */
export const WALLET_CONNECT_MESSAGES = {
  connectBeforeRequest: 'Please call connect() before request()',
  sessionNotInitialized: 'Session not initialized',
  signClientNotInitialized: 'Sign Client not initialized',
} as const
