import { formatEther, formatUnits } from 'viem'
import type { ApprovalRequest } from './types.ts'

/** `mono` for addresses and hex; `block` for long text in a scrolling box. */
export type RequestRow = { label: string; value: string; mono?: boolean; block?: boolean }
export type RequestDescription = { title: string; rows: RequestRow[] }

const MAX_DATA_CHARS = 320
const clip = (text: string): string => (text.length > MAX_DATA_CHARS ? `${text.slice(0, MAX_DATA_CHARS)}… (${text.length} chars)` : text)

/** The words the prompt shows for a request: a question and the facts to judge it by. */
export function describeRequest(request: ApprovalRequest): RequestDescription {
  switch (request.kind) {
    case 'connect':
      return { title: `Connect to ${request.origin}?`, rows: [{ label: 'Account', value: request.address, mono: true }] }
    case 'personal_sign':
      return {
        title: `Sign a message for ${request.origin}?`,
        rows: [
          { label: 'Message', value: request.message, block: true },
          { label: 'Account', value: request.address, mono: true },
        ],
      }
    case 'eth_signTypedData_v4':
      return {
        title: `Sign typed data for ${request.origin}?`,
        rows: [
          { label: 'Type', value: request.primaryType },
          ...(request.domainName ? [{ label: 'Domain', value: request.domainName }] : []),
          { label: 'Message', value: request.json, mono: true, block: true },
        ],
      }
    case 'eth_sendTransaction': {
      const symbol = request.chain.nativeCurrency?.symbol ?? 'ETH'
      return {
        title: `Send a transaction for ${request.origin}?`,
        rows: [
          request.to ? { label: 'To', value: request.to, mono: true } : { label: 'To', value: 'New contract' },
          { label: 'Value', value: `${formatEther(request.value)} ${symbol}` },
          { label: 'Network', value: `${request.chain.name} (${request.chain.id})` },
          ...(request.data && request.data !== '0x' ? [{ label: 'Data', value: clip(request.data), mono: true, block: true }] : []),
        ],
      }
    }
    case 'wallet_sendCalls': {
      const symbol = request.chain.nativeCurrency?.symbol ?? 'ETH'
      const n = request.calls.length
      return {
        title: `Send ${n} call${n === 1 ? '' : 's'} for ${request.origin}?`,
        rows: [
          { label: 'Batch', value: request.atomic ? 'Atomic: all calls in one transaction, or none' : 'One by one: each call is a transaction of its own' },
          ...(request.delegates ? [{ label: 'Account upgrade', value: `Delegates this account to ${request.delegates} (EIP-7702 Simple7702Account)`, mono: true }] : []),
          { label: 'Network', value: `${request.chain.name} (${request.chain.id})` },
          ...request.calls.flatMap((call, i) => [
            { label: `Call ${i + 1} to`, value: call.to, mono: true },
            ...(call.value > 0n ? [{ label: `Call ${i + 1} value`, value: `${formatEther(call.value)} ${symbol}` }] : []),
            ...(call.data && call.data !== '0x' ? [{ label: `Call ${i + 1} data`, value: clip(call.data), mono: true, block: true }] : []),
          ]),
        ],
      }
    }
    case 'solana_connect':
      return {
        title: `Connect to ${request.origin}?`,
        rows: [
          { label: 'Solana account', value: request.address, mono: true },
          { label: 'Network', value: request.network },
        ],
      }
    case 'solana_signMessage':
    case 'solana_signIn':
      return {
        title: request.kind === 'solana_signIn' ? `Sign in to ${request.origin} with Solana?` : `Sign a message for ${request.origin}?`,
        rows: [
          { label: 'Message', value: request.message, block: true },
          { label: 'Solana account', value: request.address, mono: true },
        ],
      }
    case 'solana_signTransaction':
    case 'solana_signAndSendTransaction':
      return {
        title: `${request.kind === 'solana_signTransaction' ? 'Sign' : 'Send'} a Solana transaction for ${request.origin}?`,
        rows: [
          ...request.transfers.flatMap((transfer, i) => [
            { label: request.transfers.length > 1 ? `Transfer ${i + 1} to` : 'To', value: transfer.to, mono: true },
            { label: request.transfers.length > 1 ? `Transfer ${i + 1} value` : 'Value', value: `${formatUnits(transfer.lamports, 9)} SOL` },
          ]),
          { label: 'Instructions', value: String(request.instructions) },
          { label: 'Network', value: request.network },
          { label: 'Solana account', value: request.address, mono: true },
        ],
      }
    case 'wallet_addEthereumChain':
      return {
        title: `Add network ${request.chain.name} for ${request.origin}?`,
        rows: [
          { label: 'Chain ID', value: String(request.chain.id) },
          { label: 'RPC URL', value: request.chain.rpcUrl, mono: true },
          ...(request.chain.nativeCurrency ? [{ label: 'Currency', value: request.chain.nativeCurrency.symbol }] : []),
        ],
      }
  }
}
