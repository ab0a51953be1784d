import { z } from 'zod'

const jwtPayloadSchema = z.looseObject({ iss: z.string().regex(/^did:key:z[1-9A-HJ-NP-Za-km-z]+$/, 'Expected a did:key issuer') })

/** What a client tells the relay in its socket URL: `?auth=<JWT>&projectId=…&ua=…`. */
export type ClientHello = {
  /** The JWT's `iss`: a `did:key` of the client's relay key, the same across restarts. */
  clientId: string
  projectId: string | undefined
  ua: string | undefined
}

/**
 * Reads the client id from the socket URL's `auth` JWT (its `iss`). The signature is not checked:
 * this relay serves one machine, and the id only keys what each client has received.
 * Returns undefined when there is no readable JWT.
 */
export function readClientHello(requestUrl: string): ClientHello | undefined {
  let params: URLSearchParams
  try {
    params = new URL(requestUrl, 'http://relay.invalid').searchParams
  } catch {
    return undefined
  }
  const auth = params.get('auth')
  const payload = auth?.split('.')[1]
  if (!auth || auth.split('.').length !== 3 || !payload) return undefined
  let decoded: unknown
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  } catch {
    return undefined
  }
  const parsed = jwtPayloadSchema.safeParse(decoded)
  if (!parsed.success) return undefined
  return { clientId: parsed.data.iss, projectId: params.get('projectId') ?? undefined, ua: params.get('ua') ?? undefined }
}
