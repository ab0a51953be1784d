import type { SqlDriver } from './driver.ts'

/**
 * The frame database's schema, one migration per version, applied in order inside one transaction
 * each and recorded in `schema_migrations`. Never edit an applied migration: add the next one.
 * Times are milliseconds since the epoch (`double precision`: exact for integers, read as numbers
 * by both drivers).
 */
export const MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: 'users, devices, sessions, codes, pending logins, rate limits',
    sql: `
CREATE TABLE users (
  id text PRIMARY KEY,
  email text UNIQUE,
  social_provider text,
  social_subject text,
  social_user_name text,
  address text NOT NULL UNIQUE,
  -- The private key, AES-256-GCM: 'v1.<key id>.<iv>.<tag>.<ciphertext>' (base64url), the user id as associated data.
  encrypted_key text NOT NULL,
  chain_id integer NOT NULL,
  preferred_account_type text NOT NULL,
  created_at double precision NOT NULL,
  UNIQUE (social_provider, social_subject),
  CHECK ((social_provider IS NULL) = (social_subject IS NULL))
);
CREATE TABLE devices (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  device_id text NOT NULL,
  confirmed_at double precision NOT NULL,
  PRIMARY KEY (user_id, device_id)
);
CREATE TABLE sessions (
  -- SHA-256 of the bearer token (hex); the token itself is never stored.
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  project_id text NOT NULL,
  origin text NOT NULL,
  created_at double precision NOT NULL,
  last_used_at double precision NOT NULL,
  expires_at double precision NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE TABLE codes (
  purpose text NOT NULL,
  subject text NOT NULL,
  -- HMAC-SHA256 of the code under a key derived from the frame key (hex).
  code_hmac text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  data jsonb NOT NULL DEFAULT '{}',
  expires_at double precision NOT NULL,
  PRIMARY KEY (purpose, subject)
);
CREATE TABLE pending_logins (
  kind text NOT NULL,
  -- SHA-256 of what names it (a device link, a social state, a Farcaster channel token), or its key.
  key_hash text NOT NULL,
  -- SHA-256 of the browser session's binding secret, when the login is bound to one.
  binding_hash text,
  data jsonb NOT NULL DEFAULT '{}',
  expires_at double precision NOT NULL,
  PRIMARY KEY (kind, key_hash)
);
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  window_start double precision NOT NULL,
  count integer NOT NULL
);
`,
  },
  {
    version: 2,
    name: "each user's Solana key (ed25519), sealed like the EVM key",
    sql: `
ALTER TABLE users ADD COLUMN solana_address text UNIQUE;
-- The ed25519 seed, AES-256-GCM like encrypted_key, with '<user id>/solana' as associated data (neither key opens in the other's place).
ALTER TABLE users ADD COLUMN encrypted_solana_key text;
`,
  },
  {
    version: 3,
    name: 'sessions: a public id and a device label, listed and ended by their user',
    sql: `
-- What names a session to its user (the list of sessions, ending one): random, unlike the token's hash it opens nothing.
ALTER TABLE sessions ADD COLUMN id text NOT NULL DEFAULT gen_random_uuid()::text;
CREATE UNIQUE INDEX sessions_id ON sessions (id);
-- A short name of the browser and system the session was made on ('Firefox on Linux'), from its User-Agent; null until the frame page reported it.
ALTER TABLE sessions ADD COLUMN device_label text;
`,
  },
  {
    version: 4,
    name: "users' passkeys (WebAuthn credentials whose relying party is the frame's origin)",
    sql: `
CREATE TABLE passkeys (
  -- The credential's id (base64url), as the authenticator names it.
  credential_id text PRIMARY KEY,
  -- What names the passkey to its user (listing, removing): random, it opens nothing.
  id text NOT NULL UNIQUE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The COSE public key (base64url) and the relying party (the frame's host) it was made for.
  public_key text NOT NULL,
  rp_id text NOT NULL,
  -- The authenticator's signature counter: an assertion must raise it (when it counts at all).
  counter bigint NOT NULL,
  transports text NOT NULL,
  name text NOT NULL,
  created_at double precision NOT NULL,
  last_used_at double precision
);
CREATE INDEX passkeys_user ON passkeys (user_id);
`,
  },
  {
    version: 5,
    name: "users' authenticator-app second factor (TOTP) and its recovery codes",
    sql: `
CREATE TABLE totp (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  -- The shared secret (base32), sealed like the keys with '<user id>/totp' as associated data.
  secret text NOT NULL,
  enabled boolean NOT NULL,
  -- The last 30-second step a code was taken for: a code is good once, never for an earlier step.
  last_step bigint NOT NULL,
  created_at double precision NOT NULL
);
CREATE TABLE recovery_codes (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  PRIMARY KEY (user_id, code_hash)
);
`,
  },
  {
    version: 6,
    name: "a social user's verified email, where the service writes to (never a way in)",
    sql: `
ALTER TABLE users ADD COLUMN social_email text;
`,
  },
]

/** Applies the migrations the database lacks; answers the version it is at. */
export async function migrate(db: SqlDriver): Promise<number> {
  await db.query('CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())')
  for (const migration of MIGRATIONS) {
    await db.transaction(async (tx) => {
      // One migrator at a time (several frame services on one PostgreSQL server).
      await tx.query('SELECT pg_advisory_xact_lock(72617001)')
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version])
      if (done.length > 0) return
      for (const statement of migration.sql
        .split(/;\s*\n/)
        .map((s) => s.trim())
        .filter((s) => s !== ''))
        await tx.query(statement)
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name])
    })
  }
  const [row] = await db.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations')
  return row?.version ?? 0
}
