import { coinTypeForChainId } from '@portico/shared-types'
import { devAccount } from '../dev-accounts.ts'
import { normalizeName } from '../names/name-rules.ts'
import type { NameRecord, NameRegistry } from '../names/registry.ts'

/** The label the seed registers for dev account 0 (the Sandbox Wallet's), under the configured suffix. */
export const SANDBOX_WALLET_NAME_LABEL = 'portico-dev'

/**
 * Registers `portico-dev{suffix}` to dev account 0 through the registry, as POST /v1/profile/account
 * does once it has verified a request: the name normalised by the same rules, the coin type of the
 * names chain, submitted by the registrar key. On a node where the name exists already (an external
 * RPC that was seeded before) it is left as it is; undefined when someone else holds it.
 */
export async function registerSandboxWalletName(registry: NameRegistry, suffix: string): Promise<NameRecord | undefined> {
  const name = normalizeName(`${SANDBOX_WALLET_NAME_LABEL}${suffix}`, suffix)
  if (typeof name === 'string') throw new Error(`Seed: ${SANDBOX_WALLET_NAME_LABEL}${suffix} breaks the name rules (${name})`)
  const owner = devAccount(0).address
  const existing = await registry.resolve(name.name)
  if (existing) return existing.owner === owner ? existing : undefined
  return registry.register(name.name, owner, coinTypeForChainId(registry.chainId))
}
