import type { CaipAddress, SmartSession } from '@portico/shared-types'
import { randomUUID } from 'node:crypto'
import type { Address, Hex } from 'viem'

export type SessionInput = {
  account: CaipAddress
  /** Unix seconds; default: 30 days from now. */
  expiry?: number
  permissions?: SmartSession['permissions']
  pci?: string
}

export type RevokeResult = { ok: true; session: SmartSession } | { ok: false; status: 401 | 404; error: string }

/** Checks an EIP-191 signature (the data API passes the chain's verifyMessage, ERC-1271 included). */
export type VerifySignature = (args: { chainId: number; address: Address; message: string; signature: Hex }) => Promise<boolean>

/**
 * Smart sessions (ERC-7715 permissions a wallet granted the dapp), kept in memory. GET
 * /v1/sessions/{pci} reads one; revoking needs the granting account's personal_sign of the pci.
 */
export class SessionStore {
  readonly #sessions = new Map<string, SmartSession>()

  constructor(private readonly verify: VerifySignature) {}

  create(input: SessionInput): SmartSession {
    const session: SmartSession = {
      pci: input.pci ?? randomUUID(),
      account: input.account,
      expiry: input.expiry ?? Math.floor(Date.now() / 1000) + 30 * 86_400,
      revokedAt: null,
      permissions: input.permissions ?? [],
    }
    this.#sessions.set(session.pci, session)
    return { ...session }
  }

  get(pci: string): SmartSession | undefined {
    const found = this.#sessions.get(pci)
    return found ? { ...found } : undefined
  }

  list(): SmartSession[] {
    return [...this.#sessions.values()].map((s) => ({ ...s }))
  }

  async revoke(pci: string, signature: Hex): Promise<RevokeResult> {
    const session = this.#sessions.get(pci)
    if (!session?.account) return { ok: false, status: 404, error: 'Session not found' }
    const [, reference, address] = session.account.split(':') as [string, string, Address]
    const valid = await this.verify({ chainId: Number(reference), address, message: pci, signature }).catch(() => false)
    if (!valid) return { ok: false, status: 401, error: 'Invalid signature' }
    session.revokedAt ??= Math.floor(Date.now() / 1000)
    return { ok: true, session: { ...session } }
  }
}
