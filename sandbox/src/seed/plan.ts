import type { ChainKey } from '../chains.ts'
import type { PoolAsset } from '../contracts/pools.ts'
import type { TokenKey } from '../contracts/tokens.ts'
import { TREASURY_INDEX } from '../dev-accounts.ts'
import type { Actor, SeedAction, SeedStep } from './actions.ts'
import { seededRandom } from './prng.ts'

/** How far back the seeded history reaches. */
export const HISTORY_DAYS = 240
/** The day the contracts are deployed and the pools filled, before the history starts. */
export const SETUP_DAYS_AGO = HISTORY_DAYS + 2

/**
 * Names registered by the seed plan (names chain only), dated in the past. Account 0's name
 * (`portico-dev` + the configured suffix) is registered after the seed, through the registry the
 * way the API registers (see wallet-name.ts).
 */
export const SEEDED_NAMES: ReadonlyArray<{ owner: Actor; name: string }> = [
  { owner: 1, name: 'alice.reown.id' },
  { owner: 2, name: 'bobby-builder.wcn.id' },
]

/** One "typical amount" per asset and chain: the plan's amounts are multiples of it. */
const UNITS: Record<ChainKey, Record<PoolAsset, number>> = {
  a: { NATIVE: 0.1, USDC: 40, PTK: 20, PTS: 10 },
  b: { NATIVE: 25, USDC: 12, PTK: 1, PTS: 3 },
}

/**
 * The history of account 0 (the Sandbox Wallet), oldest first: every kind of transaction the
 * Activity tab shows, with the counterparty taken in turn from accounts 1..4.
 */
type Template =
  | 'receive-native'
  | 'send-native'
  | 'self-native'
  | `send-${TokenKey}`
  | `receive-${TokenKey}`
  | 'mint-nft'
  | 'send-nft'
  | 'receive-nft'
  | 'spam-airdrop'
  | `approve-${TokenKey}`
  | `swap-${PoolAsset}-${PoolAsset}`

const ACCOUNT_0_TEMPLATES: readonly Template[] = [
  'receive-native',
  'send-USDC',
  'mint-nft',
  'receive-PTK',
  'send-native',
  'approve-USDC',
  'swap-NATIVE-USDC',
  'spam-airdrop',
  'receive-USDC',
  'send-nft',
  'swap-USDC-PTK',
  'self-native',
  'receive-PTS',
  'send-PTS',
  'receive-nft',
  'approve-PTK',
  'swap-PTK-NATIVE',
  'send-PTK',
  'receive-native',
  'mint-nft',
  'send-USDC',
  'spam-airdrop',
  'swap-NATIVE-PTK',
  'receive-USDC',
  'send-native',
  'receive-PTK',
  'send-nft',
  'swap-USDC-NATIVE',
  'receive-native',
  'send-PTS',
  'mint-nft',
  'send-USDC',
  'receive-nft',
  'swap-NATIVE-USDC',
  'send-native',
  'receive-USDC',
  'spam-airdrop',
  'send-PTK',
  'receive-native',
  'swap-PTK-USDC',
]

type Ownership = Map<number, Actor>

function decimalsOf(asset: PoolAsset): number {
  return asset === 'PTS' ? 0 : asset === 'USDC' ? 2 : 4
}

