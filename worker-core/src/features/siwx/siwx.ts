import { MESSAGES, parseWith, PorticoError, RECORDS, siwxCacaoSchema, siwxSessionSchema, type CaipNetworkId, type RemoveSiwxSessionsParameters, type SiwxSession } from '@portico/shared-types'
import { siwxCacaoMismatch, siwxTimeProblem, type SiweFields } from '@portico/shared-types/siwx'
import { parseSiweMessage } from 'viem/siwe'
import { z } from 'zod/mini'
import type { CoreContext } from '../../infra/context.ts'

export type SiwxFeature = {
  add(session: SiwxSession): Promise<void>
  remove(params?: RemoveSiwxSessionsParameters): Promise<void>
  /**
   * Signs an account out everywhere: its sessions leave every tab and IndexedDB, and the verifier
   * (POST v1/siwx/sign-out) forgets them; the verifier is asked best effort.
   */
  signOut(address: string): Promise<void>
  /** The chains `address` is signed in on. */
  chainsOf(address: string): CaipNetworkId[]
  /**
   * Sessions still valid at `now`: not expired, not ahead of their not-before, every time parseable,
   * and consistent (`siwxSessionMismatch`). Others are dropped when restored.
   */
  valid(sessions: readonly SiwxSession[], now: number): Promise<SiwxSession[]>
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/**
 * Why a session does not hold together, or null when it does: its message (an eip155 session's
 * EIP-4361, a solana session's Sign In With Solana) must name the session's account and chain, and
 * its CACAO, when it has one, must say what the message says and carry the session's signature. A
 * session put together from parts of others (a tampered store, a dapp's `getSessions` answering
 * something else) is refused.
 */
export function siwxSessionMismatch(session: SiwxSession, readSolana?: (message: string) => SiweFields | null): string | null {
  const { data } = session
  const namespace = data.chainId.startsWith('eip155:') ? 'eip155' : data.chainId.startsWith('solana:') ? 'solana' : null
  if (namespace === 'solana' && !readSolana) return 'the Sign In With Solana check is not loaded'
  const fields = namespace === 'eip155' ? parseSiweMessage(session.message) : namespace === 'solana' ? readSolana!(session.message) : null
  if (fields?.address) {
    const sameAccount = namespace === 'solana' ? fields.address === data.accountAddress : sameAddress(fields.address, data.accountAddress)
    if (!sameAccount || `${namespace}:${fields.chainId}` !== data.chainId) return "the message's account and chain are not the session's"
  }
  if (session.cacao === undefined) return null
  const cacao = siwxCacaoSchema.safeParse(session.cacao)
  if (!cacao.success) return 'the CACAO is not a CACAO'
  if (cacao.data.p.iss.toLowerCase() !== `did:pkh:${data.chainId}:${data.accountAddress}`.toLowerCase()) return "the CACAO's issuer is not the session's account and chain"
  if (cacao.data.s.s.toLowerCase() !== session.signature.toLowerCase()) return "the CACAO's signature is not the session's signature"
  if (namespace) {
    if (!fields?.address) return namespace === 'eip155' ? 'the message is not an EIP-4361 message' : 'the message is not a Sign In With Solana message'
    return siwxCacaoMismatch(cacao.data, fields, session.signature, namespace)
  }
  return null
}

/**
 * `siwxSessionMismatch` with what it needs: a solana session's check (the Sign In With Solana reader)
 * loads when one is met, so an EVM-only dapp's core never carries it.
 */
export async function siwxSessionProblem(session: SiwxSession): Promise<string | null> {
  const readSolana = session.data.chainId.startsWith('solana:') ? (await import('./solanaSession.ts')).solanaMessageFields : undefined
  return siwxSessionMismatch(session, readSolana)
}

/** SIWX sessions (the sign-in tokens), persisted and pushed to every tab. */
export function createSiwx(ctx: CoreContext): SiwxFeature {
  const valid = async (sessions: readonly SiwxSession[], now: number) => {
    const problems = await Promise.all(sessions.map(async (s) => siwxTimeProblem(s.data, now) ?? (await siwxSessionProblem(s))))
    return sessions.filter((_, i) => problems[i] === null)
  }

  async function save(siwxSessions: SiwxSession[]) {
    ctx.store.set({ siwxSessions })
    await ctx.records.write(RECORDS.siwxSessions, siwxSessions)
  }

  return {
    valid,
    chainsOf: (address) => [
      ...new Set(
        ctx.store
          .get()
          .siwxSessions.filter((s) => sameAddress(s.data.accountAddress, address))
          .map((s) => s.data.chainId),
      ),
    ],
    async add(input) {
      await ctx.ready
      const session = parseWith(siwxSessionSchema, input, 'SIWX session')
      const problem = siwxTimeProblem(session.data, ctx.now()) ?? (await siwxSessionProblem(session))
      if (problem) throw new PorticoError(MESSAGES.signatureDeclined, { details: `SIWX session refused: ${problem}` })
      const others = ctx.store.get().siwxSessions.filter((s) => !(s.data.chainId === session.data.chainId && sameAddress(s.data.accountAddress, session.data.accountAddress)))
      await save(await valid([...others, session], ctx.now()))
    },
    async signOut(address) {
      await ctx.ready
      const had = ctx.store.get().siwxSessions.some((s) => sameAddress(s.data.accountAddress, address))
      if (!had) return
      await this.remove({ address })
      await ctx
        .env()
        ?.api.post('v1/siwx/sign-out', { body: { address }, schema: z.object({ ok: z.boolean() }), what: 'SIWX sign-out' })
        .catch(() => undefined)
    },
    async remove({ caipNetworkId, address } = {}) {
      await ctx.ready
      const keep = ctx.store
        .get()
        .siwxSessions.filter((s) => !((caipNetworkId === undefined || s.data.chainId === caipNetworkId) && (address === undefined || sameAddress(s.data.accountAddress, address))))
      await save(keep)
    },
  }
}
