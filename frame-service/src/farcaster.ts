import { createAppClient, viemConnector } from '@farcaster/auth-client'
import { generateSiweNonce } from 'viem/siwe'
import { FRAME_MESSAGES, FrameError } from './messages.ts'

/** How long a channel stays open (the wallet must approve within it). */
export const FARCASTER_CHANNEL_TTL_MS = 10 * 60_000
/** How often the relay's channel status is read while a long poll waits. */
const STATUS_POLL_MS = 250

export type FarcasterLogin = {
  /** GET_FARCASTER_URI: opens a channel on the relay; the wallet link, the channel token and the nonce the message must carry. */
  start(): Promise<{ url: string; channelToken: string; nonce: string }>
  /**
   * CONNECT_FARCASTER: waits up to `waitMs` for the wallet's approval on the relay, then verifies the
   * signed message (its nonce and domain, and the custody address's fid on the ID registry's chain).
   * Undefined while the wallet has not answered.
   */
  finish(channelToken: string, nonce: string, waitMs: number): Promise<{ fid: number; username: string } | undefined>
}

/**
 * Sign In With Farcaster for the frame, as the app (`@farcaster/auth-client`'s app client): channels
 * on the configured relay, verification against the chain holding Farcaster's ID registry. The nonce
 * is the service's own, kept with the channel in its database, so any instance can finish a sign-in.
 */
export function createFarcasterLogin(options: { frameUrl: string; relayUrl: string; rpcUrl: string }): FarcasterLogin {
  const domain = new URL(options.frameUrl).host
  const appClient = createAppClient({ relay: options.relayUrl, ethereum: viemConnector({ rpcUrl: options.rpcUrl }) })
  return {
    async start() {
      const nonce = generateSiweNonce()
      const created = await appClient.createChannel({ siweUri: `${options.frameUrl}/frame`, domain, nonce, acceptAuthAddress: false }).catch(() => undefined)
      if (!created || created.isError || created.response.status !== 201) throw new FrameError(FRAME_MESSAGES.farcasterUnavailable, 502)
      return { url: created.data.url, channelToken: created.data.channelToken, nonce }
    },
    async finish(channelToken, nonce, waitMs) {
      const until = Date.now() + waitMs
      for (;;) {
        const status = await appClient.status({ channelToken }).catch(() => undefined)
        if (!status || status.isError || (status.response.status !== 200 && status.response.status !== 202)) throw new FrameError(FRAME_MESSAGES.socialStateUnknown)
        const data = status.data
        if (data.state === 'completed' && data.message && data.signature) {
          const verified = await appClient.verifySignInMessage({ nonce, domain, message: data.message, signature: data.signature, acceptAuthAddress: false }).catch(() => undefined)
          if (!verified || verified.isError || !verified.success) throw new FrameError(FRAME_MESSAGES.socialFailed.replace('{provider}', 'Farcaster'))
          return { fid: verified.fid, username: data.username ?? `fid:${verified.fid}` }
        }
        if (Date.now() >= until) return undefined
        await new Promise((r) => setTimeout(r, STATUS_POLL_MS))
      }
    },
  }
}
