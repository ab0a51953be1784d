/**
 * @portico/frame-service: the embedded wallet's server (frame-service/README.md). Start it with the
 * `portico-frame-service` command, or from code with a checked configuration:
 *
 * @example
 * const frame = await startFrameService(frameServiceOptions(loadFrameServiceConfig(process.env)))
 */
export { FrameConfigError, loadFrameServiceConfig, socialVariables, type FrameServiceConfig, type OidcProvider, type OidcProviderConfig } from './config.ts'
export { frameServiceOptions, main } from './main.ts'
export { clientAddress, startFrameService, type FrameRequestLogEntry, type FrameServiceHandle, type FrameServiceOptions } from './server.ts'
export { DEFAULT_FRAME_PROJECTS, frameProjectsSchema, originAllowed, type FrameProjects } from './allow-list.ts'
export { CODE_TTL_MS, DEFAULT_FRAME_LIMITS, MAX_CODE_ATTEMPTS, type FrameLimits } from './accounts.ts'
export { FRAME_MESSAGES, FrameError } from './messages.ts'
export { FRAME_SERVICE_NAME } from './pages.ts'
export { SOCIAL_PROVIDER_NAMES } from './social.ts'
export { FARCASTER_CHANNEL_TTL_MS } from './farcaster.ts'
export type { FrameChain } from './rpc.ts'
