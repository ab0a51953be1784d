import { describe, expect, it } from 'vitest'
import { WRITE_ERROR_CODES } from '@portico/shared-types/write'
import { classifyError, classifyWalletError, WriteFailure } from './classifyError.ts'

/** What nodes (geth, anvil, reth) answer, as a wallet passes it through to the page. */
const NODE_ANSWERS = [
  [{ code: 3, message: 'execution reverted: ERC20: transfer amount exceeds balance' }, 'EXECUTION_REVERTED'],
  [{ code: -32000, message: 'max fee per gas higher than 2^256-1' }, 'FEE_CAP_TOO_HIGH'],
  [{ code: -32000, message: 'max fee per gas less than block base fee: address 0xabc, maxFeePerGas: 1 baseFee: 7' }, 'FEE_CAP_TOO_LOW'],
  [{ code: -32000, message: 'nonce too high' }, 'NONCE_TOO_HIGH'],
  [{ code: -32000, message: 'nonce too low: next nonce 4, tx nonce 2' }, 'NONCE_TOO_LOW'],
  [{ code: -32000, message: 'nonce has max value' }, 'NONCE_MAX_VALUE'],
  [{ code: -32000, message: 'insufficient funds for gas * price + value: have 0 want 21000' }, 'INSUFFICIENT_FUNDS'],
  [{ code: -32000, message: 'intrinsic gas too high' }, 'INTRINSIC_GAS_TOO_HIGH'],
  [{ code: -32000, message: 'intrinsic gas too low: have 100, want 21000' }, 'INTRINSIC_GAS_TOO_LOW'],
  [{ code: -32000, message: 'transaction type not valid in this context' }, 'TRANSACTION_TYPE_NOT_SUPPORTED'],
  [{ code: -32000, message: 'max priority fee per gas higher than max fee per gas' }, 'TIP_ABOVE_FEE_CAP'],
  [{ code: -32603, message: 'the node is having a bad day' }, 'UNKNOWN_NODE_ERROR'],
] as const

describe('classifyWalletError', () => {
  it.each(NODE_ANSWERS)('maps %j through viem to %s', (error, code) => {
    expect(classifyWalletError(error)).toMatchObject({ code, details: expect.any(String) })
  })

  it('maps every node-error class of SPEC.md §8 (12, unknown included), each to its own code', () => {
    const codes = new Set(NODE_ANSWERS.map(([, code]) => code))
    expect(codes.size).toBe(NODE_ANSWERS.length)
    for (const code of codes) expect(WRITE_ERROR_CODES).toContain(code)
  })

  it('a rejection in the wallet is a decline, not a node error', () => {
    expect(classifyWalletError({ code: 4001, message: 'User rejected the request.' })).toMatchObject({ code: 'USER_REJECTED' })
  })

  it("the wallet's own refusals (unauthorized, disconnected) are 'Something went wrong'", () => {
    expect(classifyWalletError({ code: 4100, message: 'Unauthorized' })).toMatchObject({ code: 'SOMETHING_WENT_WRONG', details: 'Unauthorized' })
    expect(classifyWalletError({ code: 4900, message: 'Disconnected' })).toMatchObject({ code: 'SOMETHING_WENT_WRONG' })
  })
})

describe('classifyError', () => {
  it('keeps a validation failure as it is', () => {
    expect(classifyError(new WriteFailure('AMOUNT_INVALID', { field: 'amount' }))).toEqual({ code: 'AMOUNT_INVALID', field: 'amount' })
  })

  it('anything else is Something went wrong, with what it said for developers', () => {
    expect(classifyError(new Error('boom'))).toEqual({ code: 'SOMETHING_WENT_WRONG', details: 'boom' })
    expect(classifyError('nope')).toEqual({ code: 'SOMETHING_WENT_WRONG' })
  })
})
