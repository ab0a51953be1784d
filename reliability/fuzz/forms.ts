/**
 * Every form input, 1,000 typed strings each, through the validator the product runs on it: the send
 * and swap amounts (`parseSendAmount`, which `checkSwap` runs too), the send receiver (`prepareSend`
 * up to the chain), the name to register (`parseAccountNameInput`), the email and the one-time code
 * (the frame protocol's request schemas, the rule the views check too), and the buy amount's quote
 * estimate (`sampleOnrampQuote`). An answer is valid, or invalid with a message the modal has.
 */
import { NAME_SUFFIXES, parseAccountNameInput } from '@portico/shared-types'
import { EMBEDDED_EVENTS } from '@portico/shared-types/embedded'
import { sampleOnrampQuote, type OnrampCurrency } from '@portico/shared-types/onramp'
import { WRITE_ERROR_CODES } from '@portico/shared-types/write'
import { createHttpClient } from '../../worker-core/src/infra/http.ts'
import type { RpcClient } from '../../worker-core/src/infra/rpc.ts'
import { WriteFailure } from '../../worker-core/src/features/writes/classifyError.ts'
import { parseSendAmount, prepareSend } from '../../worker-core/src/features/writes/send.ts'
import { describe, fuzz, typedStrings } from './harness.ts'
import { ADDRESSES } from './samples.ts'

const ROW = 'Fuzz: form inputs'

/**
 * A WriteFailure of one of `codes`, on `field`. Each code is one of WRITE_ERROR_CODES, which the page's
 * message catalogue (main-thread/src/i18n/writeErrors.ts) must cover in every language by its type.
 */
const hasMessage = (code: string) => (WRITE_ERROR_CODES as readonly string[]).includes(code)
const judgeWrite = (codes: readonly string[], field: string | undefined) => (error: unknown) => {
  if (!(error instanceof WriteFailure)) return `not a WriteFailure: ${describe(error)}`
  const { code } = error.error
  if (!codes.includes(code)) return `unexpected code ${code}`
  if (field && error.error.field !== field) return `${code} not on the ${field} field`
  return hasMessage(code) ? null : `no message for ${code}`
}
const AMOUNT_CODES = ['AMOUNT_REQUIRED', 'AMOUNT_INVALID', 'AMOUNT_NOT_POSITIVE', 'AMOUNT_TOO_MANY_DECIMALS']

/** Stands for the chain after validation: reaching it means the input was accepted. */
class ReachedChain extends Error {}
const chain = new Proxy({}, { get: () => () => Promise.reject(new ReachedChain('validated')) }) as unknown as RpcClient

export async function run() {
  for (const token of [
    { symbol: 'ETH', decimals: 18 },
    { symbol: 'USDC', decimals: 6 },
    { symbol: 'ZERO', decimals: 0 },
  ]) {
    await fuzz({
      row: ROW,
      boundary: `send amount (${token.symbol}, ${token.decimals} decimals)`,
      inputs: typedStrings,
      exercise: (text) => parseSendAmount(text, token),
      check: (value) => (typeof value === 'bigint' && value > 0n ? null : `accepted as ${String(value)}`),
      judge: judgeWrite(AMOUNT_CODES, 'amount'),
    })
  }
  await fuzz({
    row: ROW,
    boundary: 'swap amount (USDC → ETH)',
    inputs: typedStrings,
    exercise: (text) => parseSendAmount(text, { address: `eip155:31337:${ADDRESSES.TOKEN}`, symbol: 'USDC', decimals: 6 } as { symbol: string; decimals: number }),
    check: (value) => (typeof value === 'bigint' && value > 0n ? null : `accepted as ${String(value)}`),
    judge: judgeWrite(AMOUNT_CODES, 'amount'),
  })

  // Names are looked up on the profile API: this one knows none (404), as for a name nobody registered.
  const api = createHttpClient({ baseUrl: 'http://127.0.0.1:1/', projectId: 'portico-demo', sleep: async () => undefined, fetch: async () => new Response('{"error":"Not found"}', { status: 404 }) })
  await fuzz({
    row: ROW,
    boundary: 'send receiver (prepareSend)',
    inputs: typedStrings,
    exercise: (receiver) =>
      prepareSend({ client: chain, api, smartAccount: false }, { kind: 'send', caipAddress: `eip155:31337:${ADDRESSES.A}`, token: { symbol: 'ETH', decimals: 18 }, amount: '1', receiver }),
    check: () => 'went past the chain stand-in',
    judge: (error, receiver) => {
      if (error instanceof ReachedChain) return /^0x[0-9a-fA-F]{40}$/.test(receiver.trim()) ? null : `accepted '${receiver.slice(0, 60)}' as a receiver`
      return judgeWrite(['RECEIVER_REQUIRED', 'RECEIVER_INVALID', 'RECEIVER_NOT_FOUND'], 'receiver')(error)
    },
  })

  await fuzz({
    row: ROW,
    boundary: 'name to register (parseAccountNameInput)',
    inputs: typedStrings,
    exercise: (text) => parseAccountNameInput(text),
    check: (result) => {
      if (typeof result === 'string') return hasMessage(result) ? null : `no message for ${result}`
      const { name, label } = result as { name: string; label: string }
      return /^[a-z0-9-]{4,}$/.test(label) && NAME_SUFFIXES.some((s) => name === `${label}${s}`) ? null : `accepted '${name.slice(0, 60)}'`
    },
  })

  const emailRule = EMBEDDED_EVENTS.CONNECT_EMAIL.request
  await fuzz({
    row: ROW,
    boundary: 'email (CONNECT_EMAIL request)',
    inputs: typedStrings,
    exercise: (email) => emailRule.safeParse({ email }),
    check: (result, email) => ((result as { success: boolean }).success && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? `accepted '${email.slice(0, 60)}' as an email` : null),
  })
  const codeRule = EMBEDDED_EVENTS.CONNECT_OTP.request
  await fuzz({
    row: ROW,
    boundary: 'one-time code (CONNECT_OTP request)',
    inputs: typedStrings,
    exercise: (otp) => codeRule.safeParse({ otp }),
    check: (result, otp) => ((result as { success: boolean }).success && !/^\d{6}$/.test(otp) ? `accepted '${otp.slice(0, 60)}' as a code` : null),
  })

  await fuzz({
    row: ROW,
    boundary: 'buy amount (sampleOnrampQuote estimate)',
    inputs: typedStrings,
    exercise: (amount) => sampleOnrampQuote({ amount, paymentCurrency: 'USD' as OnrampCurrency, purchaseCurrency: 'eth', network: 'ethereum', paymentMethod: 'card' }, 2250.45),
    check: (quote) => {
      const q = quote as ReturnType<typeof sampleOnrampQuote>
      const shown = [q.paymentTotal, q.paymentSubtotal, q.coinbaseFee, q.networkFee].map((m) => m.value)
      const bad = shown.find((v) => !/^\d+\.\d{2}$/.test(v))
      return bad === undefined ? null : `an estimate showing '${bad.slice(0, 40)}'`
    },
  })
}
