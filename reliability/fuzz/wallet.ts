/**
 * What wallets answer, fuzzed through the page's connector (`eip1193Connector`: accounts and chain id
 * of an EIP-1193 provider, and what it throws), the core's ERC-7811 reader (`parseWalletAssets`) and
 * the EIP-6963 announcement's schema.
 */
import fc from 'fast-check'
import { BaseError } from 'viem'
import { caipAddressSchema, eip6963ProviderInfoSchema, tokenBalanceSchema } from '@portico/shared-types'
import { eip1193Connector } from '../../main-thread/src/connectors/eip1193.ts'
import { toProviderError } from '../../main-thread/src/connectors/providerHelpers.ts'
import { parseWalletAssets } from '../../worker-core/src/features/balances/parseWalletAssets.ts'
import { boundaryInputs, fuzz, judgeError, validSamples } from './harness.ts'
import { ADDRESSES } from './samples.ts'
import { toSafeUrl } from '../../shared-types/src/safeUrl.ts'

const ROW = 'Fuzz: wallet answers (EIP-1193, EIP-6963, ERC-7811)'

/** A wallet's own errors become viem's provider errors (ProviderRpcError, UserRejectedRequestError): typed too. */
const judgeWallet = (error: unknown) => (error instanceof BaseError ? null : judgeError(error))

type WalletBehaviour = { accounts: unknown; chainId: unknown; rejectWith: unknown }

export async function run() {
  const answers = fc.record({
    accounts: boundaryInputs([[ADDRESSES.A], [ADDRESSES.A, ADDRESSES.B], []]),
    chainId: boundaryInputs(['0x7a69', '0x1', '0x' + 'f'.repeat(80)]),
    rejectWith: fc.oneof(
      { weight: 4, arbitrary: fc.constant(undefined) },
      {
        weight: 1,
        arbitrary: boundaryInputs([
          { code: 4001, message: 'User rejected' },
          { code: -32603, message: 'Internal' },
        ]),
      },
    ),
  })
  const walletOf = (behaviour: WalletBehaviour) =>
    eip1193Connector({
      id: 'org.example.fuzz',
      type: 'ANNOUNCED',
      name: 'Fuzz Wallet',
      rdns: 'org.example.fuzz',
      provider: {
        request: async ({ method }) => {
          if (behaviour.rejectWith !== undefined) throw behaviour.rejectWith
          if (method === 'eth_chainId') return behaviour.chainId
          return behaviour.accounts
        },
      },
    })
  // A connection a wallet gives is a CAIP-10 address on a real chain id (no 'Infinity', no '0').
  const checkAddress = (result: unknown) => {
    if (result === null) return null
    if (!caipAddressSchema.safeParse(result).success) return `a connection with an invalid CAIP address: ${String(result).slice(0, 120)}`
    const reference = String(result).split(':')[1]!
    return /^[1-9]\d*$/.test(reference) && Number.isSafeInteger(Number(reference)) ? null : `a connection on chain id '${reference.slice(0, 40)}'`
  }
  await fuzz({ row: ROW, boundary: 'EIP-1193 connect (eth_requestAccounts, eth_chainId)', inputs: answers, exercise: (b) => walletOf(b).connect(), check: checkAddress, judge: judgeWallet })
  await fuzz({ row: ROW, boundary: 'EIP-1193 account (eth_accounts, eth_chainId)', inputs: answers, exercise: (b) => walletOf(b).getCaipAddress(), check: checkAddress, judge: judgeWallet })
  await fuzz({
    row: ROW,
    boundary: 'EIP-1193 errors (toProviderError)',
    inputs: boundaryInputs([{ code: 4001, message: 'User rejected' }, { code: 4902, message: 'Unrecognized chain' }, new Error('boom')]),
    exercise: (thrown) => toProviderError(thrown),
    check: (result) => (result instanceof BaseError ? null : 'a wallet error that is not a provider error'),
  })

  const assets = {
    '0x7a69': [
      { address: 'native', balance: '0xde0b6b3a7640000', type: 'NATIVE', metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 2250.45, iconUrl: 'http://127.0.0.1:8787/eth.svg' } },
      { address: ADDRESSES.TOKEN, balance: '0x1e8480', type: 'ERC20', metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6, price: 1, iconUrl: 'http://127.0.0.1:8787/usdc.svg', value: 2 } },
    ],
  }
  validSamples(ROW, 'ERC-7811 wallet_getAssets', [assets], (a) => {
    try {
      return parseWalletAssets({ answer: a, caipNetworkId: 'eip155:31337' }).length === 2
    } catch {
      return false
    }
  })
  await fuzz({
    row: ROW,
    boundary: 'ERC-7811 wallet_getAssets (parseWalletAssets)',
    inputs: boundaryInputs([assets]),
    exercise: (answer) => parseWalletAssets({ answer, caipNetworkId: 'eip155:31337' }),
    check: (result) => {
      const bad = (result as unknown[]).find((b) => !tokenBalanceSchema.safeParse(b).success)
      return bad === undefined ? null : `a balance that fails its schema: ${JSON.stringify(bad).slice(0, 200)}`
    },
  })

  const info = { uuid: '350670db-19fa-4704-a166-e52e178b59d2', name: 'Sandbox Wallet', icon: 'data:image/svg+xml;base64,PHN2Zy8+', rdns: 'dev.portico.sandbox-wallet' }
  validSamples(ROW, 'EIP-6963 announcement', [info], (i) => eip6963ProviderInfoSchema.safeParse(i).success)
  await fuzz({
    row: ROW,
    boundary: 'EIP-6963 announcement (eip6963ProviderInfoSchema)',
    inputs: boundaryInputs([info]),
    exercise: (input) => eip6963ProviderInfoSchema.safeParse(input),
    check: (result) => {
      const parsed = result as ReturnType<typeof eip6963ProviderInfoSchema.safeParse>
      // An icon the URL gate refuses is dropped (''), the wallet kept; any icon kept must pass the gate as a data:image URI.
      if (!parsed.success || parsed.data.icon === '') return null
      return parsed.data.icon.startsWith('data:image/') && toSafeUrl(parsed.data.icon, { kind: 'image', allowDataImage: true }) instanceof URL
        ? null
        : 'kept an icon that is not a data:image URI the URL gate passes'
    },
  })
}
