/**
 * vf's Trusted Types policy (core/trustedTypes.ts) in Chromium, which has Trusted Types: it makes
 * the browser's trusted values only of the vf server's first-paint HTML (once each), of the
 * script addresses vf was configured to load, and of JSON; it throws for anything else. Its
 * enforcement by a page's Content-Security-Policy: test/e2e/csp.test.ts.
 */
import { expect } from '@open-wc/testing';
import { createVfTrustedTypes } from '../../core/trustedTypes.ts';

interface TrustedTypeChecks {
  isHTML(value: unknown): boolean;
  isScriptURL(value: unknown): boolean;
  isScript(value: unknown): boolean;
}
const browserTypes = () => (window as unknown as { trustedTypes: TrustedTypeChecks }).trustedTypes;

describe('the vf Trusted Types policy', () => {
  it('passes the HTML of a first-paint answer once, and no other HTML', () => {
    const trusted = createVfTrustedTypes();
    const painted = '<section class="vf-conversations"><h2>3 comments</h2></section>';
    expect(() => trusted.html(painted)).to.throw(TypeError, 'HTML not from the vf server');
    trusted.vouchForServerHtml(painted);
    const html = trusted.html(painted);
    expect(browserTypes().isHTML(html)).to.equal(true);
    expect(String(html)).to.equal(painted);
    expect(() => trusted.html(painted)).to.throw(TypeError, 'HTML not from the vf server', 'once each');
    expect(() => trusted.html('<img src=x onerror="alert(1)">')).to.throw(TypeError);
  });

  it('passes only the script addresses vf was configured to load', () => {
    const trusted = createVfTrustedTypes();
    const vendor = 'https://vendor.example/tag.js';
    trusted.vouchForScriptUrl(vendor);
    expect(browserTypes().isScriptURL(trusted.scriptUrl(vendor))).to.equal(true);
    expect(browserTypes().isScriptURL(trusted.scriptUrl(vendor))).to.equal(true, 'as often as it is loaded');
    for (const foreign of ['https://evil.example/x.js', 'https://vendor.example/tag.js?x=1', 'javascript:alert(1)', 'data:text/javascript,alert(1)']) {
      expect(() => trusted.scriptUrl(foreign), foreign).to.throw(TypeError, 'not a script vf loads');
    }
  });

  it('writes only JSON into a script', () => {
    const trusted = createVfTrustedTypes();
    expect(browserTypes().isScript(trusted.json('{"@context":"https://schema.org","@type":"DiscussionForumPosting"}'))).to.equal(true);
    for (const code of ['alert(1)', '{"a":1};alert(1)', '']) expect(() => trusted.json(code), code).to.throw(SyntaxError);
  });
});
