import * as z from 'zod'

/**
 * An allowed origin: exact (`https://dapp.example`, `http://127.0.0.1:5173`) or any port of a host
 * (`http://127.0.0.1:*`). No path, no other wildcard.
 */
export const originPatternSchema = z.string().regex(/^https?:\/\/[a-z0-9.-]+(\[[0-9a-f:]+\])?(:(\d{1,5}|\*))?$/i, 'Expected an origin such as https://dapp.example or http://127.0.0.1:*')

/** Project id -> the origins whose pages may embed the frame with that id. */
export const frameProjectsSchema = z.record(z.string().min(1), z.array(originPatternSchema))
export type FrameProjects = z.infer<typeof frameProjectsSchema>

/** The project every sandbox knows: the demo's id, from any port of 127.0.0.1 (`npm start`, the end-to-end tests). */
export const DEFAULT_FRAME_PROJECTS: FrameProjects = { 'portico-demo': ['http://127.0.0.1:*'] }

/** True when `origin` (as `event.origin` or `location.ancestorOrigins` give it) matches one of `patterns`. */
export function originAllowed(origin: string, patterns: readonly string[]): boolean {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  if (url.origin !== origin) return false
  return patterns.some((pattern) => {
    const anyPort = pattern.endsWith(':*')
    if (!anyPort) return pattern.toLowerCase() === origin
    const base = new URL(pattern.slice(0, -2))
    return base.protocol === url.protocol && base.hostname === url.hostname
  })
}
