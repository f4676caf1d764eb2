// OpenID Provider for tests/api/oidc.rs and the browser test.
// Run: PORT=0 node tests/oidc/provider.mjs  → prints `listening http://127.0.0.1:<port>`.
import http from 'node:http';
import { createHash, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import Provider from 'oidc-provider';

const SCOPE = 'openid profile email';

// oidc-provider prints its notices with console.info; stdout is reserved for
// the `listening` line, so send them to stderr.
console.info = console.error;

// Map-based adapter shared by every Provider instance, so clients (and other
// state) survive key rotation. The models check `exp` themselves, so entries
// are never expired here; the process is short-lived.
const store = new Map();
class MemoryAdapter {
  constructor(model) { this.model = model; }
  key(id) { return `${this.model}:${id}`; }
  async upsert(id, payload) { store.set(this.key(id), payload); }
  async find(id) { return store.get(this.key(id)); }
  async findByUid(uid) {
    return [...store.entries()].find(([k, p]) => k.startsWith('Session:') && p.uid === uid)?.[1];
  }
  async consume(id) { store.get(this.key(id)).consumed = Math.floor(Date.now() / 1000); }
  async destroy(id) { store.delete(this.key(id)); }
  async revokeByGrantId(grantId) {
    for (const [k, p] of store) if (p.grantId === grantId) store.delete(k);
  }
}

// Per-exchange ID token lifetimes for /test/token, keyed by authorization code.
const idTokenTtls = new Map();

function newKey() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

function newProvider(issuer, key) {
  const provider = new Provider(issuer, {
    adapter: MemoryAdapter,
    jwks: { keys: [key] },
    cookies: { keys: ['oidc-test-cookie-key-1', 'oidc-test-cookie-key-2'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, name: sub, email: `${sub}@example.test`, email_verified: true }),
    }),
    claims: { openid: ['sub'], profile: ['name'], email: ['email', 'email_verified'] },
    // Put the granted scopes' claims in the ID token, not only at userinfo.
    conformIdTokenClaims: false,
    ttl: { IdToken: (ctx) => idTokenTtls.get(ctx?.oidc?.params?.code) ?? 3600 },
  });
  provider.on('server_error', (ctx, err) => console.error('server_error:', err));
  return { provider, handler: provider.callback(), kid: key.kid };
}

let current; // { provider, handler, kid }; replaced by /test/rotate
let issuer;

const readBody = (req) => new Promise((resolve, reject) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => resolve(Buffer.concat(chunks).toString()));
  req.on('error', reject);
});

