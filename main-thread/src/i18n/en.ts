import type core from './locales/core.en.ts'

/** The modal's message keys: those of the English texts; every other language has exactly these. */
export type MessageKey = keyof typeof core
export type Messages = Record<MessageKey, string>
