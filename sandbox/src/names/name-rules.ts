import { NAME_SUFFIXES, isValidNameLabel } from '@portico/shared-types'

/** The suffixes a name may end with: the configured one first, then SPEC.md §5's. */
export function acceptedSuffixes(configured: string): string[] {
  return [...new Set([configured, ...NAME_SUFFIXES])]
}

export type NormalizedName = { name: string; label: string; suffix: string }

export type NameProblem = 'suffix' | 'label'

export const NAME_PROBLEM_MESSAGES: Record<NameProblem, (suffixes: readonly string[]) => string> = {
  suffix: (suffixes) => `Unsupported name suffix: use ${suffixes.join(' or ')}`,
  label: () => 'Invalid name: use letters, digits and hyphens only, at least 4 characters',
}

/**
 * Lower-cases `input` and splits it into label and suffix. A bare label gets the configured suffix;
 * another suffix, or a label breaking SPEC.md §5, is a problem.
 */
export function normalizeName(input: string, configuredSuffix: string): NormalizedName | NameProblem {
  const lower = input.trim().toLowerCase()
  const suffixes = acceptedSuffixes(configuredSuffix)
  const suffix = suffixes.find((s) => lower.endsWith(s))
  if (!suffix && lower.includes('.')) return 'suffix'
  const label = suffix ? lower.slice(0, -suffix.length) : lower
  if (!isValidNameLabel(label)) return 'label'
  const chosen = suffix ?? configuredSuffix
  return { name: `${label}${chosen}`, label, suffix: chosen }
}
