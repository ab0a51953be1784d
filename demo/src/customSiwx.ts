import { createPublicClient, getAddress, http, type Hex } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import type { CaipNetworkId, Network, SiwxDappConfig, SiwxMessage, SiwxMessageInput, SiwxSession } from '@portico/react'

/** Where this dapp keeps its sign-in sessions (its own store, apart from Portico's). */
export const DEMO_SIWX_STORE_KEY = 'portico-demo:siwx-sessions'
const DAY_MS = 24 * 60 * 60 * 1000

function readStore(): SiwxSession[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(DEMO_SIWX_STORE_KEY) ?? '[]')
    return Array.isArray(stored) ? (stored as SiwxSession[]) : []
  } catch {
    return []
  }
}
const writeStore = (sessions: SiwxSession[]) => localStorage.setItem(DEMO_SIWX_STORE_KEY, JSON.stringify(sessions))
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/**
 * A dapp's own SIWX configuration, as a dapp would write it (AppKit's `SIWXConfig` shape): it asks the
 * sandbox's verifier for a nonce and builds the EIP-4361 message with viem; a signed session is
 * checked in the page with viem against the chain (EOA and smart-account signatures alike), then by
 * the sandbox's verifier (the nonce once), and kept in this dapp's own localStorage store.
 */
export function createDemoSiwx({ apiUrl, projectId, networks, required }: { apiUrl: string; projectId: string; networks: readonly Network[]; required: boolean }): SiwxDappConfig {
  const query = `projectId=${encodeURIComponent(projectId)}&st=demo&sv=demo`
  const post = (path: string, body: unknown) => fetch(`${apiUrl}/v1/siwx/${path}?${query}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const clientOf = (chainId: CaipNetworkId) => {
    const network = networks.find((n) => n.caipNetworkId === chainId)
    if (!network) throw new Error(`No network ${chainId}`)
    return createPublicClient({ transport: http(network.rpcUrls.default.http[0]) })
  }

  return {
    async createMessage(input: SiwxMessageInput): Promise<SiwxMessage> {
      const response = await fetch(`${apiUrl}/v1/siwx/nonce?${query}`)
      if (!response.ok) throw new Error(`No nonce: HTTP ${response.status}`)
      const { nonce } = (await response.json()) as { nonce: string }
      const issuedAt = new Date()
      const expirationTime = new Date(issuedAt.getTime() + DAY_MS)
      const data = {
        accountAddress: input.accountAddress,
        chainId: input.chainId,
        domain: window.location.host,
        uri: window.location.origin,
        version: '1',
        nonce,
        statement: 'Sign in to the Portico demo (its own sign-in)',
        issuedAt: issuedAt.toISOString(),
        expirationTime: expirationTime.toISOString(),
      }
      const text = createSiweMessage({
        address: getAddress(input.accountAddress),
        chainId: Number(input.chainId.split(':')[1]),
        domain: data.domain,
        uri: data.uri,
        version: '1',
        nonce,
        statement: data.statement,
        issuedAt,
        expirationTime,
      })
      return { ...data, toString: () => text }
    },
    async addSession(session) {
      const valid = await clientOf(session.data.chainId).verifySiweMessage({ message: session.message, signature: session.signature as Hex })
      if (!valid) throw new Error('The signature does not match the message')
      const verified = await post('verify', { message: session.message, signature: session.signature, chainId: Number(session.data.chainId.split(':')[1]), cacao: session.cacao })
      if (!verified.ok) throw new Error(`The verifier refused the session: HTTP ${verified.status}`)
      writeStore([...readStore().filter((s) => !(s.data.chainId === session.data.chainId && same(s.data.accountAddress, session.data.accountAddress))), session])
    },
    async getSessions(chainId, address) {
      return readStore().filter((s) => s.data.chainId === chainId && same(s.data.accountAddress, address))
    },
    async revokeSession(chainId, address) {
      writeStore(readStore().filter((s) => !(s.data.chainId === chainId && same(s.data.accountAddress, address))))
      await post('sign-out', { address, chainId: Number(chainId.split(':')[1]) }).catch(() => undefined)
    },
    async setSessions(sessions) {
      writeStore(sessions)
    },
    getRequired: () => required,
    signOutOnDisconnect: true,
  }
}
