import { encodeFunctionData, zeroAddress, type Address, type PublicClient } from 'viem'
import type { LiveSender } from '../chain/live-sender.ts'
import { namesAbi } from '../contracts/abis.ts'

export type NameRecord = { name: string; owner: Address; coinType: number; registered: number }

/** Thrown when a name is registered already (the API answers 409). */
export class NameTakenError extends Error {
  override name = 'NameTakenError'
}

/**
 * PorticoNames on the names chain: the only store of account names, read on every call, written by
 * the data API's registrar key. A restarted API therefore answers every name registered before.
 */
export class NameRegistry {
  constructor(
    readonly chainId: number,
    readonly address: Address,
    private readonly client: PublicClient,
    private readonly registrar: LiveSender,
  ) {}

  async resolve(name: string): Promise<NameRecord | undefined> {
    const [owner, coinType, registered] = await this.client.readContract({ address: this.address, abi: namesAbi, functionName: 'resolve', args: [name] })
    if (owner === zeroAddress) return undefined
    return { name, owner, coinType: Number(coinType), registered: Number(registered) }
  }

  /** Every name of `owner`, oldest first. */
  async namesOf(owner: Address): Promise<NameRecord[]> {
    const names = await this.client.readContract({ address: this.address, abi: namesAbi, functionName: 'namesOf', args: [owner] })
    const records = await Promise.all(names.map((n) => this.resolve(n)))
    return records.filter((r): r is NameRecord => r !== undefined)
  }

  /** Registers `name` to `owner` from the registrar key and resolves with the stored record. */
  async register(name: string, owner: Address, coinType: number): Promise<NameRecord> {
    if (await this.resolve(name)) throw new NameTakenError(`Name ${name} is already registered`)
    const data = encodeFunctionData({ abi: namesAbi, functionName: 'register', args: [name, owner, BigInt(coinType)] })
    const receipt = await this.registrar.send({ to: this.address, data }).catch(async (err: unknown) => {
      if (await this.resolve(name)) throw new NameTakenError(`Name ${name} is already registered`)
      throw err
    })
    if (receipt.status !== 'success') {
      if (await this.resolve(name)) throw new NameTakenError(`Name ${name} is already registered`)
      throw new Error(`Registering ${name} reverted (${receipt.transactionHash})`)
    }
    const record = await this.resolve(name)
    if (!record) throw new Error(`Registered ${name} but the registry does not resolve it`)
    return record
  }
}
