// The frame service's signing throughput: 50 visitors signed in by email, each signing messages
// back to back for a fixed time through the frame's API, on the service's embedded database (the
// default deployment) and, where Debian's PostgreSQL is installed, on PostgreSQL. Prints signatures
// per second and latency percentiles; asserts nothing (figures only). Alone: `tsx --import
// ./scripts/source-condition.mjs bench/src/frameService.ts`; `npm run bench` runs it last.
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startFrameService } from '@portico/frame-service'
import { FRAME_API } from '@portico/frame-service/api.ts'
import { postgresBinDir, startTestPostgres } from '@portico/frame-service/store/test-postgres.ts'
import { startMailbox } from '../../sandbox/src/sign-in/mailbox.ts'
import { defineChain } from 'viem'
import { table } from './table.ts'
import { freePort } from '@portico/sandbox'

export const FRAME_VISITORS = 50
export const FRAME_SIGN_SECONDS = 10
const PROJECT = 'bench'
const EMBEDDER = 'http://127.0.0.1:5173'

export type FrameServiceRun = {
  database: string
  visitors: number
  seconds: number
  signatures: number
  errors: number
  perSecond: number
  p50Ms: number
  p99Ms: number
  maxMs: number
  loginMs: number
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN

/** One run: a service on `storage`, 50 visitors logged in, then FRAME_SIGN_SECONDS of personal_sign from all of them at once. */
async function runOne(database: string, storage: { databaseUrl?: string; dataDir?: string }): Promise<FrameServiceRun> {
  const mailbox = await startMailbox()
  const port = await freePort()
  const chain = defineChain({ id: 31337, name: 'Bench', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:9/'] } } })
  const frame = await startFrameService({
    port,
    chains: [{ id: 31337, name: 'Bench', rpcUrl: 'http://127.0.0.1:9/', viemChain: chain }],
    projects: { [PROJECT]: [EMBEDDER] },
    mail: { smtpUrl: mailbox.smtpUrl },
    key: randomBytes(32).toString('base64'),
    trustedProxies: ['127.0.0.1'],
    ...storage,
  })
  const call = async (name: keyof typeof FRAME_API, body: object, client: string, token?: string) => {
    const res = await fetch(`${frame.url}${FRAME_API[name].path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: frame.url,
        'x-portico-project': PROJECT,
        'x-portico-embedder': EMBEDDER,
        'x-forwarded-for': client,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    })
    return { status: res.status, json: (await res.json()) as Record<string, unknown> }
  }
  try {
    const loginStarted = performance.now()
    const visitors = await Promise.all(
      Array.from({ length: FRAME_VISITORS }, async (_, i) => {
        const email = `bench-${i}@example.com`
        const deviceId = `bench-device-${String(i).padStart(8, '0')}`
        const client = `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`
        await call('emailConnect', { email, deviceId }, client)
        let otp = ''
        for (let tries = 0; tries < 300 && !otp; tries++) {
          otp = /\b(\d{6})\b/.exec(mailbox.messages(email).at(-1)?.text ?? '')?.[1] ?? ''
          if (!otp) await new Promise((r) => setTimeout(r, 50))
        }
        const token = String((await call('emailOtp', { email, deviceId, otp }, client)).json['token'])
        const address = String((await call('user', {}, client, token)).json['address'])
        return { client, token, address }
      }),
    )
    const loginMs = performance.now() - loginStarted
    const latencies: number[] = []
    let errors = 0
    const until = performance.now() + FRAME_SIGN_SECONDS * 1000
    const started = performance.now()
    await Promise.all(
      visitors.map(async ({ client, token, address }, i) => {
        for (let n = 0; performance.now() < until; n++) {
          const t0 = performance.now()
          const answer = await call('rpc', { method: 'personal_sign', params: [`0x${Buffer.from(`bench ${i} ${n}`).toString('hex')}`, address] }, client, token)
          latencies.push(performance.now() - t0)
          if (answer.status !== 200) errors++
        }
      }),
    )
    const seconds = (performance.now() - started) / 1000
    const sorted = [...latencies].sort((a, b) => a - b)
    return {
      database,
      visitors: FRAME_VISITORS,
      seconds,
      signatures: latencies.length - errors,
      errors,
      perSecond: (latencies.length - errors) / seconds,
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      maxMs: sorted.at(-1) ?? Number.NaN,
      loginMs,
    }
  } finally {
    await frame.shutdown()
    await mailbox.stop()
  }
}

/** Both runs: PGlite in a temporary folder, then PostgreSQL when it is installed. */
export async function runFrameServiceBench(log: (line: string) => void): Promise<FrameServiceRun[]> {
  const runs: FrameServiceRun[] = []
  const folder = await mkdtemp(join(tmpdir(), 'portico-frame-bench-'))
  try {
    log(`frame service: ${FRAME_VISITORS} visitors, ${FRAME_SIGN_SECONDS} s of personal_sign, PGlite`)
    runs.push(await runOne('PGlite (embedded, one folder)', { dataDir: join(folder, 'db') }))
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
  if (postgresBinDir()) {
    const postgres = await startTestPostgres()
    try {
      log(`frame service: ${FRAME_VISITORS} visitors, ${FRAME_SIGN_SECONDS} s of personal_sign, PostgreSQL`)
      runs.push(await runOne('PostgreSQL (pool of 10)', { databaseUrl: postgres.url }))
    } finally {
      await postgres.stop()
    }
  } else log('frame service: PostgreSQL is not installed here, its run is skipped')
  return runs
}

export function frameServiceTable(runs: readonly FrameServiceRun[]): string {
  const f = (x: number, d = 0) => (Number.isFinite(x) ? x.toFixed(d) : '—')
  return table(
    [`Frame service, ${FRAME_VISITORS} visitors signing at once (personal_sign over its API)`, 'signatures/s', 'p50 ms', 'p99 ms', 'max ms', 'errors', '50 logins (s)'],
    runs.map((r) => [r.database, f(r.perSecond, 1), f(r.p50Ms), f(r.p99Ms), f(r.maxMs), String(r.errors), f(r.loginMs / 1000, 1)]),
  )
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = await runFrameServiceBench((line) => console.log(`[bench] ${line}`))
  console.log(`\n${frameServiceTable(runs)}`)
}
