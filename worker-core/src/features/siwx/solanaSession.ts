import { parseSiwsMessage, siwsCacaoFields } from '@portico/shared-types/siws'
import type { SiweFields } from '@portico/shared-types/siwx'

/**
 * A solana session's message as the session and CACAO checks read it, or null when it is not a Sign
 * In With Solana message written the one way wallets write it. Loaded only when a solana session is met.
 */
export function solanaMessageFields(message: string): SiweFields | null {
  const fields = parseSiwsMessage(message)
  return fields ? siwsCacaoFields(fields) : null
}
