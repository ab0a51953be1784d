import { expect } from 'vitest'
import { z } from 'zod'
import type { SandboxOptions } from '../src/options.ts'

/** The query every data API and catalogue call carries (SPEC.md §7). */
export const PROJECT_QUERY = 'projectId=test-project&st=appkit&sv=html-test'
export const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const

/** `PORTICO_E2E_PORT_OFFSET=N` moves these ports too, so two test runs can share a machine. */
const TEST_PORT_OFFSET = Number(process.env['PORTICO_E2E_PORT_OFFSET'] ?? 0) || 0

/**
 * Options for a test's own sandbox: chains on `base` and `base + 1`, the data API on `base + 2`, the
 * catalogue on `base + 3`, and the Solana RPC on `base - 5000` (17500, …; its websocket on the next
 * port: the ten from `base` are all taken). Each test file takes its own base (22500, 22510, …), apart from the
 * defaults (8545–8790) and the end-to-end ports (28545–28791), since files run in parallel; all below 32768, where
 * the system hands out the free ports a server asks for.
 */
export function testSandboxOptions(base: number, extra: SandboxOptions = {}): SandboxOptions {
  // The chains, the bundlers and the data API, and the services the file adds (`services: ['frame']`).
  const services = ['dataApi', ...(extra.services ?? [])]
  base += TEST_PORT_OFFSET
  if (base + 9 >= 32768) throw new Error(`Test ports from ${base} reach the system's ephemeral range (32768 and up): take a base below 32750`)
  // The sign-in stand-ins (mailbox, OpenID providers, Farcaster relay) on a port of their own too.
  return { chainPorts: { a: base, b: base + 1 }, dataApiPort: base + 2, cataloguePort: base + 3, ...extra, services, ports: { signIn: base + 7, solana: base - 5000, ...extra.ports } }
}

/** `url` with the project query added. */
export function withProject(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${PROJECT_QUERY}`
}

/** GETs (or sends `init`) and parses the answer with `schema` after checking the status. */
export async function fetchParsed<S extends z.core.$ZodType>(url: string, schema: S, init?: RequestInit, status = 200): Promise<z.output<S>> {
  const res = await fetch(url, init)
  const body: unknown = await res.json()
  expect(res.status, JSON.stringify(body)).toBe(status)
  return z.parse(schema, body)
}

export function postJson(body: unknown): RequestInit {
  return { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
}

/** The `{ error }` body and status of an answer. */
export async function fetchError(url: string, init?: RequestInit): Promise<{ status: number; error: string }> {
  const res = await fetch(url, init)
  const body = (await res.json()) as { error: string }
  return { status: res.status, error: body.error }
}
