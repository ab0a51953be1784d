/**
 * What the account button shows, kept in localStorage by the page whenever the core pushes the
 * account (`keepAccountHint.ts`), so a returning visitor's first paint shows the account (online and
 * offline) before the core answers. Read synchronously at first render, before any schema library
 * loads: checked by hand, and anything else is ignored. Cleared on disconnect.
 */
export const ACCOUNT_HINT_KEY = 'portico:account'

/** The account's address (no namespace) and, when known, its native balance (amount, symbol) as the data API gave it. */
export type AccountHint = { a: string; n?: string; s?: string }

const SAFE = /^[0-9A-Za-z]{1,128}$/

/** The stored record as stored (null when there is none or storage is blocked). */
export function storedHint(): string | null {
  try {
    return localStorage.getItem(ACCOUNT_HINT_KEY)
  } catch {
    return null
  }
}

/** The stored record, checked; null when there is none or it is malformed. */
export function parseAccountHint(raw: string | null): AccountHint | null {
  try {
    const { a, n, s } = JSON.parse(raw ?? 'null') as Record<string, unknown>
    if (typeof a !== 'string' || !SAFE.test(a)) return null
    // The balance only as a pair: a plain decimal amount and a short symbol.
    return typeof n === 'string' && /^\d{1,40}(\.\d{1,40})?$/.test(n) && typeof s === 'string' && /^[0-9A-Za-z]{1,12}$/.test(s) ? { a, n, s } : { a }
  } catch {
    return null
  }
}
