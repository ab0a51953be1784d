// `process.env.PORTICO_*`: replaced at build time by webpack's DefinePlugin (webpack.config.js).
declare const process: { env: Record<string, string | null | undefined> }
