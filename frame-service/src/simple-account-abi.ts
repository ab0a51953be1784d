import type { Abi } from 'viem'

/**
 * A SimpleAccount's own entry points (ERC-4337 v0.8 BaseAccount): one call, or a batch. Shared by the
 * frame's approval (what a user operation will do) and the indexer (what a mined one did); no Node code
 * here, so the frame's page bundle can take it.
 */
export const simpleAccountAbi = [
  {
    type: 'function',
    name: 'execute',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'target', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'data', type: 'bytes' },
    ],
    outputs: [],
  },
  {
    type: 'function',
    name: 'executeBatch',
    stateMutability: 'nonpayable',
    inputs: [
      {
        name: 'calls',
        type: 'tuple[]',
        components: [
          { name: 'target', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'data', type: 'bytes' },
        ],
      },
    ],
    outputs: [],
  },
] as const satisfies Abi
