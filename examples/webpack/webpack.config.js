// Portico in a webpack 5 build. The core's worker files need nothing here: `@portico/react` spawns
// them as `new SharedWorker(new URL('@portico/worker-core/shared-worker', import.meta.url))`, which
// webpack 5 resolves from node_modules and emits as worker chunks. The one step a webpack host takes:
// copy the prebuilt service worker to the root of the output.
import { createRequire } from 'node:module'
import CopyPlugin from 'copy-webpack-plugin'
import HtmlWebpackPlugin from 'html-webpack-plugin'
import webpack from 'webpack'

const require = createRequire(import.meta.url)

// The sandbox of `npm start` by default; PORTICO_* at build time point elsewhere (see src/config.ts).
const ENV = ['PORTICO_CHAIN_A_RPC', 'PORTICO_CHAIN_B_RPC', 'PORTICO_API_URL', 'PORTICO_CATALOGUE_URL', 'PORTICO_RELAY_URL']

/** @type {import('webpack').Configuration} */
export default {
  entry: './src/main.tsx',
  output: { path: new URL('./dist', import.meta.url).pathname, filename: '[name].[contenthash].js', publicPath: '/', clean: true },
  resolve: { extensions: ['.tsx', '.ts', '.js'] },
  module: {
    rules: [
      { test: /\.tsx?$/, loader: 'ts-loader', options: { transpileOnly: true }, exclude: /node_modules/ },
      // @portico/react imports its stylesheets from the modal's chunks.
      { test: /\.css$/, use: ['style-loader', 'css-loader'] },
    ],
  },
  plugins: [
    new HtmlWebpackPlugin({ template: './index.html' }),
    new webpack.DefinePlugin(Object.fromEntries(ENV.map((name) => [`process.env.${name}`, JSON.stringify(process.env[name] ?? null)]))),
    // Portico's service worker, prebuilt in the package: served from the root of the origin.
    new CopyPlugin({ patterns: [{ from: require.resolve('@portico/service-worker/portico-service-worker.js'), to: 'portico-service-worker.js' }] }),
  ],
  devtool: 'source-map',
  performance: { hints: false },
}
