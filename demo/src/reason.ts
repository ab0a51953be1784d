/**
 * What a failed request says to the visitor: a Portico or wallet error's short message (viem's errors
 * carry one without their documentation links and version), never a library's whole text.
 */
export function reason(error: unknown): string {
  if (error instanceof Error) {
    const short = (error as Error & { shortMessage?: unknown }).shortMessage
    return (typeof short === 'string' && short ? short : error.message).split('\n')[0] ?? ''
  }
  return 'The wallet gave no reason'
}
