import { coinTypeForChainId } from '@portico/shared-types'
import { encodeFunctionData, maxUint256, parseUnits, type Address } from 'viem'
import type { SeedSender } from '../chain/seed-sender.ts'
import { ammAbi, collectibleAbi, namesAbi, tokenAbi } from '../contracts/abis.ts'
import type { ChainDeployment, DeployedToken } from '../contracts/deploy.ts'
import { NATIVE_TOKEN_ADDRESS, POOL_DEFINITIONS, type PoolAsset } from '../contracts/pools.ts'
import type { TokenKey } from '../contracts/tokens.ts'
import { DEPLOYER_INDEX, REGISTRAR_INDEX, devAccount } from '../dev-accounts.ts'
import type { SeedAction, SeedStep } from './actions.ts'

const DAY_SECONDS = 86_400

/** Unix time of a plan step: midnight UTC `daysAgo` days before `anchor`, plus the step's second. */
export function stepTime(anchorSeconds: number, step: Pick<SeedStep, 'daysAgo' | 'secondOfDay'>): number {
  const day = Math.floor(anchorSeconds / DAY_SECONDS) - step.daysAgo
  return day * DAY_SECONDS + step.secondOfDay
}

type Resolved = { address: Address; decimals: number }

export class SeedApplier {
  constructor(
    private readonly sender: SeedSender,
    private readonly deployment: ChainDeployment,
  ) {}

  #token(key: TokenKey): DeployedToken {
    const token = this.deployment.tokens[key]
    if (!token) throw new Error(`Seed: token ${key} is not deployed on chain ${this.deployment.chainId}`)
    return token
  }

  #asset(asset: PoolAsset): Resolved {
    if (asset === 'NATIVE') return { address: NATIVE_TOKEN_ADDRESS, decimals: this.sender.chain.nativeCurrency.decimals }
    return this.#token(asset)
  }

  #collection(key: 'PIONEER' | 'CLAIM'): Address {
    const found = this.deployment.collections[key]
    if (!found) throw new Error(`Seed: collection ${key} is not deployed`)
    return found.address
  }

  async #liquidity(): Promise<void> {
    const deployer = devAccount(DEPLOYER_INDEX)
    const approved = new Set<TokenKey>()
    for (const pool of POOL_DEFINITIONS) {
      const [amountA, amountB] = pool.liquidity[this.sender.chain.key]
      const sides = [
        { asset: pool.a, amount: parseUnits(amountA, this.#asset(pool.a).decimals) },
        { asset: pool.b, amount: parseUnits(amountB, this.#asset(pool.b).decimals) },
      ] as const
      let value = 0n
      for (const side of sides) {
        if (side.asset === 'NATIVE') {
          value = side.amount
          continue
        }
        const token = this.#token(side.asset).address
        await this.sender.send(deployer, { to: token, data: encodeFunctionData({ abi: tokenAbi, functionName: 'mint', args: [deployer.address, side.amount] }) })
        if (!approved.has(side.asset)) {
          approved.add(side.asset)
          await this.sender.send(deployer, { to: token, data: encodeFunctionData({ abi: tokenAbi, functionName: 'approve', args: [this.deployment.amm, maxUint256] }) })
        }
      }
      const data = encodeFunctionData({
        abi: ammAbi,
        functionName: 'addLiquidity',
        args: [this.#asset(pool.a).address, this.#asset(pool.b).address, sides[0].amount, sides[1].amount],
      })
      await this.sender.send(deployer, { to: this.deployment.amm, data, value })
    }
  }

  async apply(action: SeedAction): Promise<void> {
    const s = this.sender
    switch (action.kind) {
      case 'native':
        await s.send(devAccount(action.from), { to: devAccount(action.to).address, value: parseUnits(action.amount, s.chain.nativeCurrency.decimals), gas: 21_000n })
        return
      case 'token': {
        const token = this.#token(action.token)
        const data = encodeFunctionData({ abi: tokenAbi, functionName: 'transfer', args: [devAccount(action.to).address, parseUnits(action.amount, token.decimals)] })
        await s.send(devAccount(action.from), { to: token.address, data })
        return
      }
      case 'token-mint': {
        const token = this.#token(action.token)
        const data = encodeFunctionData({ abi: tokenAbi, functionName: 'mint', args: [devAccount(action.to).address, parseUnits(action.amount, token.decimals)] })
        await s.send(devAccount(DEPLOYER_INDEX), { to: token.address, data })
        return
      }
      case 'nft-mint': {
        const data = encodeFunctionData({ abi: collectibleAbi, functionName: 'mint', args: [action.to.map((i) => devAccount(i).address)] })
        await s.send(devAccount(DEPLOYER_INDEX), { to: this.#collection(action.collection), data })
        return
      }
      case 'nft-transfer': {
        const from = devAccount(action.from).address
        const data = encodeFunctionData({ abi: collectibleAbi, functionName: 'transferFrom', args: [from, devAccount(action.to).address, BigInt(action.tokenId)] })
        await s.send(devAccount(action.from), { to: this.#collection(action.collection), data })
        return
      }
      case 'approve': {
        const token = this.#token(action.token)
        const value = action.amount === 'max' ? maxUint256 : parseUnits(action.amount, token.decimals)
        await s.send(devAccount(action.from), { to: token.address, data: encodeFunctionData({ abi: tokenAbi, functionName: 'approve', args: [this.deployment.amm, value] }) })
        return
      }
      case 'swap': {
        const tokenIn = this.#asset(action.tokenIn)
        const amountIn = parseUnits(action.amountIn, tokenIn.decimals)
        const to = devAccount(action.from).address
        const data = encodeFunctionData({ abi: ammAbi, functionName: 'swap', args: [tokenIn.address, this.#asset(action.tokenOut).address, amountIn, 0n, to] })
        await s.send(devAccount(action.from), { to: this.deployment.amm, data, value: action.tokenIn === 'NATIVE' ? amountIn : 0n })
        return
      }
      case 'liquidity':
        await this.#liquidity()
        return
      case 'name': {
        if (!this.deployment.names) throw new Error('Seed: no name registry on this chain')
        const args = [action.name, devAccount(action.owner).address, BigInt(coinTypeForChainId(this.deployment.chainId))] as const
        await s.send(devAccount(REGISTRAR_INDEX), { to: this.deployment.names, data: encodeFunctionData({ abi: namesAbi, functionName: 'register', args }) })
        return
      }
    }
  }

  /** Sends every action of `steps`, one block per step, dated relative to `anchorSeconds`. */
  async run(steps: readonly SeedStep[], anchorSeconds: number): Promise<void> {
    for (const step of steps) {
      for (const action of step.actions) await this.apply(action)
      await this.sender.mine(stepTime(anchorSeconds, step))
    }
  }
}
