import * as z from 'zod'

/** The most passkeys one user may have. */
export const MAX_PASSKEYS = 10

export const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/)
export const passkeyTransportSchema = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])
/** What every credential `@simplewebauthn/browser` answers carries, registration or assertion. */
const credentialBase = {
  id: base64url(1_400),
  rawId: base64url(1_400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.object({}).passthrough(),
}
/** A new credential as `@simplewebauthn/browser`'s startRegistration answers it. */
export const registrationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4_000),
    attestationObject: base64url(16_000),
    authenticatorData: base64url(8_000).optional(),
    // Transports a browser may name beyond today's; the known ones are kept.
    transports: z
      .array(z.string().regex(/^[a-z-]{1,32}$/))
      .max(8)
      .optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4_000).optional(),
  }),
})
/** An assertion as `@simplewebauthn/browser`'s startAuthentication answers it. */
export const authenticationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4_000),
    authenticatorData: base64url(8_000),
    signature: base64url(1_000),
    userHandle: base64url(128).optional(),
  }),
})
/** One of the visitor's passkeys as listed: never its key or credential id. */
export const passkeyInfoSchema = z.object({ id: z.uuid(), name: z.string().max(64), createdAt: z.number().nonnegative(), lastUsedAt: z.number().nonnegative().nullable() })
export type PasskeyInfo = z.infer<typeof passkeyInfoSchema>
