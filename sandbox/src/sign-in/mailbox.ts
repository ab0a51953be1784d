import type { AddressInfo } from 'node:net'
import PostalMime from 'postal-mime'
import { SMTPServer } from 'smtp-server'
import { z } from 'zod'
import { SANDBOX_HOST } from '../options.ts'

/** One message of the mailbox, as `GET /mailbox/messages?to=` answers it (newest last). */
export const mailboxMessageSchema = z.object({
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  /** ISO 8601. */
  date: z.string(),
})
export type MailboxMessage = z.infer<typeof mailboxMessageSchema>

export type MailboxOptions = {
  /** SMTP port; 0 (the default) lets the system choose a free one. */
  port?: number
}

export type Mailbox = {
  /** `smtp://127.0.0.1:PORT`: the URL the frame service is configured with (PORTICO_FRAME_SMTP_URL). */
  smtpUrl: string
  port: number
  /** Messages received for `to` (case-insensitive), oldest first; every message when `to` is omitted. */
  messages(to?: string): MailboxMessage[]
  clear(): void
  stop(): Promise<void>
}

/** Largest message the SMTP server takes. */
const MAX_MESSAGE_BYTES = 256 * 1024
/** Messages kept; older ones are dropped first. */
const MAX_MESSAGES = 2_000

/**
 * The sandbox's mail server for the frame's login mails: an SMTP server (`smtp-server`) on 127.0.0.1
 * that keeps every message it receives in memory (parsed with `postal-mime`), read through the
 * mailbox page and its JSON. The frame service sends to it as to any SMTP server. Nothing leaves the
 * machine.
 */
export async function startMailbox(options: MailboxOptions = {}): Promise<Mailbox> {
  const inbox: MailboxMessage[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_MESSAGE_BYTES,
    banner: 'Portico sandbox mail',
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        if (stream.sizeExceeded) return callback(new Error('Message too big'))
        PostalMime.parse(Buffer.concat(chunks))
          .then((email) => {
            const from = email.from?.address ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : '')
            for (const rcpt of session.envelope.rcptTo) {
              inbox.push({ to: rcpt.address.toLowerCase(), from, subject: email.subject ?? '', text: email.text ?? '', date: new Date(email.date ?? Date.now()).toISOString() })
            }
            inbox.splice(0, Math.max(0, inbox.length - MAX_MESSAGES))
            callback()
          })
          .catch((err: unknown) => callback(err instanceof Error ? err : new Error('Unreadable message')))
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, SANDBOX_HOST, () => {
      server.off('error', reject)
      resolve()
    })
  })
  server.on('error', (err) => console.error('[frame mail]', err))
  const port = (server.server.address() as AddressInfo).port
  return {
    smtpUrl: `smtp://${SANDBOX_HOST}:${port}`,
    port,
    messages: (to) => (to === undefined ? [...inbox] : inbox.filter((m) => m.to === to.toLowerCase())),
    clear: () => void inbox.splice(0),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
      }),
  }
}
