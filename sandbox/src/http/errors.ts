import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { z } from 'zod'

/** Every error the sandbox's services answer has this body: a message a client can show. */
export type ErrorBody = { error: string }

export function errorResponse(c: Context, status: ContentfulStatusCode, error: string): Response {
  return c.json({ error } satisfies ErrorBody, status)
}

function describeIssue(error: z.core.$ZodError, missing: string): string {
  const issue = error.issues[0]
  if (!issue) return 'Invalid request'
  if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) {
    return `${missing}: ${issue.path.join('.')}`
  }
  return issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message
}

/** 'chainId: Invalid CAIP network id' or 'Missing required query parameter: chainId'. */
export function describeQueryIssue(error: z.core.$ZodError): string {
  return describeIssue(error, 'Missing required query parameter')
}

/** 'amount: Invalid string' or 'Missing required field: amount'. */
export function describeBodyIssue(error: z.core.$ZodError): string {
  return describeIssue(error, 'Missing required field')
}

export type Parsed<T> = { ok: true; data: T } | { ok: false; response: Response }

/** Parses the query with `schema`; a failure is a 400 naming the field. */
export function parseQuery<S extends z.core.$ZodType>(c: Context, schema: S): Parsed<z.output<S>> {
  const parsed = z.safeParse(schema, c.req.query())
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, response: errorResponse(c, 400, describeQueryIssue(parsed.error)) }
}

/** Parses a JSON body with `schema`; invalid JSON or a failure is a 400 naming the field. */
export async function parseJsonBody<S extends z.core.$ZodType>(c: Context, schema: S): Promise<Parsed<z.output<S>>> {
  let json: unknown
  try {
    json = await c.req.json()
  } catch {
    return { ok: false, response: errorResponse(c, 400, 'Invalid JSON body') }
  }
  const parsed = z.safeParse(schema, json)
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, response: errorResponse(c, 400, describeBodyIssue(parsed.error)) }
}

/**
 * A JSON-RPC 2.0 request body (one call or a batch) read through `schema`: over `limit` characters is
 * 413 'Request too large'; text that is no JSON answers -32700 'Parse error' and a body the schema
 * refuses -32600 'Invalid request', as a JSON-RPC server says them.
 */
export async function parseJsonRpcBody<S extends z.core.$ZodType>(c: Context, schema: S, limit: number): Promise<Parsed<z.output<S>>> {
  const text = await c.req.text()
  if (text.length > limit) return { ok: false, response: errorResponse(c, 413, 'Request too large') }
  const refuse = (code: number, message: string) => ({ ok: false as const, response: c.json({ jsonrpc: '2.0', id: null, error: { code, message } }) })
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return refuse(-32700, 'Parse error')
  }
  const parsed = z.safeParse(schema, json)
  return parsed.success ? { ok: true, data: parsed.data } : refuse(-32600, 'Invalid request')
}
