import { createHash } from 'node:crypto'

/** A message the relay holds for a topic until its TTL runs out. */
export type StoredMessage = {
  /** `topic:sha256(message)`: the same message published twice is one message. */
  key: string
  topic: string
  message: string
  tag: number
  attestation: string | undefined
  /** Milliseconds (the relay's clock) when it arrived. */
  publishedAt: number
  expiresAt: number
  /** The client that published it; it is never delivered back to that client. */
  publisher: string
  /** Clients that have acknowledged it (or fetched it): it is not delivered to them again. */
  deliveredTo: Set<string>
}

export type PublishInput = { topic: string; message: string; ttlSeconds: number; tag: number; attestation: string | undefined; publisher: string }

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex')

/**
 * Per-topic storage of published messages, and which client has received which. Delivery is
 * tracked per client id (the JWT's `iss`), not per socket, so a client that restarts and subscribes
 * again receives only what it has not acknowledged.
 */
export class Mailbox {
  readonly #byTopic = new Map<string, StoredMessage[]>()
  readonly #now: () => number

  constructor(now: () => number = Date.now) {
    this.#now = now
  }

  /** Stores a message; `duplicate` when the topic already holds the same message (it is kept once). */
  publish(input: PublishInput): { stored: StoredMessage; duplicate: boolean } {
    const key = `${input.topic}:${sha256(input.message)}`
    const list = this.#live(input.topic)
    const existing = list.find((m) => m.key === key)
    if (existing) return { stored: existing, duplicate: true }
    const now = this.#now()
    const stored: StoredMessage = {
      key,
      topic: input.topic,
      message: input.message,
      tag: input.tag,
      attestation: input.attestation,
      publishedAt: now,
      expiresAt: now + input.ttlSeconds * 1000,
      publisher: input.publisher,
      deliveredTo: new Set(),
    }
    list.push(stored)
    this.#byTopic.set(input.topic, list)
    return { stored, duplicate: false }
  }

  /** Messages of `topic` that `clientId` has neither published nor received, oldest first. */
  undelivered(topic: string, clientId: string): StoredMessage[] {
    return this.#live(topic).filter((m) => m.publisher !== clientId && !m.deliveredTo.has(clientId))
  }

  markDelivered(message: StoredMessage, clientId: string): void {
    message.deliveredTo.add(clientId)
  }

  /** Drops expired messages; returns how many are left. */
  sweep(): number {
    let left = 0
    for (const topic of [...this.#byTopic.keys()]) left += this.#live(topic).length
    return left
  }

  stats(): { topics: number; messages: number } {
    const messages = this.sweep()
    return { topics: this.#byTopic.size, messages }
  }

  #live(topic: string): StoredMessage[] {
    const list = this.#byTopic.get(topic)
    if (!list) return []
    const now = this.#now()
    const live = list.filter((m) => m.expiresAt > now)
    if (live.length === 0) this.#byTopic.delete(topic)
    else if (live.length !== list.length) this.#byTopic.set(topic, live)
    return live
  }
}
