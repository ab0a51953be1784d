import { SeedSender } from '../chain/seed-sender.ts'
import type { SandboxChain } from '../chain/sandbox-chain.ts'
import type { ContractArtifacts } from '../contracts/artifacts.ts'
import { deployContracts, type ChainDeployment } from '../contracts/deploy.ts'
import { SeedApplier, stepTime } from './apply.ts'
import { SETUP_DAYS_AGO, seedPlan } from './plan.ts'

export type SeedResult = { deployment: ChainDeployment; transactions: number; blocks: number; timeTravel: boolean }

/**
 * Deploys the contracts on `chain` and, unless `history` is false, plays the seed plan: pools,
 * treasury stock, NFTs, names, and months of transfers and swaps for the dev accounts.
 */
export async function seedChain(chain: SandboxChain, artifacts: ContractArtifacts, options: { withNames: boolean; history: boolean; anchorSeconds: number }): Promise<SeedResult> {
  const sender = await SeedSender.open(chain)
  const deployment = await deployContracts(sender, artifacts, options.withNames)
  await sender.mine(stepTime(options.anchorSeconds, { daysAgo: SETUP_DAYS_AGO, secondOfDay: 9 * 3600 }))
  const steps = seedPlan(chain.key, chain.chainId, options.withNames)
  const applier = new SeedApplier(sender, deployment)
  await applier.run(options.history ? steps : steps.slice(0, 1), options.anchorSeconds)
  const { transactions, blocks } = await sender.finish()
  return { deployment, transactions, blocks, timeTravel: sender.timeTravel }
}
