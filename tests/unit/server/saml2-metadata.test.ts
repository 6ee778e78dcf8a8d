// The IdP metadata this console can use, and PEM pasted on one line (docs/auth-radius-saml.md#settings).
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MetadataError, parseIdpMetadata } from '../../../server/src/sso/saml2-idp-metadata';
import { normalisePem } from '../../../server/src/sso/saml2-settings';
import { wrongRecipient } from '../../../server/src/sso/saml2-service-provider';
import { throwAwayCertificate } from '../../support/test-certificate.mjs';

const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';

const metadata = (inner: string, wrap = (x: string) => x) =>
  wrap(`<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.example/meta">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">${inner}</md:IDPSSODescriptor>
</md:EntityDescriptor>`);

describe('parseIdpMetadata', () => {
  it('needs an HTTP-Redirect single sign-on service', () => {
    expect(() =>
      parseIdpMetadata(
        metadata(`<md:SingleSignOnService Binding="${POST}" Location="https://idp.example/sso"/>`),
      ),
    ).toThrow(/no SingleSignOnService with the HTTP-Redirect binding/);
  });

  it('needs a signing certificate that parses', () => {
    const sso = `<md:SingleSignOnService Binding="${REDIRECT}" Location="https://idp.example/sso"/>`;
    expect(() => parseIdpMetadata(metadata(sso))).toThrow(MetadataError);
    const junk = `<md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>bm90IGEgY2VydA==</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`;
    expect(() => parseIdpMetadata(metadata(`${junk}${sso}`))).toThrow(/no signing certificate/);
  });

  it('reads addresses with their XML escapes undone (an SSO URL with a query)', () => {
    const body = throwAwayCertificate()
      .cert.replace(/-----[A-Z ]+-----/g, '')
      .replace(/\s+/g, '');
    const key = `<md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${body}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`;
    const sso = `<md:SingleSignOnService Binding="${REDIRECT}" Location="https://idp.example/sso?tenant=a&amp;app=b"/>`;
    const read = parseIdpMetadata(metadata(`${key}${sso}`));
    expect(read.ssoUrl).toBe('https://idp.example/sso?tenant=a&app=b');
    expect(read.certs).toHaveLength(1);
  });

  it('refuses what is not XML or describes no IdP', () => {
    expect(() => parseIdpMetadata('<md:EntityDescriptor')).toThrow(/not XML/);
    expect(() => parseIdpMetadata('<x/>')).toThrow(/no EntityDescriptor with an IDPSSODescriptor/);
  });
});

describe('normalisePem', () => {
  it('rewraps a PEM block whose line breaks were lost', () => {
    const { publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 1024 });
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const flat = pem.replace(/\n/g, ' ');
    expect(normalisePem(flat)).toBe(pem);
    expect(crypto.createPublicKey(normalisePem(flat)).equals(publicKey)).toBe(true);
  });

  it('keeps other text as it is, trimmed', () => {
    expect(normalisePem('  not a pem ')).toBe('not a pem');
  });
});

describe('wrongRecipient', () => {
  const response = (attrs: string, recipient: string) =>
    Buffer.from(
      `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ${attrs}><saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion"><saml:Subject><saml:SubjectConfirmation><saml:SubjectConfirmationData ${recipient}/></saml:SubjectConfirmation></saml:Subject></saml:Assertion></samlp:Response>`,
    ).toString('base64');
  const acs = 'https://console.example/core/auth/saml2/callback/';

  it('accepts our ACS, or no address at all', () => {
    expect(wrongRecipient(response(`Destination="${acs}"`, `Recipient="${acs}"`), acs)).toBeNull();
    expect(wrongRecipient(response('', ''), acs)).toBeNull();
  });

  it('names another destination or recipient', () => {
    expect(wrongRecipient(response('Destination="https://other.example/acs"', ''), acs)).toContain(
      'other.example',
    );
    expect(wrongRecipient(response('', 'Recipient="https://other.example/acs"'), acs)).toContain(
      'other.example',
    );
  });
});
