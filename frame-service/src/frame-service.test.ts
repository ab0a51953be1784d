import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { verifyMessage, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { FRAME_API } from './api.ts'
import { mailboxMessageSchema } from './mail.ts'

/**
 * The frame service alone, through its documented command (`node frame-service/bin/frame-service.mjs`):
 * a visitor signed in before a restart is signed in after it, with the same address and key. Its
 * port is one the system hands out (never a test's fixed port).
 */
const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..')
const WAIT = { timeout: 30_000 }
let folder: string
let port: number
const children: ChildProcess[] = []

async function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? done(address.port) : reject(new Error('no port'))))
    })
  })
}

/** Starts the command; resolves with the process and its output once it says it is ready (or rejects with the output when it exits). */
function start(env: Record<string, string | undefined>): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ['frame-service/bin/frame-service.mjs'], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  let out = ''
  child.stdout!.on('data', (d: Buffer) => void (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => void (out += d.toString()))
  return new Promise((done, reject) => {
    const timer = setInterval(() => {
      if (out.includes('Frame service ready')) {
        clearInterval(timer)
        done({ child, output: () => out })
      }
    }, 100)
    child.once('exit', (code) => {
      clearInterval(timer)
      reject(new Error(`exited with ${code}: ${out}`))
    })
  })
}
const stopped = (child: ChildProcess) => new Promise<number | null>((done) => child.once('exit', (code) => done(code)))

const url = () => `http://127.0.0.1:${port}`
async function api(path: string, body: object, token?: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${url()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url(), 'x-portico-project': 'portico-demo', 'x-portico-embedder': 'http://127.0.0.1:5173', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  return { status: res.status, json: (await res.json()) as Record<string, unknown> }
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'portico-frame-service-'))
  port = await freePort()
})
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  await rm(folder, { recursive: true, force: true })
})

describe('node frame-service/bin/frame-service.mjs', () => {
  it('says what is missing: the chains', async () => {
    await expect(start({ PORTICO_FRAME_PORT: String(port), PORTICO_FRAME_CHAINS: undefined, PORTICO_FRAME_DATA_DIR: join(folder, 'unused') })).rejects.toThrow(/Set PORTICO_FRAME_CHAINS/)
  }, 60_000)

  it('keeps a signed-in visitor signed in with the same address across a restart of the service alone, with a key rotation in between', async () => {
    const env = {
      PORTICO_FRAME_PORT: String(port),
      PORTICO_FRAME_CHAINS: JSON.stringify([{ id: 31337, name: 'Portico Local', rpcUrl: 'http://127.0.0.1:9/' }]),
      PORTICO_FRAME_DATA_DIR: join(folder, 'frame-db'),
      PORTICO_FRAME_KEY_FILE: join(folder, 'frame.key'),
      PORTICO_FRAME_DATABASE_URL: undefined,
      PORTICO_FRAME_KEY: undefined,
    }
    const first = await start(env)
    expect(first.output()).toContain(`Frame service ready at ${url()} (pglite)`)
    const email = 'standalone@example.com'
    const deviceId = 'device-aaaaaaaaaaaaaaaa'
    expect(await api(FRAME_API.emailConnect.path, { email, deviceId })).toEqual({ status: 200, json: { action: 'VERIFY_OTP' } })
    let code = ''
    await expect
      .poll(async () => {
        const mails = z.array(mailboxMessageSchema).parse(await (await fetch(`${url()}/mailbox/messages?to=${email}`)).json())
        code = /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? '')?.[1] ?? ''
        return code
      }, WAIT)
      .toMatch(/^\d{6}$/)
    const { json: login } = await api(FRAME_API.emailOtp.path, { email, deviceId, otp: code })
    const token = String(login['token'])
    const before = await api(FRAME_API.user.path, {}, token)
    expect(before.status).toBe(200)

    const exit = stopped(first.child)
    first.child.kill('SIGTERM')
    expect(await exit).toBe(0)
    expect(first.output()).toContain('Frame service stopped')

    // A key rotation while it is stopped (the documented command): the keys are re-sealed, the key file replaced.
    const keyBefore = await readFile(env.PORTICO_FRAME_KEY_FILE, 'utf8')
    const rekey = spawnSync(process.execPath, ['frame-service/bin/frame-rekey.mjs', '--data-dir', env.PORTICO_FRAME_DATA_DIR, '--key-file', env.PORTICO_FRAME_KEY_FILE], {
      cwd: ROOT,
      env: { ...process.env, PORTICO_FRAME_KEY: '', PORTICO_FRAME_NEW_KEY: '', PORTICO_FRAME_DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(rekey.status, rekey.stderr).toBe(0)
    expect(rekey.stdout).toMatch(/^Re-sealed 1 key\(s\) from frame key [0-9a-f]{8} to [0-9a-f]{8}\.$/m)
    expect(await readFile(env.PORTICO_FRAME_KEY_FILE, 'utf8')).not.toBe(keyBefore)

    const second = await start(env)
    const after = await api(FRAME_API.user.path, {}, token)
    expect(after).toEqual(before)
    const address = String(after.json['address']) as Hex
    const signed = await api(FRAME_API.rpc.path, { method: 'personal_sign', params: ['0x6869', address] }, token)
    expect(await verifyMessage({ address, message: 'hi', signature: signed.json['result'] as Hex })).toBe(true)
    const exit2 = stopped(second.child)
    second.child.kill('SIGTERM')
    expect(await exit2).toBe(0)
  }, 120_000)
})
