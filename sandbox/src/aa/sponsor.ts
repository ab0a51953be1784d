import { concat, encodeAbiParameters, keccak256, numberToHex, pad, toHex, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { z } from 'zod'

const hexSchema = z.string().regex(/^0x[0-9a-fA-F]*$/, 'Expected hex')
const quantitySchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{1,64}$/, 'Expected a hex quantity')
  .transform((v) => BigInt(v))
const addressSchema = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'Expected an address')

/** A v0.7/v0.8 user operation as JSON-RPC carries it (ERC-7677's first parameter); other fields pass. */
export const rpcUserOperationSchema = z.looseObject({
  sender: addressSchema,
  nonce: quantitySchema,
  factory: addressSchema.nullish(),
  factoryData: hexSchema.nullish(),
  callData: hexSchema,
  callGasLimit: quantitySchema,
  verificationGasLimit: quantitySchema,
  preVerificationGas: quantitySchema,
  maxFeePerGas: quantitySchema,
  maxPriorityFeePerGas: quantitySchema,
  paymasterVerificationGasLimit: quantitySchema.nullish(),
  paymasterPostOpGasLimit: quantitySchema.nullish(),
})
export type RpcUserOperation = z.infer<typeof rpcUserOperationSchema>

/** Gas the sandbox paymaster's validation needs at most (a signature check and some hashing), and its post-op (none). */
export const PAYMASTER_VERIFICATION_GAS = 100_000n
export const PAYMASTER_POST_OP_GAS = 0n
/** How long a sponsorship stays good, in seconds of chain time. */
export const SPONSORSHIP_SECONDS = 3_600

/** A well-formed signature that is nobody's: the stub's, for gas estimation (it costs what a real one costs). */
const STUB_SIGNATURE: Hex = `0x${'11'.repeat(32)}${'22'.repeat(32)}1c`

const packPair = (high: bigint, low: bigint): Hex => concat([pad(toHex(high), { size: 16 }), pad(toHex(low), { size: 16 })])

/** The same hash as SandboxPaymaster.sponsorHash (contracts/aa/SandboxPaymaster.sol). */
export function sponsorHash(op: RpcUserOperation, ctx: { chainId: number; paymaster: Address; validUntil: number; validAfter: number }): Hex {
  const initCode = op.factory ? concat([op.factory as Hex, (op.factoryData ?? '0x') as Hex]) : '0x'
  return keccak256(
    encodeAbiParameters(
      [
        { type: 'address' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'address' },
        { type: 'uint48' },
        { type: 'uint48' },
      ],
      [
        op.sender as Address,
        op.nonce,
        keccak256(initCode),
        keccak256(op.callData as Hex),
        packPair(op.verificationGasLimit, op.callGasLimit),
        packPair(op.paymasterVerificationGasLimit ?? PAYMASTER_VERIFICATION_GAS, op.paymasterPostOpGasLimit ?? PAYMASTER_POST_OP_GAS),
        op.preVerificationGas,
        packPair(op.maxPriorityFeePerGas, op.maxFeePerGas),
        BigInt(ctx.chainId),
        ctx.paymaster,
        ctx.validUntil,
        ctx.validAfter,
      ],
    ),
  )
}

const window = (validUntil: number, validAfter: number): Hex => concat([pad(toHex(validUntil), { size: 6 }), pad(toHex(validAfter), { size: 6 })])

/** ERC-7677 `pm_getPaymasterStubData`'s answer: the paymaster, its gas limits and data shaped like the real one. */
export function stubPaymasterData(paymaster: Address, nowSeconds: number) {
  return {
    paymaster,
    paymasterData: concat([window(nowSeconds + SPONSORSHIP_SECONDS, 0), STUB_SIGNATURE]),
    paymasterVerificationGasLimit: numberToHex(PAYMASTER_VERIFICATION_GAS),
    paymasterPostOpGasLimit: numberToHex(PAYMASTER_POST_OP_GAS),
    sponsor: { name: 'Portico sandbox' },
    isFinal: false,
  }
}

/** ERC-7677 `pm_getPaymasterData`'s answer: the sponsor key's EIP-191 signature over the operation. */
export async function signedPaymasterData(op: RpcUserOperation, ctx: { chainId: number; paymaster: Address; sponsorKey: Hex; nowSeconds: number }) {
  const validUntil = ctx.nowSeconds + SPONSORSHIP_SECONDS
  const validAfter = 0
  const hash = sponsorHash(op, { chainId: ctx.chainId, paymaster: ctx.paymaster, validUntil, validAfter })
  const signature = await privateKeyToAccount(ctx.sponsorKey).signMessage({ message: { raw: hash } })
  return {
    paymaster: ctx.paymaster,
    paymasterData: concat([window(validUntil, validAfter), signature]),
    paymasterVerificationGasLimit: numberToHex(op.paymasterVerificationGasLimit ?? PAYMASTER_VERIFICATION_GAS),
    paymasterPostOpGasLimit: numberToHex(op.paymasterPostOpGasLimit ?? PAYMASTER_POST_OP_GAS),
  }
}
