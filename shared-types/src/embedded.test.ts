import { describe, expect, it } from 'vitest'
import { appMessageSchema, classifyRpcMethod, frameMessageSchema, frameQuerySchema, parseFrameAnswer } from './embedded.ts'

const id = '0b0e2d3c-5d6a-4f7e-8a9b-0c1d2e3f4a5b'

describe('embedded-wallet frame protocol', () => {
  it('parses app requests by their event schema and refuses bad payloads', () => {
    expect(appMessageSchema.safeParse({ type: 'APP_CONNECT_EMAIL', id, payload: { email: 'a@b.co' } }).success).toBe(true)
    expect(appMessageSchema.safeParse({ type: 'APP_CONNECT_EMAIL', id, payload: { email: 'not-an-email' } }).success).toBe(false)
    expect(appMessageSchema.safeParse({ type: 'APP_CONNECT_OTP', id, payload: { otp: '12345' } }).success).toBe(false)
    expect(appMessageSchema.safeParse({ type: 'APP_CONNECT_OTP', id: 'not-a-uuid', payload: { otp: '123456' } }).success).toBe(false)
    expect(appMessageSchema.safeParse({ type: 'APP_UNKNOWN', id, payload: {} }).success).toBe(false)
  })

  it('checks an answer against the event it answers', () => {
    const ok = frameMessageSchema.parse({ type: 'FRAME_CONNECT_EMAIL_SUCCESS', id, payload: { action: 'VERIFY_OTP' } })
    expect(parseFrameAnswer('CONNECT_EMAIL', ok)).toEqual({ ok: true, payload: { action: 'VERIFY_OTP' } })
    expect(parseFrameAnswer('CONNECT_OTP', ok)).toBeUndefined()
    const bad = frameMessageSchema.parse({ type: 'FRAME_CONNECT_EMAIL_SUCCESS', id, payload: { action: 'NOPE' } })
    expect(parseFrameAnswer('CONNECT_EMAIL', bad)).toEqual({ ok: false, message: 'An error occurred' })
    const err = frameMessageSchema.parse({ type: 'FRAME_CONNECT_OTP_ERROR', id, payload: { message: 'Invalid code' } })
    expect(parseFrameAnswer('CONNECT_OTP', err)).toEqual({ ok: false, message: 'Invalid code' })
    expect(frameMessageSchema.safeParse({ type: 'FRAME_CONNECT_OTP_ERROR', id, payload: {} }).success).toBe(false)
  })

  it("carries the frame's approval show / hide and an error's EIP-1193 code; the only approval-related app message aborts", () => {
    expect(frameMessageSchema.parse({ type: 'FRAME_APPROVAL_SHOW', payload: { height: 320 } })).toEqual({ type: 'FRAME_APPROVAL_SHOW', payload: { height: 320 } })
    expect(frameMessageSchema.safeParse({ type: 'FRAME_APPROVAL_SHOW', payload: { height: 10_000 } }).success).toBe(false)
    expect(frameMessageSchema.safeParse({ type: 'FRAME_APPROVAL_SHOW', payload: {} }).success).toBe(false)
    expect(frameMessageSchema.parse({ type: 'FRAME_APPROVAL_SHOW', payload: { height: 200, where: 'window' } })).toEqual({ type: 'FRAME_APPROVAL_SHOW', payload: { height: 200, where: 'window' } })
    expect(frameMessageSchema.safeParse({ type: 'FRAME_APPROVAL_SHOW', payload: { height: 200, where: 'page' } }).success).toBe(false)
    expect(frameMessageSchema.parse({ type: 'FRAME_APPROVAL_HIDE' })).toEqual({ type: 'FRAME_APPROVAL_HIDE' })
    const rejected = frameMessageSchema.parse({ type: 'FRAME_RPC_REQUEST_ERROR', id, payload: { message: 'The visitor rejected the request', code: 4001 } })
    expect(parseFrameAnswer('RPC_REQUEST', rejected)).toEqual({ ok: false, message: 'The visitor rejected the request', code: 4001 })
    expect(appMessageSchema.safeParse({ type: 'APP_ABORT_APPROVALS', id, payload: {} }).success).toBe(true)
    expect(appMessageSchema.safeParse({ type: 'APP_ABORT_APPROVALS', id, payload: { approve: true } }).success).toBe(false)
    for (const type of ['APP_APPROVE', 'APP_APPROVAL_APPROVE', 'APP_RPC_REQUEST_APPROVE']) expect(appMessageSchema.safeParse({ type, id, payload: {} }).success).toBe(false)
  })

  it('carries the sessions a visitor lists and ends: ids, devices and times checked, nothing else', () => {
    const session = { id, device: 'Firefox on Linux', firstSeen: 1, lastSeen: 2, current: true, thisSite: true }
    const listed = frameMessageSchema.parse({ type: 'FRAME_GET_SESSIONS_SUCCESS', id, payload: { sessions: [session, { ...session, device: null, current: false }] } })
    expect(parseFrameAnswer('GET_SESSIONS', listed)).toMatchObject({ ok: true, payload: { sessions: [session, { device: null }] } })
    const forged = frameMessageSchema.parse({ type: 'FRAME_GET_SESSIONS_SUCCESS', id, payload: { sessions: [{ ...session, device: '<b>'.repeat(20) }] } })
    expect(parseFrameAnswer('GET_SESSIONS', forged)).toEqual({ ok: false, message: 'An error occurred' })
    expect(appMessageSchema.safeParse({ type: 'APP_END_SESSION', id, payload: { id } }).success).toBe(true)
    expect(appMessageSchema.safeParse({ type: 'APP_END_SESSION', id, payload: { id: 'not-a-session' } }).success).toBe(false)
    expect(appMessageSchema.safeParse({ type: 'APP_END_ALL_SESSIONS', id, payload: { keepCurrent: false } }).success).toBe(true)
    expect(appMessageSchema.safeParse({ type: 'APP_END_ALL_SESSIONS', id, payload: {} }).success).toBe(false)
  })

  it('reads the frame query with SPEC defaults', () => {
    expect(frameQuerySchema.parse({ projectId: 'p', chainId: 'eip155:1' })).toEqual({ projectId: 'p', chainId: 'eip155:1', version: 4, enableLogger: 'false' })
    expect(frameQuerySchema.safeParse({ projectId: '', chainId: '1' }).success).toBe(false)
  })

  it('classifies RPC methods as SPEC.md §6 does', () => {
    expect(classifyRpcMethod('personal_sign')).toBe('unsafe')
    expect(classifyRpcMethod('eth_sendTransaction')).toBe('unsafe')
    expect(classifyRpcMethod('eth_getBalance')).toBe('safe')
    expect(classifyRpcMethod('eth_sendRawTransaction')).toBe('safe')
    expect(classifyRpcMethod('debug_traceTransaction')).toBe('notAllowed')
  })
})
