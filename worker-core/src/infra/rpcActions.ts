/**
 * The viem actions only the write path and the Send and Swap reads use: `rpc.ts` imports them when one
 * is first called, so the worker's first bundle carries none of them.
 */
export { estimateGas, getGasPrice, readContract, waitForTransactionReceipt } from 'viem/actions'
