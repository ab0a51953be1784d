import type { Feature } from '../feature.ts'

/** The one write path: the page hands each step to its wallet and the core does the rest. */
export const writesApi: Feature<'prepareWrite' | 'validateWrite' | 'simulateCalls' | 'markWriteAsked' | 'submitWriteResult'> = (_ctx, { writes }) => ({
  prepareWrite: async (intent) => (await writes()).prepare(intent),
  validateWrite: async (intent) => (await writes()).validate(intent),
  simulateCalls: async (params) => (await writes()).simulate(params),
  markWriteAsked: async (writeId) => (await writes()).markAsked(writeId),
  submitWriteResult: async (writeId, answer) => (await writes()).submit(writeId, answer),
})
