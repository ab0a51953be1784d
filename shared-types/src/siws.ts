/**
 * Sign In With Solana (CAIP-122's message for Solana accounts): written, read and checked apart from
 * `siwx.ts` so that only code that meets a Solana sign-in loads it.
 */
import { parseSiwxTime, type SiweFields } from './siwx.ts'

/**
 * The fields of a Sign In With Solana message (CAIP-122's text for Solana accounts, the one
 * `solana:signIn` wallets sign): what `@solana/wallet-standard-util`'s `createSignInMessageText` takes.
 * `chainId` is the cluster's CAIP-2 reference.
 */
export type SiwsFields = {
  domain: string
  address: string
  statement?: string | undefined
  uri?: string | undefined
  version?: string | undefined
  chainId?: string | undefined
  nonce?: string | undefined
  issuedAt?: string | undefined
  expirationTime?: string | undefined
  notBefore?: string | undefined
  requestId?: string | undefined
  resources?: readonly string[] | undefined
}

/** The optional lines of a SIWS message, in the order they are written. */
const SIWS_LINES = [
  ['URI', 'uri'],
  ['Version', 'version'],
  ['Chain ID', 'chainId'],
  ['Nonce', 'nonce'],
  ['Issued At', 'issuedAt'],
  ['Expiration Time', 'expirationTime'],
  ['Not Before', 'notBefore'],
  ['Request ID', 'requestId'],
] as const

/** The heading line of a SIWS message: `<domain> wants you to sign in with your Solana account:`. */
export const SIWS_HEADING = / wants you to sign in with your Solana account:$/

/**
 * The text of a Sign In With Solana message, written exactly as Wallet Standard wallets write it
 * (`createSignInMessageText`):
 *
 *     <domain> wants you to sign in with your Solana account:
 *     <base58 address>
 *
 *     <statement>
 *
 *     URI: …, Version: …, Chain ID: …, Nonce: …, Issued At: …, Expiration Time: …, …
 */
export function createSiwsMessage(fields: SiwsFields): string {
  let message = `${fields.domain} wants you to sign in with your Solana account:\n${fields.address}`
  if (fields.statement) message += `\n\n${fields.statement}`
  const lines: string[] = SIWS_LINES.flatMap(([label, key]) => (fields[key] ? [`${label}: ${fields[key]}`] : []))
  if (fields.resources) lines.push('Resources:', ...fields.resources.map((r) => `- ${r}`))
  if (lines.length) message += `\n\n${lines.join('\n')}`
  return message
}

/**
 * A Sign In With Solana message's fields, or null when the text is not one written the way
 * `createSiwsMessage` writes it (a line out of order, an unknown or repeated line, an empty value, a
 * statement over several lines, a trailing newline: anything that would read two ways is refused).
 */
export function parseSiwsMessage(text: string): SiwsFields | null {
  const head = /^([^\n]+?) wants you to sign in with your Solana account:\n([1-9A-HJ-NP-Za-km-z]{32,44})(?:\n\n([\s\S]*))?$/.exec(text)
  if (!head) return null
  const fields: { -readonly [K in keyof SiwsFields]: SiwsFields[K] } = { domain: head[1]!, address: head[2]! }
  let blocks = head[3] === undefined ? [] : head[3].split('\n\n')
  const isField = (line: string) => line === 'Resources:' || SIWS_LINES.some(([label]) => line.startsWith(`${label}: `))
  if (blocks.length === 2 || (blocks.length === 1 && !isField(blocks[0]!.split('\n')[0]!))) {
    const statement = blocks[0]!
    if (!statement || statement.includes('\n')) return null
    fields.statement = statement
    blocks = blocks.slice(1)
  }
  if (blocks.length > 1) return null
  let next = 0
  const lines = blocks[0]?.split('\n') ?? []
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!
    if (line === 'Resources:') {
      const resources = lines.slice(i + 1)
      if (!resources.every((r) => r.startsWith('- ') && r.length > 2)) return null
      fields.resources = resources.map((r) => r.slice(2))
      break
    }
    const at = SIWS_LINES.findIndex(([label], index) => index >= next && line.startsWith(`${label}: `))
    if (at < 0) return null
    const [label, key] = SIWS_LINES[at]!
    const value = line.slice(label.length + 2)
    if (!value) return null
    fields[key] = value
    next = at + 1
  }
  return createSiwsMessage(fields) === text ? fields : null
}

/** A SIWS message's fields as the CACAO check reads them (`siwxCacaoMismatch(…, 'solana')`); a time that is not RFC 3339 is left out. */
export function siwsCacaoFields(fields: SiwsFields): SiweFields {
  const time = (text: string | undefined) => {
    const ms = text === undefined ? null : parseSiwxTime(text)
    return ms === null ? undefined : new Date(ms)
  }
  return {
    address: fields.address,
    chainId: fields.chainId,
    domain: fields.domain,
    uri: fields.uri,
    version: fields.version,
    nonce: fields.nonce,
    statement: fields.statement,
    issuedAt: time(fields.issuedAt),
    expirationTime: time(fields.expirationTime),
    notBefore: time(fields.notBefore),
    requestId: fields.requestId,
    resources: fields.resources,
  }
}
