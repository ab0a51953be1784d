import {
  buildApproveResponseSchema,
  buildTransactionResponseSchema,
  historyResponseSchema,
  parseCaipAddress,
  swapAllowanceResponseSchema,
  swapQuotesResponseSchema,
  swapTokensResponseSchema,
  type BuiltTransaction,
} from '@portico/shared-types'
import { createPublicClient, createWalletClient, erc20Abi, http, maxUint256, parseEther, parseUnits, type Address, type Hex, type PublicClient } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ammAbi } from '../contracts/abis.ts'
import { NATIVE_TOKEN_ADDRESS } from '../contracts/pools.ts'
import { startSandbox, type SandboxHandle } from '../index.ts'
import { fetchError, fetchParsed, postJson, testSandboxOptions, withProject } from '../../test/helpers.ts'

let sandbox: SandboxHandle
let client: PublicClient
const A = 'eip155:31337'

beforeAll(async () => {
  sandbox = await startSandbox(testSandboxOptions(22520))
  const chain = sandbox.chains[0]!
  client = createPublicClient({ chain: chain.viemChain, transport: http(chain.rpcUrl) })
})
afterAll(() => sandbox?.stop())

const api = (path: string) => withProject(`${sandbox.dataApi.url}${path}`)
const token = (key: 'USDC' | 'PTK' | 'PTS') => `${A}:${sandbox.contracts[31337]![key]!.address}`
const NATIVE = `${A}:${NATIVE_TOKEN_ADDRESS}`
const user = (i: number) => sandbox.devAccounts[i]!

