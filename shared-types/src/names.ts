/** Account names (SPEC.md §5): letters, digits and hyphens, at least 4, under a known suffix. */
export const NAME_SUFFIXES = ['.reown.id', '.wcn.id'] as const
export const DEFAULT_NAME_SUFFIX = NAME_SUFFIXES[0]

const LABEL = /^[a-zA-Z0-9-]{4,}$/

/** Whether typed text reads as an account name (`name.reown.id`, any dotted name) rather than an address. */
export function looksLikeAccountName(text: string): boolean {
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(text) && !text.startsWith('0x')
}

/** Whether `label` (without suffix) is an acceptable account name. */
export function isValidNameLabel(label: string): boolean {
  return LABEL.test(label)
}

/** Splits 'alice.reown.id' into its label and suffix; undefined for an unknown suffix. */
export function splitName(name: string): { label: string; suffix: (typeof NAME_SUFFIXES)[number] } | undefined {
  const suffix = NAME_SUFFIXES.find((s) => name.endsWith(s))
  return suffix ? { label: name.slice(0, -suffix.length), suffix } : undefined
}

/**
 * The ENSIP-11 coin type of an EVM chain: 60 for Ethereum mainnet, else `0x80000000 | chainId`.
 * SPEC.md §5: the chain id must be below 2^31.
 */
export function coinTypeForChainId(chainId: number): number {
  if (!Number.isInteger(chainId) || chainId < 0 || chainId >= 2 ** 31) throw new RangeError('Chain id must be below 2^31 for the name coin type')
  if (chainId === 1) return 60
  return (0x80000000 | chainId) >>> 0
}

/** Why typed text is not a name that can be registered (the write error codes of the names flow). */
export type AccountNameProblem = 'NAME_REQUIRED' | 'NAME_INVALID'

/**
 * Reads what a visitor typed in RegisterAccountName: a label ('alice') or a full name under a known
 * suffix ('alice.reown.id', legacy 'alice.wcn.id'). Answers the lower-cased full name and its label
 * (a bare label gets `.reown.id`), or the rule it breaks (SPEC.md §5).
 */
export function parseAccountNameInput(text: string): { name: string; label: string } | AccountNameProblem {
  const typed = text.trim().toLowerCase()
  if (typed === '') return 'NAME_REQUIRED'
  const split = splitName(typed)
  const label = split ? split.label : typed
  if (!isValidNameLabel(label)) return 'NAME_INVALID'
  return { name: `${label}${split?.suffix ?? DEFAULT_NAME_SUFFIX}`, label }
}
