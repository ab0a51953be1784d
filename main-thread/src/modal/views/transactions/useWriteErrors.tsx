import { useState } from 'react'
import type { WriteError, WriteField } from '@portico/shared-types/write'
import { usePorticoUi } from '../../../context.ts'
import { useMessages } from '../../../i18n/useMessages.ts'
import { WRITE_ERROR_MESSAGES, writeErrorMessage } from '../../../i18n/writeErrors.ts'
import { FieldError } from '../shared/FormParts.tsx'

export type WriteErrors = Partial<Record<WriteField | 'form', WriteError>>

/**
 * Where a write flow's errors show, the same in every feature view: a field's error next to its
 * field; an error found while checking (gas, offline, a moved quote) above the form's button; an error
 * of the wallet or the node as a notification (SPEC.md §8). `onError` hears every one (events).
 */
export function useWriteErrors(onError?: (error: WriteError) => void) {
  const ui = usePorticoUi()
  const t = useMessages(WRITE_ERROR_MESSAGES)
  const [errors, setErrors] = useState<WriteErrors>({})
  const message = (error: WriteError) => writeErrorMessage(t, error)
  const fail = (error: WriteError, stage: 'check' | 'send') => {
    setErrors(error.field ? { [error.field]: error } : stage === 'check' ? { form: error } : {})
    if (!error.field && stage === 'send') ui.notify('error', message(error))
    onError?.(error)
  }
  return { errors, setErrors, fail, message }
}

/** A write error shown in place and announced; nothing when there is none. */
export function WriteErrorText({ id, error, message }: { id?: string | undefined; error: WriteError | undefined; message: (error: WriteError) => string }) {
  return <FieldError id={id}>{error ? message(error) : null}</FieldError>
}