async function balance(asset: string, owner: Address): Promise<bigint> {
  const { address } = parseCaipAddress(asset)
  if (address === NATIVE_TOKEN_ADDRESS) return client.getBalance({ address: owner })
  return client.readContract({ address: address as Address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
}

async function quote(from: string, to: string, amount: bigint, who: Address) {
  const { quotes } = await fetchParsed(api(`/v1/convert/quotes?amount=${amount}&userAddress=${A}:${who}&from=${from}&to=${to}`), swapQuotesResponseSchema)
  return BigInt(quotes[0]!.toAmount)
}

function buildSwap(from: string, to: string, amount: bigint, who: Address, slippage: string | number = '1') {
  return fetchParsed(api('/v1/convert/build-transaction'), buildTransactionResponseSchema, postJson({ amount: amount.toString(), eip155: { slippage }, from, to, userAddress: `${A}:${who}` }))
}

/** Sends a built transaction exactly as the API answered it, the way a wallet would. */
async function sendBuilt(index: number, tx: BuiltTransaction): Promise<{ hash: Hex; status: string; gasCost: bigint }> {
  const chain = sandbox.chains[0]!
  const wallet = createWalletClient({ account: privateKeyToAccount(user(index).privateKey), chain: chain.viemChain, transport: http(chain.rpcUrl) })
  const hash = await wallet.sendTransaction({
    to: parseCaipAddress(tx.to).address as Address,
    data: tx.data as Hex,
    value: BigInt(tx.value),
    gas: BigInt(tx.eip155?.gas ?? '300000'),
    gasPrice: BigInt(tx.eip155?.gasPrice ?? '0'),
  })
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  return { hash, status: receipt.status, gasCost: receipt.gasUsed * receipt.effectiveGasPrice }
}

describe('convert', () => {
  it('lists the swappable tokens of a chain, native coin first, without the 0-decimals token', async () => {
    const { tokens } = await fetchParsed(api(`/v1/convert/tokens?chainId=${A}`), swapTokensResponseSchema)
    expect(tokens.map((t) => [t.symbol, t.address, t.decimals])).toEqual([
      ['ETH', NATIVE, 18],
      ['USDC', token('USDC'), 6],
      ['PTK', token('PTK'), 18],
    ])
    const b = await fetchParsed(api('/v1/convert/tokens?chainId=eip155:31338'), swapTokensResponseSchema)
    expect(b.tokens[0]?.symbol).toBe('BEE')
  })

  it('quotes from the pool reserves, exactly as the contract computes', async () => {
    const amount = parseEther('1')
    const quoted = await quote(NATIVE, token('USDC'), amount, user(3).address)
    const onChain = await client.readContract({
      address: sandbox.deployments[31337]!.amm,
      abi: ammAbi,
      functionName: 'getAmountOut',
      args: [NATIVE_TOKEN_ADDRESS, sandbox.contracts[31337]!.USDC!.address, amount],
    })
    expect(quoted).toBe(onChain)
    // Near the price table (3000 USDC per ETH), less the 0.3 % fee and the price impact.
    expect(Number(quoted) / 1e6).toBeGreaterThan(2900)
    expect(Number(quoted) / 1e6).toBeLessThan(3000)
  })

  it("prices the quote's gas at the gasPrice asked, else at the chain's", async () => {
    const path = `/v1/convert/quotes?amount=${parseEther('1')}&userAddress=${A}:${user(3).address}&from=${NATIVE}&to=${token('USDC')}`
    const gasSchema = z.object({ quotes: z.array(z.object({ eip155: z.object({ gas: z.string(), gasPrice: z.string(), gasCost: z.string() }) })) })
    const asked = (await fetchParsed(api(`${path}&gasPrice=7000000000`), gasSchema)).quotes[0]!.eip155
    expect(asked.gasPrice).toBe('7000000000')
    expect(BigInt(asked.gasCost)).toBe(BigInt(asked.gas) * 7_000_000_000n)
    expect(BigInt(asked.gas)).toBeGreaterThan(0n)
    const chainPrice = await client.getGasPrice()
    const unasked = (await fetchParsed(api(path), gasSchema)).quotes[0]!.eip155
    expect(BigInt(unasked.gasCost)).toBe(BigInt(unasked.gas) * BigInt(unasked.gasPrice))
    expect(BigInt(unasked.gasPrice)).toBeGreaterThan(0n)
    expect(BigInt(unasked.gasPrice)).toBeLessThanOrEqual(chainPrice * 2n)
    expect(await fetchError(api(`${path}&gasPrice=fast`))).toEqual({ status: 400, error: 'gasPrice: Expected a whole number of wei' })
    // Still the shared-types shape.
    expect(swapQuotesResponseSchema.safeParse(await (await fetch(api(`${path}&gasPrice=1`))).json()).success).toBe(true)
  })

  it('a built native → token swap really swaps when sent as is', async () => {
    const who = user(3).address
    const amount = parseEther('0.5')
    const expected = await quote(NATIVE, token('USDC'), amount, who)
    const [ethBefore, usdcBefore] = [await balance(NATIVE, who), await balance(token('USDC'), who)]
    const { tx } = await buildSwap(NATIVE, token('USDC'), amount, who)
    expect(tx).toMatchObject({ from: `${A}:${who}`, to: `${A}:${sandbox.deployments[31337]!.amm}`, value: amount.toString() })
    const sent = await sendBuilt(3, tx)
    expect(sent.status).toBe('success')
    expect((await balance(token('USDC'), who)) - usdcBefore).toBe(expected)
    expect(ethBefore - (await balance(NATIVE, who))).toBe(amount + sent.gasCost)
    const { data } = await fetchParsed(api(`/v1/account/${who}/history?chainId=${A}`), historyResponseSchema)
    expect(data[0]).toMatchObject({ metadata: { hash: sent.hash, operationType: 'trade' } })
    expect(data[0]?.transfers.map((t) => [t.direction, t.fungible_info?.symbol])).toEqual([
      ['out', 'ETH'],
      ['in', 'USDC'],
    ])
  })

  it('a token swap needs an approval first; the built approval and swap both work', async () => {
    const who = user(4).address
    const amount = parseUnits('100', 6)
    const allowance = () => fetchParsed(api(`/v1/convert/allowance?tokenAddress=${token('USDC')}&userAddress=${A}:${who}`), swapAllowanceResponseSchema)
    expect(await allowance()).toEqual({ allowance: '0' })
    const refused = await fetchError(
      api('/v1/convert/build-transaction'),
      postJson({ amount: amount.toString(), eip155: { slippage: 1 }, from: token('USDC'), to: token('PTK'), userAddress: `${A}:${who}` }),
    )
    expect(refused).toEqual({ status: 400, error: 'Insufficient USDC allowance: approve first (GET /v1/convert/build-approve)' })
    // Built for a batch after its approval (disableEstimate): the allowance is not asked, the gas is the fixed figure.
    const forBatch = await fetchParsed(
      api('/v1/convert/build-transaction'),
      buildTransactionResponseSchema,
      postJson({ amount: amount.toString(), eip155: { slippage: 1 }, from: token('USDC'), to: token('PTK'), userAddress: `${A}:${who}`, disableEstimate: true }),
    )
    expect(forBatch.tx).toMatchObject({ from: `${A}:${who}`, to: `${A}:${sandbox.deployments[31337]!.amm}`, value: '0', eip155: { gas: '250000' } })

    const approve = await fetchParsed(api(`/v1/convert/build-approve?userAddress=${A}:${who}&from=${token('USDC')}&to=${token('PTK')}`), buildApproveResponseSchema)
    expect(approve.tx).toMatchObject({ from: `${A}:${who}`, to: token('USDC'), value: '0' })
    expect((await sendBuilt(4, approve.tx)).status).toBe('success')
    expect(await allowance()).toEqual({ allowance: maxUint256.toString() })

    const expected = await quote(token('USDC'), token('PTK'), amount, who)
    const [usdcBefore, ptkBefore] = [await balance(token('USDC'), who), await balance(token('PTK'), who)]
    const { tx } = await buildSwap(token('USDC'), token('PTK'), amount, who, 0.5)
    expect((await sendBuilt(4, tx)).status).toBe('success')
    expect(usdcBefore - (await balance(token('USDC'), who))).toBe(amount)
    expect((await balance(token('PTK'), who)) - ptkBefore).toBe(expected)
  })

  it('a token → native swap pays the native coin out', async () => {
    const who = user(4).address
    const approve = await fetchParsed(api(`/v1/convert/build-approve?userAddress=${who}&from=${token('PTK')}&amount=${parseEther('50')}`), buildApproveResponseSchema)
    await sendBuilt(4, approve.tx)
    const amount = parseEther('40')
    const expected = await quote(token('PTK'), NATIVE, amount, who)
    const before = await balance(NATIVE, who)
    const { tx } = await buildSwap(token('PTK'), NATIVE, amount, who)
    expect(tx.value).toBe('0')
    const sent = await sendBuilt(4, tx)
    expect(sent.status).toBe('success')
    expect((await balance(NATIVE, who)) - before).toBe(expected - sent.gasCost)
    const { data } = await fetchParsed(api(`/v1/account/${who}/history?chainId=${A}`), historyResponseSchema)
    expect(data[0]?.transfers.map((t) => [t.direction, t.fungible_info?.symbol])).toEqual([
      ['out', 'PTK'],
      ['in', 'ETH'],
    ])
  })

  it('the slippage tolerance protects the swap when the pool moves before it is mined', async () => {
    const who = user(2).address
    const { tx } = await buildSwap(NATIVE, token('USDC'), parseEther('1'), who, 1)
    const mover = await buildSwap(NATIVE, token('USDC'), parseEther('5'), user(1).address, 50 - 1e-9)
    expect((await sendBuilt(1, mover.tx)).status).toBe('success')
    const chain = sandbox.chains[0]!
    const wallet = createWalletClient({ account: privateKeyToAccount(user(2).privateKey), chain: chain.viemChain, transport: http(chain.rpcUrl) })
    await expect(wallet.sendTransaction({ to: parseCaipAddress(tx.to).address as Address, data: tx.data as Hex, value: BigInt(tx.value) })).rejects.toThrow(/Slippage|revert/)
  })

  it('answers 400 a client can show for what cannot be swapped', async () => {
    const who = `${A}:${user(3).address}`
    const cases: Array<[string, string]> = [
      [`/v1/convert/quotes?amount=1&userAddress=${who}&from=${token('PTS')}&to=${NATIVE}`, `from: Token ${parseCaipAddress(token('PTS')).address} is not swappable on Portico Local`],
      [`/v1/convert/quotes?amount=1&userAddress=${who}&from=${NATIVE}&to=${NATIVE}`, 'from and to must be different tokens'],
      [`/v1/convert/quotes?amount=0&userAddress=${who}&from=${NATIVE}&to=${token('USDC')}`, 'amount: Expected a positive whole number of the smallest unit'],
      [`/v1/convert/quotes?userAddress=${who}&from=${NATIVE}&to=${token('USDC')}`, 'Missing required query parameter: amount'],
      [`/v1/convert/quotes?amount=1&userAddress=${who}&from=${NATIVE}&to=eip155:31338:${NATIVE_TOKEN_ADDRESS}`, 'from and to must be on the same chain'],
      [`/v1/convert/quotes?amount=1&userAddress=${who}&from=0xabc&to=${NATIVE}`, 'from: Expected a CAIP-10 token address (eip155:{chainId}:0x…)'],
      [`/v1/convert/build-approve?userAddress=${who}&from=${NATIVE}`, 'ETH is the native coin and needs no approval'],
      [`/v1/convert/allowance?tokenAddress=${token('USDC')}&userAddress=eip155:31338:${user(3).address}`, 'userAddress: Expected an account on eip155:31337'],
    ]
    for (const [path, error] of cases) expect(await fetchError(api(path)), path).toEqual({ status: 400, error })
    const poor = sandbox.devAccounts[5]!.address
    const tooMuch = await fetchError(
      api('/v1/convert/build-transaction'),
      postJson({ amount: parseEther('20000').toString(), eip155: { slippage: 1 }, from: NATIVE, to: token('USDC'), userAddress: `${A}:${poor}` }),
    )
    expect(tooMuch).toEqual({ status: 400, error: 'Insufficient ETH balance' })
    const badSlippage = await fetchError(api('/v1/convert/build-transaction'), postJson({ amount: '1000', eip155: { slippage: 'x' }, from: NATIVE, to: token('USDC'), userAddress: `${A}:${poor}` }))
    expect(badSlippage).toEqual({ status: 400, error: 'eip155.slippage: Expected a percentage from 0 to 50' })
  })
})
