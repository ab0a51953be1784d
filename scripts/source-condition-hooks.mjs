// Node module hooks (registered by scripts/source-condition.mjs): every import is resolved with the
// `@portico/source` export condition too, so Node code of this workspace (the sandbox, the
// end-to-end tests, the bench) runs Portico's packages from their sources, never from a stale dist/.
export const SOURCE_CONDITION = '@portico/source'

export async function resolve(specifier, context, nextResolve) {
  const conditions = context.conditions ?? []
  return nextResolve(specifier, conditions.includes(SOURCE_CONDITION) ? context : { ...context, conditions: [...conditions, SOURCE_CONDITION] })
}
