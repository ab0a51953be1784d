/**
 * Optimal string alignment distance (Levenshtein with adjacent transpositions), case-insensitive:
 * how many single-character edits turn `a` into `b`.
 *
 * @example
 * editDistance('themMode', 'themeMode') // 1
 * editDistance('fetaures', 'features') // 1
 */
export function editDistance(a: string, b: string): number {
  const s = a.toLowerCase()
  const t = b.toLowerCase()
  const rows = s.length + 1
  const cols = t.length + 1
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)))
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1)
      d[i]![j] = best
    }
  }
  return d[s.length]![t.length]!
}

/**
 * The known name closest to `name`, when it is close enough to be what was meant (at most a third
 * of its letters edited, at least 2 allowed); null otherwise.
 *
 * @example
 * nearest('themMode', ['themeMode', 'locale']) // 'themeMode'
 * nearest('colour', ['themeMode', 'locale']) // null
 */
export function nearest(name: string, known: readonly string[]): string | null {
  const allowed = Math.max(2, Math.floor(name.length / 3))
  let best: string | null = null
  let bestDistance = Infinity
  for (const candidate of known) {
    const distance = editDistance(name, candidate)
    if (distance < bestDistance) {
      best = candidate
      bestDistance = distance
    }
  }
  return best !== null && bestDistance <= allowed ? best : null
}

/**
 * The message of an unknown configuration key, with the nearest known key when there is one.
 *
 * @example
 * unknownKeyMessage('themMode', ['themeMode']) // "Unknown key 'themMode'. Did you mean 'themeMode'?"
 */
export function unknownKeyMessage(key: string, known: readonly string[]): string {
  const guess = nearest(key, known)
  return guess ? `Unknown key '${key}'. Did you mean '${guess}'?` : `Unknown key '${key}'.`
}
