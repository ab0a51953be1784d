export type Summary = { median: number; min: number; max: number; n: number }

export function summarize(values: readonly (number | null | undefined)[]): Summary | null {
  const xs = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b)
  if (xs.length === 0) return null
  const mid = Math.floor(xs.length / 2)
  const median = xs.length % 2 ? xs[mid]! : (xs[mid - 1]! + xs[mid]!) / 2
  return { median, min: xs[0]!, max: xs[xs.length - 1]!, n: xs.length }
}