function send(res, status, body) {
  if (body === undefined) return res.writeHead(status).end();
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

// Logs the account in and grants the requested scopes in one step (no consent page).
async function finishInteraction(req, res, provider, details, accountId) {
  const { params, grantId } = details;
  const grant = (grantId && await provider.Grant.find(grantId))
    ?? new provider.Grant({ accountId, clientId: params.client_id });
  grant.addOIDCScope(params.scope);
  const result = { consent: { grantId: await grant.save() } };
  if (details.prompt.name === 'login') result.login = { accountId };
  await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
}

async function interaction(req, res, isLogin) {
  const { provider } = current;
  const details = await provider.interactionDetails(req, res);
  if (isLogin) {
    const account = new URLSearchParams(await readBody(req)).get('account');
    if (!account) return send(res, 400, { error: 'account is required' });
    return finishInteraction(req, res, provider, details, account);
  }
  // Already logged in, only consent missing: grant it without asking.
  if (details.prompt.name === 'consent') {
    return finishInteraction(req, res, provider, details, details.session.accountId);
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test provider</title><link rel="icon" href="data:,"></head>
<body><main><h1>Test provider</h1>
<form method="post" action="/interaction/${details.uid}/login">
<label for="account">Account</label><input id="account" name="account" required>
<button type="submit">Sign in</button>
</form></main></body></html>`);
}

// Cookie jar for one /test/token flow; every cookie goes with every request
// (paths are ignored, which is harmless against this provider).
function cookieJar() {
  const jar = new Map();
  return {
    header: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    store(res) {
      for (const c of res.headers.getSetCookie()) {
        const [, name, value] = c.match(/^([^=]+)=([^;]*)/);
        if (value) jar.set(name, value); else jar.delete(name);
      }
    },
  };
}

// Runs a real authorization code + PKCE flow against ourselves, returns the ID token.
async function mintToken({ client_id, sub, nonce, ttl }) {
  const client = await current.provider.Client.find(client_id);
  if (!client) throw Object.assign(new Error(`unknown client ${client_id}`), { status: 400 });
  const redirectUri = client.redirectUris[0];
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(8).toString('hex');
  const auth = new URL('/auth', issuer);
  auth.search = new URLSearchParams({
    client_id, response_type: 'code', redirect_uri: redirectUri, scope: SCOPE, state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256', ...(nonce !== undefined && { nonce }),
  });

  const jar = cookieJar();
  let url = auth.href;
  let init = {};
  for (let hops = 0; hops < 10; hops++) {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...init.headers, cookie: jar.header() } });
    jar.store(res);
    const location = res.headers.get('location');
    if (!location) throw new Error(`flow stopped at ${url}: ${res.status} ${await res.text()}`);
    url = new URL(location, url).href;
    init = {};
    if (url.startsWith(redirectUri)) break;
    // Instead of rendering the login page, post the account straight to it.
    if (new URL(url).pathname.startsWith('/interaction/')) {
      url += '/login';
      init = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ account: sub }) };
    }
  }
  const params = new URL(url).searchParams;
  const code = params.get('code');
  if (!code || params.get('state') !== state) throw new Error(`authorization failed: ${url}`);

  const headers = { 'content-type': 'application/x-www-form-urlencoded' };
  const form = { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier };
  if (client.clientSecret) {
    const cred = `${encodeURIComponent(client_id)}:${encodeURIComponent(client.clientSecret)}`;
    headers.authorization = `Basic ${Buffer.from(cred).toString('base64')}`;
  } else {
    form.client_id = client_id;
  }
  if (ttl !== undefined) idTokenTtls.set(code, ttl);
  try {
    const res = await fetch(new URL('/token', issuer), { method: 'POST', headers, body: new URLSearchParams(form) });
    const body = await res.json();
    if (!res.ok) throw new Error(`token endpoint: ${res.status} ${JSON.stringify(body)}`);
    return body.id_token;
  } finally {
    idTokenTtls.delete(code);
  }
}

async function testApi(req, res, route) {
  const body = req.method === 'POST' ? JSON.parse((await readBody(req)) || '{}') : {};
  switch (route) {
    case 'POST /test/clients': {
      const { client_id, redirect_uris, client_secret } = body;
      if (typeof client_id !== 'string' || !Array.isArray(redirect_uris) || !redirect_uris.length) {
        return send(res, 400, { error: 'client_id and redirect_uris are required' });
      }
      const metadata = {
        client_id, redirect_uris, grant_types: ['authorization_code'], response_types: ['code'], scope: SCOPE,
        // client_secret_basic also accepts client_secret_post in oidc-provider.
        ...(client_secret
          ? { client_secret, token_endpoint_auth_method: 'client_secret_basic' }
          : { token_endpoint_auth_method: 'none' }),
      };
      await current.provider.Client.validate(metadata); // throws invalid_client_metadata (400)
      // Client.find reads dynamic clients from the adapter's Client model on each lookup.
      await new MemoryAdapter('Client').upsert(client_id, metadata);
      return send(res, 204);
    }
    case 'POST /test/token': {
      const { client_id, sub, nonce, ttl } = body;
      if (typeof client_id !== 'string' || typeof sub !== 'string' || !sub
        || (ttl !== undefined && !(Number.isInteger(ttl) && ttl >= 1))) {
        return send(res, 400, { error: 'client_id and sub are required; ttl must be an integer >= 1' });
      }
      return send(res, 200, { id_token: await mintToken({ client_id, sub, nonce, ttl }) });
    }
    case 'POST /test/rotate':
      current = newProvider(issuer, newKey());
      return send(res, 200, { kid: current.kid });
    case 'GET /test/kid':
      return send(res, 200, { kid: current.kid });
    default:
      return send(res, 404, { error: 'not found' });
  }
}

const server = http.createServer(async (req, res) => {
  try {
    const { pathname } = new URL(req.url, issuer);
    const interactionPath = pathname.match(/^\/interaction\/[^/]+(\/login)?$/);
    if (pathname.startsWith('/test/')) {
      await testApi(req, res, `${req.method} ${pathname}`);
    } else if (interactionPath && req.method === (interactionPath[1] ? 'POST' : 'GET')) {
      await interaction(req, res, Boolean(interactionPath[1]));
    } else {
      current.handler(req, res);
    }
  } catch (err) {
    console.error(err);
    const status = err.status ?? (err instanceof SyntaxError ? 400 : 500);
    if (!res.headersSent) send(res, status, { error: err.error_description ?? err.message });
  }
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  issuer = `http://127.0.0.1:${server.address().port}`;
  current = newProvider(issuer, newKey());
  console.log(`listening ${issuer}`);
});

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
