import type { NameRegistry } from './registry.ts'

const ENDINGS = ['', '1', '-web3', '-id', '2024', '-dao'] as const

/**
 * Names close to `label` under `suffix`, the asked one first, each with whether it is taken (read
 * from the registry). Only labels that satisfy SPEC.md §5 are offered.
 */
export async function suggestNames(registry: NameRegistry, label: string, suffix: string): Promise<Array<{ name: string; registered: boolean }>> {
  const names = ENDINGS.map((ending) => `${label}${ending}${suffix}`)
  const taken = await Promise.all(names.map((n) => registry.resolve(n).then((r) => r !== undefined)))
  return names.map((name, i) => ({ name, registered: taken[i] ?? false }))
}
