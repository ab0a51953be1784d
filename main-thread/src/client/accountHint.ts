/**
 * What the account button shows, kept in localStorage by the page whenever the core pushes the
 * account, so a returning visitor's first paint shows the account (online and offline) before the
 * core answers. Read synchronously at first render, before any schema library loads: checked by
 * hand, and anything else is ignored. Cleared on disconnect.
 */
export const ACCOUNT_HINT_KEY = 'portico:account'

/** The account's address (no namespace) and, when known, its native balance as the data API gave it. */
export type AccountHint = { a: string; n?: string; s?: string }

const SAFE = /^[0-9A-Za-z]{1,128}$/
const AMOUNT = /^\d{1,40}(\.\d{1,40})?$/

function check(value: unknown): AccountHint | null {
  if (!value || typeof value !== 'object') return null
  const { a, n, s } = value as Record<string, unknown>
  if (typeof a !== 'string' || !SAFE.test(a)) return null
  // The balance only as a pair: a plain decimal amount and a short symbol.
  if (typeof n === 'string' && AMOUNT.test(n) && typeof s === 'string' && SAFE.test(s) && s.length <= 12) return { a, n, s }
  return { a }
}

/** The stored record, checked; null when there is none, it is malformed or storage is blocked. */
export function readAccountHint(): AccountHint | null {
  try {
    const raw = localStorage.getItem(ACCOUNT_HINT_KEY)
    return raw ? check(JSON.parse(raw)) : null
  } catch {
    return null
  }
}

/** Stores (or clears, with null) the record; writes only when it changed. */
export function writeAccountHint(hint: AccountHint | null) {
  const next = hint ? JSON.stringify(hint) : null
  try {
    if (localStorage.getItem(ACCOUNT_HINT_KEY) === next) return
    if (next) localStorage.setItem(ACCOUNT_HINT_KEY, next)
    else localStorage.removeItem(ACCOUNT_HINT_KEY)
  } catch {
    /* storage blocked: the first paint shows Connect until the core answers */
  }
}
