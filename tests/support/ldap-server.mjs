// A real OpenLDAP directory for tests: Debian's slapd (installed by scripts/setup.mjs), its own slapd.conf
// (`slapd -f`) and mdb database in a temporary directory, listening on free loopback ports only (ldap:// with
// StartTLS, and ldaps://, both with a throw-away certificate). The directory is loaded offline with slapadd
// before the start: `dc=example,dc=org` with `ou=people` (USER_COUNT users) and `ou=staff` (two more).
// A disabled user is locked the way OpenLDAP does it, by the password-policy overlay's pwdAccountLockedTime:
// the directory itself then refuses the user's bind. stop() ends slapd and removes the directory.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.mjs';
import { throwAwayCertificate } from './test-certificate.mjs';
import { startDaemon } from './test-daemon.mjs';

const SLAPD = '/usr/sbin/slapd';
const SLAPADD = '/usr/sbin/slapadd';

export const LDAP_BASE = 'dc=example,dc=org';
export const LDAP_ADMIN_DN = `cn=admin,${LDAP_BASE}`;
export const LDAP_ADMIN_PASSWORD = 'directory-admin-secret';
export const LDAP_PEOPLE_OU = `ou=people,${LDAP_BASE}`;
export const LDAP_STAFF_OU = `ou=staff,${LDAP_BASE}`;
const POLICY_DN = `cn=default,ou=policies,${LDAP_BASE}`;
export const USER_COUNT = 26;
/** `ldapuser01` … `ldapuser26`; each one's password is `Dir-<uid>-pw`. */
export const ldapUid = (n) => `ldapuser${String(n).padStart(2, '0')}`;
export const ldapPassword = (uid) => `Dir-${uid}-pw`;
/** Locked in the directory (pwdAccountLockedTime). */
export const DISABLED_UID = 'ldapuser26';

export function slapdInstalled() {
  return existsSync(SLAPD) && existsSync(SLAPADD);
}

function entry(dn, attrs) {
  return [`dn: ${dn}`, ...attrs.map(([k, v]) => `${k}: ${v}`), ''].join('\n');
}

function directoryLdif() {
  const parts = [
    entry(LDAP_BASE, [
      ['objectClass', 'top'],
      ['objectClass', 'dcObject'],
      ['objectClass', 'organization'],
      ['o', 'Example'],
      ['dc', 'example'],
    ]),
    entry(LDAP_PEOPLE_OU, [
      ['objectClass', 'organizationalUnit'],
      ['ou', 'people'],
    ]),
    entry(LDAP_STAFF_OU, [
      ['objectClass', 'organizationalUnit'],
      ['ou', 'staff'],
    ]),
    entry(`ou=policies,${LDAP_BASE}`, [
      ['objectClass', 'organizationalUnit'],
      ['ou', 'policies'],
    ]),
    // The default password policy: without one the overlay ignores pwdAccountLockedTime.
    entry(POLICY_DN, [
      ['objectClass', 'applicationProcess'],
      ['objectClass', 'pwdPolicy'],
      ['cn', 'default'],
      ['pwdAttribute', 'userPassword'],
      ['pwdLockout', 'TRUE'],
    ]),
  ];
  const person = (ou, uid, name, extra = []) =>
    entry(`uid=${uid},${ou}`, [
      ['objectClass', 'inetOrgPerson'],
      ['uid', uid],
      ['cn', name],
      ['sn', name.split(' ').at(-1)],
      ['mail', `${uid}@example.org`],
      ['userPassword', ldapPassword(uid)],
      ...extra,
    ]);
  for (let n = 1; n <= USER_COUNT; n += 1) {
    const uid = ldapUid(n);
    parts.push(
      person(
        LDAP_PEOPLE_OU,
        uid,
        `Directory User ${n}`,
        uid === DISABLED_UID ? [['pwdAccountLockedTime', '000001010000Z']] : [],
      ),
    );
  }
  parts.push(
    person(LDAP_STAFF_OU, 'staffalice', 'Staff Alice'),
    person(LDAP_STAFF_OU, 'staffbob', 'Staff Bob'),
  );
  return parts.join('\n');
}

function slapdConf(dir) {
  return `include /etc/ldap/schema/core.schema
include /etc/ldap/schema/cosine.schema
include /etc/ldap/schema/inetorgperson.schema
include /etc/ldap/schema/nis.schema
modulepath /usr/lib/ldap
moduleload back_mdb
moduleload ppolicy
pidfile ${dir}/slapd.pid
TLSCertificateFile ${dir}/cert.pem
TLSCertificateKeyFile ${dir}/key.pem
database mdb
maxsize 16777216
suffix "${LDAP_BASE}"
rootdn "${LDAP_ADMIN_DN}"
rootpw ${LDAP_ADMIN_PASSWORD}
directory ${dir}/db
overlay ppolicy
ppolicy_default "${POLICY_DN}"
access to attrs=userPassword by self write by anonymous auth by * none
access to * by * read
`;
}

function canConnect(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts slapd. Returns `{ url, ldapsUrl, port, ldapsPort, certificate, stop() }`.
 */
export async function startLdapServer() {
  if (!slapdInstalled())
    throw new Error(
      'OpenLDAP server is missing: run `npm test` as root once (scripts/setup.mjs installs it), ' +
        'or: sudo apt-get install -y slapd ldap-utils',
    );
  const dir = mkdtempSync(path.join(tmpdir(), 'bastion-ldap-'));
  const certificate = throwAwayCertificate();
  writeFileSync(path.join(dir, 'cert.pem'), certificate.cert);
  writeFileSync(path.join(dir, 'key.pem'), certificate.key, { mode: 0o600 });
  mkdirSync(path.join(dir, 'db'));
  const conf = path.join(dir, 'slapd.conf');
  writeFileSync(conf, slapdConf(dir));
  writeFileSync(path.join(dir, 'data.ldif'), directoryLdif());
  execFileSync(SLAPADD, ['-f', conf, '-q', '-l', path.join(dir, 'data.ldif')], { stdio: 'pipe' });
  const port = await freePort();
  const ldapsPort = await freePort();
  // -d 0: stay in the foreground (a child of the test process) and log nothing.
  const daemon = await startDaemon({
    name: 'slapd',
    command: SLAPD,
    args: ['-f', conf, '-h', `ldap://127.0.0.1:${port}/ ldaps://127.0.0.1:${ldapsPort}/`, '-d', '0'],
    dir,
    ready: async () => (await canConnect(port)) && (await canConnect(ldapsPort)),
  });
  return {
    port,
    ldapsPort,
    url: `ldap://127.0.0.1:${port}`,
    ldapsUrl: `ldaps://127.0.0.1:${ldapsPort}`,
    certificate,
    dir,
    stop: daemon.stop,
  };
}

/** The throw-away certificate's PEM, for a test that reads it from a file. */
