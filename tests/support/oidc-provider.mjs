// A real OpenID Connect provider on loopback inside the test process (npm oidc-provider): the other party of
// the console's OpenID sign-in (docs/auth-sources.md#openid-connect), as the SMTP and LDAP servers are for
// mail and the directory. Its login page is oidc-provider's own development page (any password for a
// known account name; consent granted at once), which a browser test fills in as a person would.
//   - `accounts`: account name → { name, email } claims; an unknown name signs in with only its username.
//   - `signInAtProvider(authUrl, login)`: the same page driven over HTTP for the api tests; returns the URL
//     the provider sends the browser back to (the console's callback with `code` and `state`).
import http from 'node:http';
import crypto from 'node:crypto';
import Provider from 'oidc-provider';
import { listen } from './loopback-http.mjs';

/** Starts the provider for one client. Returns `{ issuer, clientId, clientSecret, signInAtProvider, close }`. */
export async function startOidcProvider({ redirectBase, accounts = {} }) {
  let handler = (_req, res) => res.writeHead(503).end();
  const server = http.createServer((req, res) => handler(req, res));
  const port = await listen(server);
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'bastion-console';
  const clientSecret = crypto.randomBytes(24).toString('hex');
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${redirectBase}/core/auth/openid/callback/`],
        post_logout_redirect_uris: [`${redirectBase}/core/auth/login/`],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    cookies: { keys: [crypto.randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        claims: async () => ({ sub, preferred_username: sub, ...(accounts[sub] ?? {}) }),
      };
    },
    // The consent is the test's, not the person's: every scope the console asks for is granted.
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid profile email');
      await grant.save();
      return grant;
    },
  });
  handler = provider.callback();

  async function signInAtProvider(authUrl, login) {
    const jar = new Map();
    const step = async (url, init = {}, withText = false) => {
      const headers = new Headers(init.headers);
      if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
      const response = await fetch(url, { ...init, headers, redirect: 'manual' });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      const text = await response.text();
      return withText ? { headers: response.headers, status: response.status, text } : response;
    };
    let url = authUrl;
    for (let hop = 0; hop < 10; hop++) {
      const response = await step(url);
      const location = response.headers.get('location');
      if (!location) throw new Error(`the provider answered ${response.status} at ${url}`);
      const next = new URL(location, url);
      if (next.origin !== issuer) return next.href;
      if (/\/interaction\/[^/]+$/.test(next.pathname)) {
        const page = await step(next.href, {}, true);
        const prompt = page.text.includes('value="consent"') ? 'consent' : 'login';
        const posted = await step(next.href, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt }),
        });
        const resume = posted.headers.get('location');
        if (!resume) throw new Error(`the provider's login answered ${posted.status}`);
        url = new URL(resume, next).href;
        continue;
      }
      url = next.href;
    }
    throw new Error('the provider kept redirecting');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    signInAtProvider,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
