import * as z from 'zod'
import { windowNonceSchema } from './approval-window-messages.ts'

/**
 * The messages between the frame and its panel window (GET /panel), both on the frame service's
 * origin: where the engine cannot show that the frame is fully visible (no IntersectionObserver v2),
 * the frame's settings panels (add, use or remove a passkey, the authenticator app, key export) run
 * in a top-level window of the service's origin, opened by the visitor's click in the frame. As
 * with the approval window (approval-window-messages.ts): `#<nonce>` in the window's URL, every post
 * to the exact origin, every receiver checking origin, source window and nonce, then these schemas.
 *
 * The window holds no session: each call it needs goes to the frame (PANEL_CALLS only), which makes
 * it with its own session and binding and answers; a passkey sign-in's new session stays with the
 * frame. The window runs the panel and the browser's passkey prompt (a top-level window of the
 * relying party's origin, after the visitor's click there), and answers what the panel answered.
 */

/** The route of the panel window's page. */
export const PANEL_WINDOW_PATH = '/panel'
/** Its script. */
export const PANEL_WINDOW_SCRIPT_PATH = '/assets/panel-window.js'

/** The service calls a panel makes, and so the only ones the frame makes for its window. */
export const PANEL_CALLS = [
  'passkeyRegisterOptions',
  'passkeyRegister',
  'passkeyRemove',
  'passkeyLoginOptions',
  'totpStatus',
  'totpSetup',
  'totpEnable',
  'totpStepUp',
  'stepUpOptions',
  'stepUp',
  'exportKey',
] as const
export type PanelCallName = (typeof PANEL_CALLS)[number]

/** What a panel does: the frame's event it answers, with what it needs. */
export const panelTaskSchema = z.discriminatedUnion('flow', [
  z.object({ flow: z.literal('ADD_PASSKEY') }),
  z.object({ flow: z.literal('REMOVE_PASSKEY'), id: z.uuid(), name: z.string().max(200) }),
  z.object({ flow: z.literal('CONNECT_PASSKEY') }),
  z.object({ flow: z.literal('SETUP_TOTP') }),
  z.object({ flow: z.literal('EXPORT_KEY'), chain: z.enum(['evm', 'solana']) }),
])
export type PanelTask = z.infer<typeof panelTaskSchema>

/** The window to the frame. */
export const panelWindowToFrameSchema = z.union([
  /** The window's script runs and waits for its task. */
  z.object({ type: z.literal('PORTICO_PANEL_WINDOW_READY'), nonce: windowNonceSchema }),
  /** One service call of the panel (`passkeyLogin`: the frame keeps the session it makes). */
  z.object({
    type: z.literal('PORTICO_PANEL_WINDOW_CALL'),
    nonce: windowNonceSchema,
    id: z.number().int().nonnegative(),
    name: z.enum([...PANEL_CALLS, 'passkeyLogin']),
    body: z.unknown(),
  }),
  /** The panel's answer (`ok: false`: its message, and 4001 when the visitor cancelled). */
  z.object({ type: z.literal('PORTICO_PANEL_WINDOW_DONE'), nonce: windowNonceSchema, ok: z.literal(true), value: z.unknown() }),
  z.object({
    type: z.literal('PORTICO_PANEL_WINDOW_DONE'),
    nonce: windowNonceSchema,
    ok: z.literal(false),
    message: z.string().max(500),
    code: z.number().int().optional(),
  }),
])
export type PanelWindowToFrame = z.infer<typeof panelWindowToFrameSchema>

/** The frame to the window. */
export const panelFrameToWindowSchema = z.union([
  /** The one task the window runs, for the dapp's origin (shown as who asks). */
  z.object({
    type: z.literal('PORTICO_PANEL_WINDOW_TASK'),
    nonce: windowNonceSchema,
    requester: z.string().max(300),
    themeMode: z.enum(['light', 'dark']).optional(),
    task: panelTaskSchema,
  }),
  /** A call's answer: the service's, or its refusal (message and HTTP status). */
  z.object({ type: z.literal('PORTICO_PANEL_WINDOW_ANSWER'), nonce: windowNonceSchema, id: z.number().int().nonnegative(), ok: z.literal(true), value: z.unknown() }),
  z.object({
    type: z.literal('PORTICO_PANEL_WINDOW_ANSWER'),
    nonce: windowNonceSchema,
    id: z.number().int().nonnegative(),
    ok: z.literal(false),
    message: z.string().max(500),
    status: z.number().int(),
  }),
])
export type PanelFrameToWindow = z.infer<typeof panelFrameToWindowSchema>
