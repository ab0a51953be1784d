import { FrameServiceError } from '../messages.ts'
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto'
import { chmod, mkdir, open, readFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import * as z from 'zod'

/** A frame key: 32 bytes, written as base64 (PORTICO_FRAME_KEY, or the key file's one line). */
export const frameKeySchema = z
  .string()
  .trim()
  .transform((raw, ctx) => {
    const bytes = Buffer.from(raw, 'base64')
    if (bytes.length !== 32 || bytes.toString('base64').replace(/=+$/, '') !== raw.replace(/=+$/, '')) {
      ctx.addIssue({ code: 'custom', message: 'expected 32 random bytes in base64 (openssl rand -base64 32)' })
      return z.NEVER
    }
    return bytes
  })

/**
 * What the frame keeps secret with one 32-byte key: each user's private key sealed with AES-256-GCM
 * (`node:crypto`; a fresh 12-byte IV each time, the user id as associated data, so a sealed key
 * moved to another user's row does not open), and the HMAC of every one-time code (a key derived
 * with HKDF), so the database alone gives neither keys nor codes.
 */
export class FrameKey {
  /** The first 8 hex digits of the key's SHA-256: written into each sealed key, so a rotation knows what to re-seal. */
  readonly id: string
  private readonly codeKey: Buffer

  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new FrameServiceError('A frame key has 32 bytes')
    this.id = createHash('sha256').update(key).digest('hex').slice(0, 8)
    this.codeKey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'portico-frame one-time codes', 32))
  }

  seal(plaintext: string, associated: string): string {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.key, iv)
    cipher.setAAD(Buffer.from(associated, 'utf8'))
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
    return ['v1', this.id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.')
  }

  open(sealed: string, associated: string): string {
    const [version, id, iv, tag, ciphertext] = sealed.split('.')
    if (version !== 'v1' || iv === undefined || tag === undefined || ciphertext === undefined) throw new FrameServiceError('Unreadable sealed key')
    if (id !== this.id) throw new FrameServiceError(`This key was sealed with frame key ${id}, not ${this.id} (see "Key rotation" in frame-service/README.md)`)
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'))
    decipher.setAAD(Buffer.from(associated, 'utf8'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8')
  }

  /** The id of the key a sealed value names. */
  static idOf(sealed: string): string | undefined {
    return sealed.split('.')[1]
  }

  codeHmac(subject: string, code: string): string {
    return createHmac('sha256', this.codeKey).update(`${subject}\n${code}`).digest('hex')
  }
}

/** The associated data a user's Solana key is sealed with: not the user id alone, so the EVM key's sealed value does not open as the Solana key, nor the other way round. */
export const solanaKeyContext = (userId: string): string => `${userId}/solana`

/** SHA-256 in hex: how tokens, links, states and binding secrets are stored. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex')
}

/** A new random key, base64. */
export function newFrameKey(): string {
  return randomBytes(32).toString('base64')
}

/**
 * The frame key: PORTICO_FRAME_KEY when given (base64, 32 bytes), else the key file, created on
 * first use with a new random key and mode 0600 (readable by the service's user only).
 */
export async function loadFrameKey(options: { key?: string | undefined; keyFile: string }): Promise<FrameKey> {
  if (options.key !== undefined && options.key !== '') {
    const parsed = frameKeySchema.safeParse(options.key)
    if (!parsed.success) throw new FrameServiceError(`Invalid PORTICO_FRAME_KEY: ${parsed.error.issues[0]?.message ?? 'invalid'}`)
    return new FrameKey(parsed.data)
  }
  await mkdir(dirname(options.keyFile), { recursive: true, mode: 0o700 })
  try {
    const handle = await open(options.keyFile, 'wx', 0o600)
    await handle.writeFile(`${newFrameKey()}\n`)
    await handle.close()
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
  }
  await chmod(options.keyFile, 0o600)
  const parsed = frameKeySchema.safeParse(await readFile(options.keyFile, 'utf8'))
  if (!parsed.success) throw new FrameServiceError(`Invalid frame key file ${options.keyFile}: ${parsed.error.issues[0]?.message ?? 'invalid'}`)
  return new FrameKey(parsed.data)
}
