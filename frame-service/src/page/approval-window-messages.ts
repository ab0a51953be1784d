import * as z from 'zod'
import type { Description, TreeNode } from './describe.ts'

/**
 * The messages between the frame and its approval window (GET /approval), both on the frame
 * service's origin. The frame opens the window with `window.open` on a user click, `#<nonce>` in
 * its URL (a fragment: never sent, never in a Referer); the window posts READY to
 * `window.opener`, the frame answers REQUEST, the window posts the visitor's DECISION. Every post
 * names the exact origin (the service's own); every receiver checks the origin, the source window
 * (the frame: the window it opened; the window: its opener) and the nonce, then parses with these
 * schemas. BroadcastChannel and storage are not used: Firefox and Safari partition them between a
 * third-party iframe and a top-level window of the same origin.
 */

/** The route of the approval window's page. */
export const APPROVAL_WINDOW_PATH = '/approval'
/** Its script. */
export const APPROVAL_WINDOW_SCRIPT_PATH = '/assets/approval-window.js'

export const windowNonceSchema = z.string().regex(/^[A-Za-z0-9_-]{32,64}$/)

const treeNodeSchema: z.ZodType<TreeNode> = z.lazy(() => z.object({ label: z.string(), value: z.string().optional(), children: z.array(treeNodeSchema).optional() }))

export const descriptionSchema: z.ZodType<Description> = z.object({
  title: z.string(),
  summary: z.string().optional(),
  warnings: z.array(z.string()),
  dangers: z.array(z.string()).optional(),
  simulation: z
    .discriminatedUnion('state', [
      z.object({ state: z.literal('pending') }),
      z.object({ state: z.literal('done'), lines: z.array(z.object({ text: z.string(), kind: z.enum(['out', 'in', 'approval']) })) }),
      z.object({ state: z.literal('reverts'), reason: z.string() }),
      z.object({ state: z.literal('unavailable'), reason: z.string() }),
    ])
    .optional(),
  rows: z.array(z.object({ label: z.string(), value: z.string(), testId: z.string() })),
  message: z.object({ kind: z.enum(['text', 'hex']), text: z.string() }).optional(),
  tree: treeNodeSchema.optional(),
  raw: z.string().optional(),
})

/** The window to the frame. */
export const windowToFrameSchema = z.discriminatedUnion('type', [
  /** The window's script runs and waits for its request. */
  z.object({ type: z.literal('PORTICO_APPROVAL_WINDOW_READY'), nonce: windowNonceSchema }),
  /**
   * The visitor's decision on the request shown: `bytes` echoes the frozen request the window was
   * sent (the frame signs only when they are exactly the bytes it sent).
   */
  z.object({ type: z.literal('PORTICO_APPROVAL_WINDOW_DECISION'), nonce: windowNonceSchema, approved: z.boolean(), bytes: z.string() }),
])
export type WindowToFrame = z.infer<typeof windowToFrameSchema>

/** The frame to the window: the one request it shows. */
export const frameToWindowSchema = z.object({
  type: z.literal('PORTICO_APPROVAL_WINDOW_REQUEST'),
  nonce: windowNonceSchema,
  /** The dapp's origin, shown as who asks. */
  requester: z.string(),
  themeMode: z.enum(['light', 'dark']).optional(),
  description: descriptionSchema,
  /** The frozen request as JSON: what the frame signs on approval. */
  bytes: z.string(),
})
export type FrameToWindow = z.infer<typeof frameToWindowSchema>

/** A request's bytes: its frozen JSON (big integers as decimal strings, though frozen requests hold none). */
export function requestBytes(request: unknown): string {
  return JSON.stringify(request, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))
}
