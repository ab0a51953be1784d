// Where the sandbox's frame service listens and is reached: apart from services/frame.ts, so the sign-in
// stand-ins (services/sign-in.ts), which the frame service needs, can name its callback without importing it.
import { z } from 'zod'
import { SANDBOX_HOST, type ResolvedOptions } from '../options.ts'
import { servicePort } from './service.ts'

/**
 * The frame service's port: `ports.frame`, else PORTICO_FRAME_PORT, else the data API's port + 3
 * (8790).
 */
export function framePort(config: ResolvedOptions): number {
  return servicePort(config, 'frame', 'PORTICO_FRAME_PORT', config.dataApiPort + 3)
}

/** A PORTICO_* variable of the sandbox's env, checked by `schema`; undefined when unset or empty. */
export function envValue<T>(config: ResolvedOptions, name: string, schema: z.ZodType<T>): T | undefined {
  const raw = config.env[name]
  if (raw === undefined || raw === '') return undefined
  const parsed = schema.safeParse(raw)
  if (!parsed.success) throw new Error(`Invalid ${name}: ${parsed.error.issues[0]?.message ?? 'invalid value'}`)
  return parsed.data
}

/** The frame service's public origin in the sandbox (PORTICO_FRAME_PUBLIC_URL, else http://127.0.0.1:{port}). */
export function frameServiceUrl(config: ResolvedOptions): string {
  return envValue(config, 'PORTICO_FRAME_PUBLIC_URL', z.string().url()) ?? `http://${SANDBOX_HOST}:${framePort(config)}`
}
/** Where the social providers send the visitor back: the frame service's `/social/callback`. */
export function frameCallbackUrl(config: ResolvedOptions): string {
  return `${new URL(frameServiceUrl(config)).origin}/social/callback`
}