/** The deterministic seed plan of one chain: setup, then months of history. */
export function seedPlan(chainKey: ChainKey, chainId: number, withNames: boolean): SeedStep[] {
  const random = seededRandom(chainId)
  const units = UNITS[chainKey]
  const amount = (asset: PoolAsset): string => {
    const value = units[asset] * (0.2 + random() * 1.8)
    const decimals = decimalsOf(asset)
    return Math.max(value, 10 ** -decimals).toFixed(decimals)
  }
  const pioneer: Ownership = new Map()
  let nextPioneer = 1
  const mintPioneer = (to: Actor[]): SeedAction => {
    for (const owner of to) pioneer.set(nextPioneer++, owner)
    return { kind: 'nft-mint', collection: 'PIONEER', to }
  }
  const owned = (owner: Actor): number | undefined => [...pioneer].find(([, who]) => who === owner)?.[0]

  const setup: SeedStep = {
    daysAgo: SETUP_DAYS_AGO - 1,
    secondOfDay: 9 * 3600,
    actions: [
      { kind: 'liquidity' },
      { kind: 'token-mint', token: 'USDC', to: TREASURY_INDEX, amount: '1000000' },
      { kind: 'token-mint', token: 'PTK', to: TREASURY_INDEX, amount: '1000000' },
      mintPioneer([1, 2, 3, 4]),
    ],
  }
  const names: SeedStep[] = withNames ? SEEDED_NAMES.map((n, i) => ({ daysAgo: HISTORY_DAYS - 30 - i * 50, secondOfDay: 15 * 3600, actions: [{ kind: 'name', owner: n.owner, name: n.name }] })) : []

  const steps: SeedStep[] = [setup, ...names]
  ACCOUNT_0_TEMPLATES.forEach((template, i) => {
    const other: Actor = 1 + (i % 4)
    const daysAgo = Math.max(1, Math.round(HISTORY_DAYS - (i * (HISTORY_DAYS - 2)) / ACCOUNT_0_TEMPLATES.length - random() * 3))
    const secondOfDay = Math.floor((8 + random() * 12) * 3600)
    const actions: SeedAction[] = []
    const [verb, a, b] = template.split('-') as [string, PoolAsset | 'native' | 'nft' | 'airdrop', PoolAsset | undefined]
    if (template === 'receive-native') actions.push({ kind: 'native', from: other, to: 0, amount: amount('NATIVE') })
    else if (template === 'send-native') actions.push({ kind: 'native', from: 0, to: other, amount: amount('NATIVE') })
    else if (template === 'self-native') actions.push({ kind: 'native', from: 0, to: 0, amount: amount('NATIVE') })
    else if (template === 'mint-nft') actions.push(mintPioneer([0]))
    else if (template === 'spam-airdrop') {
      actions.push({ kind: 'nft-mint', collection: 'CLAIM', to: [0, 1 + ((i + 2) % 4)] })
    } else if (template === 'send-nft' || template === 'receive-nft') {
      const from: Actor = template === 'send-nft' ? 0 : other
      const to: Actor = template === 'send-nft' ? other : 0
      const tokenId = owned(from)
      if (tokenId === undefined) throw new Error(`Seed plan: account ${from} owns no PIONEER for '${template}'`)
      pioneer.set(tokenId, to)
      actions.push({ kind: 'nft-transfer', collection: 'PIONEER', from, to, tokenId })
    } else if (verb === 'approve') actions.push({ kind: 'approve', token: a as TokenKey, from: 0, amount: 'max' })
    else if (verb === 'swap' && b) actions.push({ kind: 'swap', from: 0, tokenIn: a as PoolAsset, tokenOut: b, amountIn: amount(a as PoolAsset) })
    else if (verb === 'send') actions.push({ kind: 'token', token: a as TokenKey, from: 0, to: other, amount: amount(a as PoolAsset) })
    else if (verb === 'receive') actions.push({ kind: 'token', token: a as TokenKey, from: other, to: 0, amount: amount(a as PoolAsset) })
    else throw new Error(`Seed plan: unknown template '${template}'`)
    // Life between the other accounts, so their Activity is not only account 0.
    if (i % 3 === 1) {
      const from: Actor = 1 + ((i + 1) % 4)
      const to: Actor = 1 + ((i + 2) % 4)
      actions.push(i % 2 === 0 ? { kind: 'native', from, to, amount: amount('NATIVE') } : { kind: 'token', token: 'USDC', from, to, amount: amount('USDC') })
    }
    steps.push({ daysAgo, secondOfDay, actions })
  })
  return steps.sort((x, y) => y.daysAgo - x.daysAgo || x.secondOfDay - y.secondOfDay)
}
