import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { z } from 'zod'

/** Every error the data API answers has this body. */
export type ErrorBody = { error: string }

export function errorResponse(c: Context, status: ContentfulStatusCode, error: string): Response {
  return c.json({ error } satisfies ErrorBody, status)
}

/** 'chainId: Invalid CAIP network id' from the first zod issue. */
export function describeQueryIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'Invalid request'
  if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) {
    return `Missing required query parameter: ${issue.path.join('.')}`
  }
  return issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message
}
