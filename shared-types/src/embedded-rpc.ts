/**
 * The zod-free part of the embedded wallet's protocol (SPEC.md §6, §9): its timings, the EIP-1193 code
 * of a rejected approval and the class of each RPC method. The page's session and the embedded
 * connector use these before the visitor acts, so importing this builds no schema; the frame's
 * messages and their schemas are in `embedded.ts`, loaded with the frame.
 */
/** SDK version the frame is loaded with when none is configured (SPEC.md §9). */
export const EMBEDDED_SDK_VERSION_DEFAULT = 4
/** The frame's log level when none is configured (SPEC.md §9). */
export const EMBEDDED_LOG_LEVEL_DEFAULT = 'error'
/** Timeout of the connect email, device, otp, social and social-redirect requests (SPEC.md §9). */
export const EMBEDDED_REQUEST_TIMEOUT_MS = 30_000
/** Wait after the frame says it is ready, before the first request (SPEC.md §9). */
export const EMBEDDED_READY_WAIT_MS = 500
/** Delay before the 'Action not allowed' message after a disallowed call (SPEC.md §6). */
export { EMBEDDED_NOT_ALLOWED_MESSAGE_DELAY_MS } from './constants.ts'
/** EIP-1193's "user rejected the request": the frame's answer to a rejected or aborted approval. */
export const USER_REJECTED_CODE = 4001
/** The most the frame asks the page to make room for (its approval scrolls inside beyond that). */
export const FRAME_APPROVAL_MAX_HEIGHT = 560

/**
 * RPC methods of SPEC.md §6. Safe ones go straight to the frame; unsafe ones run only after the
 * visitor approves them in the frame's own approval (shown over ApproveTransaction); any other method
 * is not allowed.
 */
export const SAFE_RPC_METHODS: readonly string[] = [
  'eth_accounts',
  'eth_chainId',
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_getBalance',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getLogs',
  'eth_requestAccounts',
  'eth_sendRawTransaction',
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  'wallet_getAssets',
  'eth_getUserOperationReceipt',
  'eth_getUserOperationByHash',
  'eth_supportedEntryPoints',
]
export const UNSAFE_RPC_METHODS: readonly string[] = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
  'solana_signAllTransactions',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
]
export type RpcMethodClass = 'safe' | 'unsafe' | 'notAllowed'
/** Whether `method` may go straight to the frame, needs the visitor's approval, or is refused (SPEC.md §6). */
export function classifyRpcMethod(method: string): RpcMethodClass {
  if (UNSAFE_RPC_METHODS.includes(method)) return 'unsafe'
  if (SAFE_RPC_METHODS.includes(method)) return 'safe'
  return 'notAllowed'
}
