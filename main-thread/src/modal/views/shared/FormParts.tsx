import type { ReactNode } from 'react'

/**
 * The shell of a feature's form (Send, Swap, Buy): a form the browser does not validate (the core
 * does), whose submit runs `onSubmit`, with its fields, what shows above the button (a form-level
 * error), the button, and what follows it.
 */
export function FormShell({
  className,
  onSubmit,
  submitLabel,
  submitDisabled,
  notice,
  after,
  children,
}: {
  className: string
  onSubmit(): void
  submitLabel: ReactNode
  submitDisabled?: boolean | undefined
  /** Above the button: the form's own error. */
  notice?: ReactNode
  /** After the button. */
  after?: ReactNode
  children: ReactNode
}) {
  return (
    <form
      className={className}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      {children}
      {notice}
      <button type="submit" className="portico-button" disabled={submitDisabled}>
        {submitLabel}
      </button>
      {after}
    </form>
  )
}

export type InputFieldProps = {
  id: string
  label: ReactNode
  value: string
  onChange(value: string): void
  /** The field's error, shown under it, announced, and naming the input invalid; null when there is none. */
  error: string | null
  errorId: string
  errorTestId?: string | undefined
  placeholder: string
  inputMode?: 'decimal' | undefined
  spellCheck?: boolean | undefined
  /** Ids of what always describes the input (a hint), after the error's. */
  describedBy?: string | undefined
  /** A button beside the input (Max): both go in one row. */
  action?: ReactNode
  /** Under the input, above the error (a hint, the name look-up's line). */
  children?: ReactNode
}

/** A labelled text input with its error: the same markup in Send, Swap and Buy. */
export function InputField({ id, label, value, onChange, error, errorId, errorTestId, placeholder, inputMode, spellCheck, describedBy, action, children }: InputFieldProps) {
  const described = error ? (describedBy ? `${errorId} ${describedBy}` : errorId) : describedBy
  const input = (
    <input
      id={id}
      className="portico-input"
      inputMode={inputMode}
      autoComplete="off"
      spellCheck={spellCheck}
      placeholder={placeholder}
      value={value}
      aria-invalid={error ? true : undefined}
      aria-describedby={described}
      onChange={(e) => onChange(e.target.value)}
    />
  )
  return (
    <div className="portico-field">
      <label className="portico-label" htmlFor={id}>
        {label}
      </label>
      {action ? (
        <div className="portico-input-row">
          {input}
          {action}
        </div>
      ) : (
        input
      )}
      {children}
      <FieldError id={errorId} testId={errorTestId}>
        {error}
      </FieldError>
    </div>
  )
}

/** An error shown in place and announced; nothing when there is none. */
export function FieldError({ id, testId, children }: { id?: string | undefined; testId?: string | undefined; children: string | null | undefined }) {
  return children ? (
    <p id={id} className="portico-field-error" role="alert" data-testid={testId}>
      {children}
    </p>
  ) : null
}

/** A labelled select of the Buy form (currency, payment method, token, network). */
export function SelectField<V extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string
  label: ReactNode
  value: V | ''
  options: readonly { value: V; label: ReactNode }[]
  onChange(value: V): void
}) {
  return (
    <div className="portico-field">
      <label className="portico-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="portico-input portico-select" value={value} onChange={(e) => onChange(e.target.value as V)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  )
}

/** One line of a summary: a term and its value. */
export type SummaryRow = { term: ReactNode; value: ReactNode; testId?: string | undefined; title?: string | undefined; className?: string | undefined }

/** The summary of a form, a review or a quote: terms and their values. */
export function Summary({ rows, testId }: { rows: readonly (SummaryRow | false | null | undefined)[]; testId?: string | undefined }) {
  return (
    <dl className="portico-summary" data-testid={testId}>
      {rows.map((row, i) =>
        row ? (
          <div key={i}>
            <dt>{row.term}</dt>
            <dd data-testid={row.testId} title={row.title} className={row.className}>
              {row.value}
            </dd>
          </div>
        ) : null,
      )}
    </dl>
  )
}
