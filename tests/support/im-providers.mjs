// The other party of the WeCom, DingTalk, FeiShu, Alibaba Cloud SMS and Tencent Cloud SMS calls
// (docs/auth-im-sms.md#reaching-the-providers): one HTTPS server on loopback with a throw-away certificate,
// speaking each provider's documented request and answer shapes, checking their signatures, and keeping
// what it was sent for the tests to read. The server reaches it through BASTION_PROVIDER_ORIGINS.
import crypto from 'node:crypto';
import https from 'node:https';
import { throwAwayCertificate } from './test-certificate.mjs';

/** The provider hosts this server stands in for. */
export const PROVIDER_HOSTS = [
  'qyapi.weixin.qq.com',
  'open.work.weixin.qq.com',
  'oapi.dingtalk.com',
  'open.feishu.cn',
  'dysmsapi.aliyuncs.com',
  'sms.tencentcloudapi.com',
];

const percent = (value) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256 = (text) => crypto.createHash('sha256').update(text).digest('hex');
const hmac = (key, text) => crypto.createHmac('sha256', key).update(text).digest();

function readBody(request) {
  return new Promise((resolve) => {
    const chunks = [];
    request.on('data', (c) => chunks.push(c));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

/** Alibaba Cloud's RPC signature check (HMAC-SHA1 over the sorted, encoded query). */
function alibabaSignatureOk(query, secret) {
  const params = Object.fromEntries([...query.entries()].filter(([k]) => k !== 'Signature'));
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${percent(k)}=${percent(params[k])}`)
    .join('&');
  const expected = crypto
    .createHmac('sha1', `${secret}&`)
    .update(`GET&${percent('/')}&${percent(canonical)}`)
    .digest('base64');
  return expected === query.get('Signature');
}

/** Tencent Cloud's TC3-HMAC-SHA256 check against the Host header this server received. */
function tencentSignatureOk(request, payload, secretId, secretKey) {
  const auth = String(request.headers.authorization ?? '');
  const match =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/sms\/tc3_request, SignedHeaders=content-type;host, Signature=([0-9a-f]+)$/.exec(
      auth,
    );
  if (!match || match[1] !== secretId) return false;
  const date = match[2];
  const timestamp = String(request.headers['x-tc-timestamp'] ?? '');
  if (new Date(Number(timestamp) * 1000).toISOString().slice(0, 10) !== date) return false;
  const canonical = [
    'POST',
    '/',
    '',
    `content-type:${request.headers['content-type']}`,
    `host:${request.headers.host}`,
    '',
    'content-type;host',
    sha256(payload),
  ].join('\n');
  const toSign = ['TC3-HMAC-SHA256', timestamp, `${date}/sms/tc3_request`, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(`TC3${secretKey}`, date), 'sms'), 'tc3_request');
  return crypto.createHmac('sha256', key).update(toSign).digest('hex') === match[3];
}

export async function startImProviders() {
  const { key, cert } = throwAwayCertificate();
  const apps = {
    wecom: { id: 'ww-test-corp', agentId: '1000002', secret: 'wecom-secret' },
    dingtalk: { id: 'ding-test-key', agentId: '2000003', secret: 'dingtalk-secret' },
    feishu: { id: 'cli_test_app', secret: 'feishu-secret' },
  };
  const sms = {
    alibaba: { id: 'LTAI-test', secret: 'alibaba-secret' },
    tencent: { id: 'AKID-test', secret: 'tencent-secret' },
  };
  const tokens = new Map(); // token → source
  const codes = new Map(); // one-time code → { source, userId }
  const scanning = { wecom: null, dingtalk: null, feishu: null };
  const received = { sms: [], messages: [] };
  let seq = 0;
  const issue = (source) => {
    const token = `${source}-token-${++seq}-${crypto.randomBytes(6).toString('hex')}`;
    tokens.set(token, source);
    return token;
  };
  const tokenOf = (source, value) => tokens.get(value) === source;

  const handle = async (request, url, body) => {
    const q = url.searchParams;
    const json = body
      ? (() => {
          try {
            return JSON.parse(body);
          } catch {
            return {};
          }
        })()
      : {};
    const bearer = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
    const qrBack = (source, redirectUri, state) => {
      const person = scanning[source];
      if (!person) return { status: 200, html: `<p>Nobody scanned the ${source} code.</p>` };
      const code = `${source}-code-${crypto.randomBytes(8).toString('hex')}`;
      codes.set(code, { source, userId: person });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', state);
      return { status: 302, location: back.href };
    };
    const takeCode = (source, code) => {
      const entry = codes.get(code);
      codes.delete(code);
      return entry?.source === source ? entry.userId : null;
    };
    switch (`${request.method} ${url.pathname}`) {
      // WeCom
      case 'GET /wwopen/sso/qrConnect':
        if (q.get('appid') !== apps.wecom.id || q.get('agentid') !== apps.wecom.agentId)
          return { status: 200, html: '<p>Unknown application.</p>' };
        return qrBack('wecom', q.get('redirect_uri'), q.get('state'));
      case 'GET /cgi-bin/gettoken':
        if (q.get('corpid') !== apps.wecom.id || q.get('corpsecret') !== apps.wecom.secret)
          return { errcode: 40001, errmsg: 'invalid credential' };
        return { errcode: 0, errmsg: 'ok', access_token: issue('wecom'), expires_in: 7200 };
      case 'GET /cgi-bin/user/getuserinfo': {
        if (!tokenOf('wecom', q.get('access_token')))
          return { errcode: 40014, errmsg: 'invalid access_token' };
        const userId = takeCode('wecom', q.get('code'));
        if (!userId) return { errcode: 40029, errmsg: 'invalid code' };
        return { errcode: 0, errmsg: 'ok', UserId: userId };
      }
      case 'POST /cgi-bin/message/send':
        if (!tokenOf('wecom', q.get('access_token')))
          return { errcode: 40014, errmsg: 'invalid access_token' };
        received.messages.push({
          source: 'wecom',
          to: String(json.touser ?? '').split('|'),
          text: json.text?.content,
        });
        return { errcode: 0, errmsg: 'ok' };
      // DingTalk
      case 'GET /connect/qrconnect':
        if (q.get('appid') !== apps.dingtalk.id) return { status: 200, html: '<p>Unknown application.</p>' };
        return qrBack('dingtalk', q.get('redirect_uri'), q.get('state'));
      case 'GET /gettoken':
        if (q.get('appkey') !== apps.dingtalk.id || q.get('appsecret') !== apps.dingtalk.secret)
          return { errcode: 40089, errmsg: 'invalid appkey or appsecret' };
        return { errcode: 0, errmsg: 'ok', access_token: issue('dingtalk'), expires_in: 7200 };
      case 'POST /sns/getuserinfo_bycode': {
        const expected = crypto
          .createHmac('sha256', apps.dingtalk.secret)
          .update(q.get('timestamp') ?? '')
          .digest('base64');
        if (q.get('accessKey') !== apps.dingtalk.id || q.get('signature') !== expected)
          return { errcode: 853004, errmsg: 'signature mismatch' };
        const userId = takeCode('dingtalk', json.tmp_auth_code);
        if (!userId) return { errcode: 40078, errmsg: 'invalid tmp_auth_code' };
        return {
          errcode: 0,
          errmsg: 'ok',
          user_info: { nick: userId, unionid: `union-${userId}`, openid: `open-${userId}` },
        };
      }
      case 'POST /topapi/user/getbyunionid':
        if (!tokenOf('dingtalk', q.get('access_token')))
          return { errcode: 40014, errmsg: 'invalid access_token' };
        return {
          errcode: 0,
          errmsg: 'ok',
          result: { userid: String(json.unionid ?? '').replace(/^union-/, ''), contact_type: 0 },
        };
      case 'POST /topapi/message/corpconversation/asyncsend_v2':
        if (!tokenOf('dingtalk', q.get('access_token')))
          return { errcode: 40014, errmsg: 'invalid access_token' };
        if (String(json.agent_id) !== apps.dingtalk.agentId)
          return { errcode: 40056, errmsg: 'invalid agentid' };
        received.messages.push({
          source: 'dingtalk',
          to: String(json.userid_list ?? '').split(','),
          text: json.msg?.text?.content,
        });
        return { errcode: 0, errmsg: 'ok', task_id: ++seq };
      // FeiShu
      case 'GET /open-apis/authen/v1/index':
        if (q.get('app_id') !== apps.feishu.id) return { status: 200, html: '<p>Unknown application.</p>' };
        return qrBack('feishu', q.get('redirect_uri'), q.get('state'));
      case 'POST /open-apis/auth/v3/tenant_access_token/internal':
      case 'POST /open-apis/auth/v3/app_access_token/internal': {
        if (json.app_id !== apps.feishu.id || json.app_secret !== apps.feishu.secret)
          return { code: 10014, msg: 'app secret invalid' };
        const name = url.pathname.includes('tenant') ? 'tenant_access_token' : 'app_access_token';
        return { code: 0, msg: 'ok', [name]: issue('feishu'), expire: 7200 };
      }
      case 'POST /open-apis/authen/v1/access_token': {
        if (!tokenOf('feishu', bearer)) return { code: 99991663, msg: 'invalid app access token' };
        const userId = json.grant_type === 'authorization_code' ? takeCode('feishu', json.code) : null;
        if (!userId) return { code: 20003, msg: 'invalid code' };
        return { code: 0, msg: 'success', data: { user_id: userId, access_token: `u-${seq}` } };
      }
      case 'POST /open-apis/message/v4/batch_send/':
        if (!tokenOf('feishu', bearer)) return { code: 99991663, msg: 'invalid tenant access token' };
        received.messages.push({ source: 'feishu', to: json.user_ids ?? [], text: json.content?.text });
        return { code: 0, msg: 'ok', data: { message_id: `m-${++seq}` } };
      // Alibaba Cloud SMS (GET /?Action=SendSms…) and Tencent Cloud SMS (POST / with X-TC-Action)
      case 'GET /': {
        if (q.get('Action') !== 'SendSms' || q.get('Version') !== '2017-05-25')
          return { Code: 'InvalidAction', Message: 'unknown action' };
        if (q.get('AccessKeyId') !== sms.alibaba.id)
          return { Code: 'InvalidAccessKeyId.NotFound', Message: 'Specified access key is not found.' };
        if (!alibabaSignatureOk(q, sms.alibaba.secret))
          return {
            Code: 'SignatureDoesNotMatch',
            Message: 'Specified signature is not matched with our calculation.',
          };
        const code = JSON.parse(q.get('TemplateParam') ?? '{}').code;
        received.sms.push({ backend: 'alibaba', phone: q.get('PhoneNumbers'), code });
        return { Code: 'OK', Message: 'OK', BizId: `biz-${++seq}`, RequestId: crypto.randomUUID() };
      }
      case 'POST /': {
        const requestId = crypto.randomUUID();
        if (request.headers['x-tc-action'] !== 'SendSms')
          return {
            Response: { Error: { Code: 'InvalidAction', Message: 'unknown action' }, RequestId: requestId },
          };
        if (!tencentSignatureOk(request, body, sms.tencent.id, sms.tencent.secret))
          return {
            Response: {
              Error: {
                Code: 'AuthFailure.SignatureFailure',
                Message: 'The provided credentials could not be validated.',
              },
              RequestId: requestId,
            },
          };
        const phone = String(json.PhoneNumberSet?.[0] ?? '');
        received.sms.push({
          backend: 'tencent',
          phone: phone.replace(/^\+86/, ''),
          code: json.TemplateParamSet?.[0],
        });
        return {
          Response: {
            SendStatusSet: [{ Code: 'Ok', Message: 'send success', PhoneNumber: phone }],
            RequestId: requestId,
          },
        };
      }
      default:
        return { status: 404, html: 'not found' };
    }
  };

  const server = https.createServer({ key, cert }, async (request, response) => {
    const body = await readBody(request);
    const url = new URL(request.url ?? '/', 'https://provider.invalid');
    const answer = await handle(request, url, body);
    if (answer.location) {
      response.writeHead(302, { location: answer.location });
      response.end();
    } else if (answer.html !== undefined) {
      response.writeHead(answer.status ?? 200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(answer.html);
    } else {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer));
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${server.address().port}`;
  return {
    origin,
    certificate: cert,
    /** BASTION_PROVIDER_ORIGINS's value: every provider host to this server. */
    origins: Object.fromEntries(PROVIDER_HOSTS.map((host) => [host, origin])),
    apps,
    sms,
    received,
    /** Who "scans" the QR code of `source` next (the provider's user id), or null for nobody. */
    scanAs(source, userId) {
      scanning[source] = userId;
    },
    /** What a browser gets from a provider page this server answers: where it redirects, or its text. */
    visit(url) {
      return new Promise((resolve, reject) => {
        https
          .get(url, { ca: cert }, (response) => {
            let text = '';
            response.on('data', (c) => (text += c));
            response.on('end', () =>
              resolve({ status: response.statusCode, location: response.headers.location ?? null, text }),
            );
          })
          .on('error', reject);
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(resolve);
      }),
  };
}
