/**
 * How long the sandbox's own calls to its chains (deploying, seeding, indexing, installing ERC-4337)
 * wait for an answer. viem's default (10 s) is too short on a loaded machine: `npm start` on a fresh
 * machine, while other installs ran, once stopped with "The request took too long to respond" during
 * the seed. Reads are retried too (chain-services.ts); sends are not (a retried send could land twice).
 */
export const SANDBOX_RPC_TIMEOUT_MS = 60_000
